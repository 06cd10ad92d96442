// The spread-or-exact uncoarsening (multilevel/uncoarsen.hpp, issue 24): the exact variant runs
// beside the spread one only on coarse levels, and the partition is the one both variants run to
// the finest level gave (31 blocks, connectivity 3,095: test_spread_saving.cpp).
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/hypergraph/hypergraph.hpp"
#include "io/graph_io.hpp"
#include "tests/algorithms/partitioning/constrained_runs.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using Space = Kokkos::DefaultExecutionSpace;

TEST_CASE("uncoarsening: the exact variant competes on coarse levels only") {
  auto h = mirror_hypergraph<Space::memory_space>(io::load_hypergraph(test::k_small_vgg));
  PartitionParams p = test::constrained_params(128, 512);
  p.fewest_blocks = FewestBlocks::search;  // the finer level's packing these numbers come from
  p.constrained_fm = ConstrainedFm::off;  // the parallel refinement alone (with the FM: the case below)
  const auto [r, q] = test::run_and_evaluate(h, p);
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
  auto h = mirror_hypergraph<Space::memory_space>(io::load_hypergraph(test::k_small_vgg));
  PartitionParams p = test::constrained_params(128, 512);
  p.fewest_blocks = FewestBlocks::search;  // the values below are the search's packing
  p.constrained_fm = ConstrainedFm::all;
  for (const bool spread : {true, false}) {
    p.spread_saving = spread;
    const auto [r, q] = test::run_and_evaluate(h, p);
    CHECK(q.valid);
    CHECK(r.num_parts == 31);
    CHECK(q.connectivity == (spread ? 2925 : 3087));
  }
  p.spread_saving.reset();
  auto quality = [&](std::optional<ConstrainedFm> fm) {
    p.constrained_fm = fm;
    return test::run_and_evaluate(h, p).quality;
  };
  const auto finest = quality(ConstrainedFm::finest);
  CHECK(finest.valid);
  CHECK(finest.connectivity == quality(std::nullopt).connectivity);  // auto: the finest level
  CHECK(finest.connectivity < quality(ConstrainedFm::off).connectivity);
}

TEST_CASE("uncoarsening: --refine-level-ratio projects through the levels close to the last refined one") {
  // The VGG's levels: 899 (the coarsest, where the spread and exact variants are decided: at most
  // 3,914 / 8 nodes is no level), 1,188, 1,670, 2,455, 3,914.
  auto h = mirror_hypergraph<Space::memory_space>(io::load_hypergraph(test::k_small_vgg));
  PartitionParams p = test::constrained_params(128, 512);
  p.fewest_blocks = FewestBlocks::search;
  p.constrained_fm = ConstrainedFm::off;
  auto refined = [&](double ratio) {
    p.refine_level_ratio = ratio;
    const auto [r, q] = test::run_and_evaluate(h, p);
    CHECK(q.valid);
    std::vector<vid_t> nodes;
    for (const auto& level : r.refined_levels) nodes.push_back(level.nodes);
    return nodes;
  };
  CHECK(refined(1.0) == std::vector<vid_t>{899, 1188, 1670, 2455, 3914});
  CHECK(refined(1.3) == std::vector<vid_t>{899, 1188, 1670, 2455, 3914});
  CHECK(refined(2.0) == std::vector<vid_t>{899, 2455, 3914});  // 1,670 < 2 x 899
  CHECK(refined(1e9) == std::vector<vid_t>{899, 3914});        // the coarsest and the finest
}

TEST_CASE("uncoarsening: after two refined levels without a move, levels close to the last are projected through") {
  // A rewired network in small (64k-rand's kind: every block at Delta, so refinement finds no valid
  // move on the coarse levels). Its levels: 35 (the coarsest), 36, 39, 46, 71, 96, 128, 195, 329,
  // 574, 1,024. 35 and 36 move nothing, so 39, 46 and 71 (< 2 x 36) are projected through. From 128
  // on (1,024 / 8) every level decides between the spread and exact variants while neither has
  // moved a node, so each is refined. Refining every level gives the same partition (checked when
  // the rule was written: 35 blocks, connectivity 10,165, the same blocks).
  auto h = mirror_hypergraph<Space::memory_space>(io::load_hypergraph("gen:nn:random,neurons=1024,fanout=16,seed=1"));
  PartitionParams p = test::constrained_params(4096, 322);
  const auto [r, q] = test::run_and_evaluate(h, p);
  CHECK(q.valid);
  CHECK(r.num_parts == 35);
  CHECK(q.connectivity == 10165);
  std::vector<vid_t> nodes;
  for (const auto& level : r.refined_levels) nodes.push_back(level.nodes);
  CHECK(nodes == std::vector<vid_t>{35, 36, 96, 128, 195, 329, 574, 1024});
}
