// The constrained coarsening tail (issue 14): nodes that share their whole inbound set through
// unscored (large) nets used to stay unpaired forever, one block each; the tail detector ends
// stalled coarsening and initial packing merges the clusters. The k-way tail (issue 25): a level
// that pairs too few of its nodes ends coarsening (CoarseningParams::kway_min_shrink).
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

// A dense layer: `inputs` source nodes, each with one net to all `outputs` nodes. Every output
// reads the same `inputs` nets; with nets larger than max_scored_net_size no pair is scored.
HostHypergraph dense_layer(vid_t inputs, vid_t outputs) {
  HypergraphInput in;
  in.directed = true;
  in.num_nodes = inputs + outputs;
  std::vector<vid_t> out;
  for (vid_t o = 0; o < outputs; ++o) out.push_back(inputs + o);
  for (vid_t i = 0; i < inputs; ++i) in.add_net({i}, out, 1);
  return build_hypergraph(in);
}

PartitionParams dense_params() {
  PartitionParams p;
  p.mode = PartitionMode::constrained;
  p.max_block_weight = 16;
  p.max_inbound_nets = 30;  // one output reads 24 nets; the old sum estimate for a pair was 48
  p.coarsening.max_scored_net_size = 16;  // the 41-pin nets are not scored: outputs are isolated
  return p;
}

template <class Space>
PartitionResult<typename Space::memory_space> run(const HostHypergraph& host, const PartitionParams& p) {
  auto h = mirror_hypergraph<typename Space::memory_space>(host);
  return partition_hypergraph(Space{}, h, p);
}

template <class Space>
PartitionQuality quality_of(const HostHypergraph& host, const PartitionResult<typename Space::memory_space>& r,
                            const PartitionParams& p) {
  auto h = mirror_hypergraph<typename Space::memory_space>(host);
  return evaluate_partition(Space{}, h, Kokkos::View<const part_t*, typename Space::memory_space>(r.parts),
                            constraints_of(p));
}


}  // namespace

TEST_CASE_TEMPLATE_DEFINE("coarsening tail: outputs sharing unscored inbound nets coarsen and pack", Space, dense_cases) {
  const auto host = dense_layer(24, 40);
  const auto p = dense_params();
  const auto r = run<Space>(host, p);
  const auto q = quality_of<Space>(host, r, p);
  CHECK(q.valid);
  // 64 nodes, Omega 16: 4 blocks (every output block has the same 24 inbound nets). The old
  // scheme paired no output (24 + 24 > 30) and gave one block per output: 40 and more.
  CHECK(r.num_parts == 4);
  CHECK(r.coarsening_stop == "target");
  CHECK(r.level_nodes.size() <= 6);
  // Deterministic, and the same on the host backend.
  CHECK(test::to_vector(run<Space>(host, p).parts) == test::to_vector(r.parts));
  CHECK(test::to_vector(run<Kokkos::DefaultHostExecutionSpace>(host, p).parts) == test::to_vector(r.parts));
}
TEST_CASE_TEMPLATE_APPLY(dense_cases, tessera::test::ExecSpaces);

TEST_CASE_TEMPLATE_DEFINE("coarsening tail: stalled levels end coarsening and packing still reaches few blocks", Space,
                          stall_cases) {
  const auto host = test::random_local_hypergraph(400, 600, 5, 5);
  PartitionParams p;
  p.mode = PartitionMode::constrained;
  p.max_block_weight = 32;
  p.max_inbound_nets = 40;
  // Every level pairs less than 90% of its nodes: the first stalls (the next proposes with all
  // candidates), the second stalls too and ends coarsening after two levels.
  p.coarsening.stall_fraction = 0.9;
  p.fewest_blocks = FewestBlocks::search;
  const auto r = run<Space>(host, p);
  CHECK(r.coarsening_stop == "stalled");
  CHECK(r.level_nodes.size() == 3);
  CHECK(quality_of<Space>(host, r, p).valid);
  CHECK(r.num_parts < r.level_nodes.back());  // packing merged clusters
  auto one_pass = p;
  one_pass.algorithm = PartitionAlgorithm::one_pass;
  CHECK(r.num_parts <= run<Space>(host, one_pass).num_parts);
  CHECK(test::to_vector(run<Kokkos::DefaultHostExecutionSpace>(host, p).parts) == test::to_vector(r.parts));
}
TEST_CASE_TEMPLATE_APPLY(stall_cases, tessera::test::ExecSpaces);

TEST_CASE_TEMPLATE_DEFINE("coarsening tail: a k-way level that pairs too few nodes ends coarsening", Space, shrink_cases) {
  const auto host = test::random_local_hypergraph(400, 600, 5, 5);
  PartitionParams p;
  p.mode = PartitionMode::kway;
  p.k = 2;
  p.epsilon = 0.03;
  p.coarsening.kway_nodes_per_block = 10;  // a target of 20 nodes: several levels
  p.hierarchies = 1;
  p.vcycles = 0;
  p.scheme = KwayScheme::direct;
  const auto full = run<Space>(host, p);
  CHECK(full.coarsening_stop != "min_shrink");  // the default 1 %: not reached here
  REQUIRE(full.level_nodes.size() > 3);
  // Every level pairs fewer than 90% of its nodes: the first ends coarsening, contracted.
  p.coarsening.kway_min_shrink = 0.9;
  const auto r = run<Space>(host, p);
  CHECK(r.coarsening_stop == "min_shrink");
  CHECK(r.level_nodes.size() == 2);
  CHECK(r.level_nodes[1] == full.level_nodes[1]);
  CHECK(quality_of<Space>(host, r, p).valid);
  CHECK(test::to_vector(run<Kokkos::DefaultHostExecutionSpace>(host, p).parts) == test::to_vector(r.parts));
  // The constrained mode ignores it.
  PartitionParams c;
  c.mode = PartitionMode::constrained;
  c.max_block_weight = 32;
  c.max_inbound_nets = 40;
  c.coarsening.kway_min_shrink = 0.9;
  CHECK(run<Space>(host, c).coarsening_stop != "min_shrink");
}
TEST_CASE_TEMPLATE_APPLY(shrink_cases, tessera::test::ExecSpaces);
