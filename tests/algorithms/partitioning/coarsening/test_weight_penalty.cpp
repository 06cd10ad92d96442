// --weight-penalty auto: coarsening scores pairs as the paper does until a level pairs fewer than
// slow_level_pairs of its nodes (not so few that it stalled), then divides scores by w(n) w(m).
// On the Allen-style model the first levels grow a few heavy clusters that every neighbour
// proposes to; the penalty spreads the proposals and halves the levels.
#include <doctest/doctest.h>

#include "algorithms/partitioning/multilevel/partition_options.hpp"
#include "algorithms/partitioning/multilevel/partition_report.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "io/generators/nn_hypergraph.hpp"

using namespace tessera;

namespace {

PartitionParams allen_params(const char* penalty) {
  PartitionParams p;
  p.mode = PartitionMode::constrained;
  p.max_block_weight = 128;
  p.max_inbound_nets = 100000;
  apply_partition_option(p, "weight-penalty", penalty);
  return p;
}

}  // namespace

TEST_CASE("weight penalty auto: switches on at the first slow level and shortens coarsening") {
  const auto h = build_hypergraph(gen::generate_nn_hypergraph("nn:allen,neurons=1500,fanout=40,seed=3"));
  const auto paper = partition_and_evaluate(h, allen_params("0"), ExecutionTarget::host);
  const auto automatic = partition_and_evaluate(h, allen_params("auto"), ExecutionTarget::host);
  CHECK(paper.penalty_from_level == 0);
  CHECK(automatic.penalty_from_level == 7);
  CHECK(paper.level_nodes.size() == 27);
  CHECK(automatic.level_nodes.size() == 14);
  // The levels before the switch are the paper's.
  for (std::size_t l = 0; l < 7; ++l) CHECK(automatic.level_nodes[l] == paper.level_nodes[l]);
  CHECK(paper.quality.valid);
  CHECK(automatic.quality.valid);
  CHECK(automatic.num_parts == paper.num_parts);
  // Penalty 2 from the first level is a different run: auto is not a synonym for it.
  const auto product = partition_and_evaluate(h, allen_params("2"), ExecutionTarget::host);
  CHECK(product.penalty_from_level == 0);
  CHECK(product.level_nodes != automatic.level_nodes);
  CHECK(product.level_nodes != paper.level_nodes);
}

TEST_CASE("weight penalty option: 0, 1, 2 and auto; anything else is a usage error") {
  PartitionParams p;
  apply_partition_option(p, "weight-penalty", "auto");
  CHECK(p.coarsening.weight_penalty == k_weight_penalty_auto);
  apply_partition_option(p, "weight-penalty", "1");
  CHECK(p.coarsening.weight_penalty == 1);
  CHECK_THROWS_AS(apply_partition_option(p, "weight-penalty", "3"), UserError);
  CHECK_THROWS_AS(apply_partition_option(p, "weight-penalty", "Auto"), UserError);
}
