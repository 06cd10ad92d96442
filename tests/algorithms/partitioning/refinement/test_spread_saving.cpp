// Spread leaving scores in refinement (RefinementParams::spread_saving, issue 24): exact block
// counts and connectivity through the driver, with and without them, and the option's parsing.
#include <doctest/doctest.h>

#include <optional>

#include "algorithms/partitioning/multilevel/partition_options.hpp"
#include "core/error.hpp"
#include "core/hypergraph/hypergraph.hpp"
#include "io/graph_io.hpp"
#include "tests/algorithms/partitioning/constrained_runs.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

TEST_CASE("spread leaving scores: lower connectivity on a packed network, same blocks") {
  using Space = Kokkos::DefaultExecutionSpace;
  // A small VGG under small cores (Omega 128, Delta 512): 31 blocks either way. Exact gains
  // (paper Eq. 13) stop after a few repetitions a level (no single neuron disconnects a net);
  // the spread phase moves groups of them out of a net's minority blocks: 3,160 -> 3,095.
  auto h = mirror_hypergraph<Space::memory_space>(io::load_hypergraph(test::k_small_vgg));
  PartitionParams p = test::constrained_params(128, 512);
  p.fewest_blocks = FewestBlocks::search;  // the finer level's packing these numbers come from
  p.constrained_fm = ConstrainedFm::off;  // the parallel refinement's own values (test_uncoarsen.cpp: with it)
  struct Case {
    std::optional<bool> spread;
    part_t blocks;
    weight_t connectivity;
  };
  for (const Case& c : {Case{std::nullopt, 31, 3095}, Case{true, 31, 3095}, Case{false, 31, 3160}}) {
    p.spread_saving = c.spread;
    const auto [r, q] = test::run_and_evaluate(h, p);
    CHECK(q.valid);
    CHECK(r.num_parts == c.blocks);
    CHECK(q.connectivity == c.connectivity);
  }
}

TEST_CASE("spread-saving option: on, off, auto; anything else rejected") {
  PartitionParams p;
  apply_partition_option(p, "spread-saving", "off");
  CHECK(p.spread_saving == std::optional<bool>(false));
  apply_partition_option(p, "spread-saving", "on");
  CHECK(p.spread_saving == std::optional<bool>(true));
  apply_partition_option(p, "spread-saving", "auto");
  CHECK(!p.spread_saving.has_value());
  CHECK_THROWS_AS(apply_partition_option(p, "spread-saving", "maybe"), UserError);
}
