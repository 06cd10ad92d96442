// The spread-or-exact uncoarsening (multilevel/uncoarsen.hpp, issue 24): the exact variant runs
// beside the spread one only on coarse levels, and the partition is the one both variants run to
// the finest level gave (31 blocks, connectivity 3,095: test_spread_saving.cpp).
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"
#include "core/hypergraph/hypergraph.hpp"
#include "io/graph_io.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

TEST_CASE("uncoarsening: the exact variant competes on coarse levels only") {
  using Space = Kokkos::DefaultExecutionSpace;
  const auto host = io::load_hypergraph("gen:nn:vgg,input=16,width=0.0625");
  auto h = mirror_hypergraph<Space::memory_space>(host);
  PartitionParams p;
  p.mode = PartitionMode::constrained;
  p.max_block_weight = 128;
  p.max_inbound_nets = 512;
  p.fewest_blocks = FewestBlocks::search;  // the finer level's packing these numbers come from
  p.constrained_fm = ConstrainedFm::off;  // the parallel refinement alone (with the FM: the case below)
  const auto r = partition_hypergraph(Space{}, h, p);
  const auto q = evaluate_partition(Space{}, h, Kokkos::View<const part_t*, Space::memory_space>(r.parts),
                                    constraints_of(p));
  CHECK(r.num_parts == 31);
  CHECK(q.connectivity == 3095);
  CHECK(r.refinement_variant == "spread");
  CHECK(r.exact_variant_levels == 1);
  CHECK(static_cast<int>(r.refined_levels.size()) == 5);

  p.spread_saving = false;
  const auto off = partition_hypergraph(Space{}, h, p);
  CHECK(off.refinement_variant == "none");
  CHECK(off.exact_variant_levels == 0);
}

TEST_CASE("uncoarsening: constrained FM after every level, and after the finest (auto)") {
  // The same VGG: 31 blocks, connectivity 3,095 -> 2,925 with spread scores, 3,160 -> 3,087 without.
  using Space = Kokkos::DefaultExecutionSpace;
  const auto host = io::load_hypergraph("gen:nn:vgg,input=16,width=0.0625");
  auto h = mirror_hypergraph<Space::memory_space>(host);
  PartitionParams p;
  p.mode = PartitionMode::constrained;
  p.max_block_weight = 128;
  p.max_inbound_nets = 512;
  p.fewest_blocks = FewestBlocks::search;  // the values below are the search's packing
  p.constrained_fm = ConstrainedFm::all;
  for (const bool spread : {true, false}) {
    p.spread_saving = spread;
    const auto r = partition_hypergraph(Space{}, h, p);
    const auto q = evaluate_partition(Space{}, h, Kokkos::View<const part_t*, Space::memory_space>(r.parts),
                                      constraints_of(p));
    CHECK(q.valid);
    CHECK(r.num_parts == 31);
    CHECK(q.connectivity == (spread ? 2925 : 3087));
  }
  p.spread_saving.reset();
  auto quality = [&](std::optional<ConstrainedFm> fm) {
    p.constrained_fm = fm;
    const auto r = partition_hypergraph(Space{}, h, p);
    return evaluate_partition(Space{}, h, Kokkos::View<const part_t*, Space::memory_space>(r.parts), constraints_of(p));
  };
  const auto finest = quality(ConstrainedFm::finest);
  CHECK(finest.valid);
  CHECK(finest.connectivity == quality(std::nullopt).connectivity);  // auto: the finest level
  CHECK(finest.connectivity < quality(ConstrainedFm::off).connectivity);
}
