// Streamed neighbour rows kept once a coarse level's rows fit the budget (issue 23, --neighbors
// auto over budget, coarsening/level_neighbors.hpp): the partition is the one of streaming at
// every level (--neighbors off), byte for byte, whatever the memory (which level keeps them) and
// the batches.
#include <doctest/doctest.h>

#include <Kokkos_Core.hpp>

#include <random>
#include <utility>
#include <vector>

#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"
#include "tests/support/memory_cap.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

struct Run {
  std::vector<part_t> parts;  // then the block count
  int kept_from = 0;
};

template <class Space>
Run streamed(const HostHypergraph& host, PartitionParams p, vid_t batch_nodes = 0,
             NeighborRows rows = NeighborRows::automatic) {
  p.coarsening.neighbors = rows;
  p.coarsening.neighbor_batch_nodes = batch_nodes;
  const auto r = partition_hypergraph(Space{}, mirror_hypergraph<typename Space::memory_space>(host), p);
  Run out{test::to_vector(r.parts), r.neighbor_rows_kept_from};
  out.parts.push_back(r.num_parts);
  CHECK(r.neighbor_rows == "streamed");
  return out;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("streamed rows: kept from the first level that fits, the partition of pure streaming", Space,
                          kept_cases) {
  const auto h = test::random_local_hypergraph(2000, 4000, 8, 7);
  PartitionParams p;
  p.max_block_weight = 64;
  p.max_inbound_nets = 80;
  // --neighbors off: every level streams, whatever the memory.
  const Run pure = streamed<Space>(h, p, 0, NeighborRows::streamed);
  CHECK(pure.kept_from == 0);
  {
    test::MemoryCap tiny(1024);  // auto with a budget of 38 entries: every level streams too
    const Run none = streamed<Space>(h, p);
    CHECK(none.kept_from == 0);
    CHECK(none.parts == pure.parts);
  }
  // Auto within 1 MiB (39,321 entries): the finest levels stream, a later one keeps its rows.
  test::MemoryCap cap(std::uint64_t(1) << 20);
  const Run later = streamed<Space>(h, p);
  CHECK(later.kept_from == 3);
  CHECK(later.parts == pure.parts);
  for (vid_t batch : {1, 3, 64}) CHECK_MESSAGE(streamed<Space>(h, p, batch).parts == pure.parts, "batch " << batch);
}
TEST_CASE_TEMPLATE_APPLY(kept_cases, tessera::test::ExecSpaces);

TEST_CASE_TEMPLATE_DEFINE("streamed rows: nets shrinking to a scored size are taken in", Space, shrink_cases) {
  for (unsigned seed : {1u, 4u}) {
    const auto h = test::local_nets(1500, 2500, test::LocalNets{}, seed);  // 3-15 pins, shrinking to a scored size
    PartitionParams p;
    p.max_block_weight = 48;
    p.max_inbound_nets = 200;
    p.coarsening.max_scored_net_size = 6;
    const Run pure = streamed<Space>(h, p, 0, NeighborRows::streamed);
    test::MemoryCap cap(std::uint64_t(1) << 18);  // 256 KiB: the finest rows do not fit, coarse ones do
    const Run kept = streamed<Space>(h, p);
    CHECK(kept.kept_from >= 1);
    CHECK_MESSAGE(kept.parts == pure.parts, "seed " << seed);
    CHECK_MESSAGE(streamed<Space>(h, p, 7).parts == pure.parts, "seed " << seed);
  }
}
TEST_CASE_TEMPLATE_APPLY(shrink_cases, tessera::test::ExecSpaces);
