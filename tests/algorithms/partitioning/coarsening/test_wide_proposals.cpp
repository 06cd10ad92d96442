// Wide proposals (coarsening/propose_pairs.hpp): on a GPU, levels of few nodes with many nets each
// take a thread per incident net instead of the team over each net's pins. Integer scores make
// the mapping invisible: the partition is the host's, byte for byte.
#include <doctest/doctest.h>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "algorithms/partitioning/coarsening/propose_pairs.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "tests/algorithms/partitioning/constrained_runs.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

// 200 draws among the 300 ids after the source, about 146 distinct (600 nodes, 3,000 nets: about
// 740 nets a node, like the coarse tail of a rewired SNN).
const test::LocalNets dense_tail{200, 200, 300, 4};

template <class Space>
std::vector<part_t> blocks_of(const HostHypergraph& host, const PartitionParams& p) {
  const auto r = test::run_and_evaluate<Space>(mirror_hypergraph<typename Space::memory_space>(host), p);
  CHECK(r.quality.valid);
  std::vector<part_t> parts = test::to_vector(r.result.parts);
  parts.push_back(r.result.num_parts);
  return parts;
}

}  // namespace

// The level shape wide_proposal_team reads.
struct Shape {
  vid_t num_nodes;
  eid_t pins;
  eid_t num_pins() const { return pins; }
};

TEST_CASE("wide proposals: only for levels too small to fill a GPU whose nodes have many nets") {
  using partitioning::wide_proposal_team;
  CHECK(wide_proposal_team(Shape{600, 444000}, 600) == 64);        // 740 nets a node: not 8 per thread of 128
  CHECK(wide_proposal_team(Shape{600, 444000}, 20000) == 0);       // enough rows to fill the GPU
  CHECK(wide_proposal_team(Shape{6000, 444000}, 6000) == 0);       // 74 nets a node
  CHECK(wide_proposal_team(Shape{206, 13000000}, 206) == 1024);    // 64k-rand's last level
  CHECK(wide_proposal_team(Shape{2745, 16900000}, 2745) == 128);   // and its level 11 (2^19 threads)
}

TEST_CASE_TEMPLATE_DEFINE("wide proposals: the partition of the host", Space, wide_cases) {
  const auto h = test::local_nets(600, 3000, dense_tail, 3);
  PartitionParams p = test::constrained_params(24, 3000);
  const auto expected = blocks_of<Kokkos::DefaultHostExecutionSpace>(h, p);
  CHECK(blocks_of<Space>(h, p) == expected);
  p.coarsening.neighbors = NeighborRows::streamed;
  CHECK(blocks_of<Space>(h, p) == blocks_of<Kokkos::DefaultHostExecutionSpace>(h, p));
}
TEST_CASE_TEMPLATE_APPLY(wide_cases, test::ExecSpaces);
