// Coarsening in batches over nodes (coarsening/neighbor_batches.hpp): the batch plan is exact,
// and the partition is the same, byte for byte, whatever the batch size.
#include <doctest/doctest.h>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "algorithms/partitioning/coarsening/neighbor_batches.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"
#include "tests/support/memory_cap.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

Kokkos::View<eid_t*, Kokkos::HostSpace> row_map(const std::vector<eid_t>& offsets) {
  Kokkos::View<eid_t*, Kokkos::HostSpace> v("test::row_map", offsets.size());
  for (std::size_t i = 0; i < offsets.size(); ++i) v(i) = offsets[i];
  return v;
}

template <class Space>
std::vector<part_t> partition_with_batch(const HostHypergraph& host, PartitionParams p, vid_t batch_nodes) {
  p.coarsening.neighbor_batch_nodes = batch_nodes;
  const auto h = mirror_hypergraph<typename Space::memory_space>(host);
  const auto r = partition_hypergraph(Space{}, h, p);
  std::vector<part_t> parts = test::to_vector(r.parts);
  parts.push_back(r.num_parts);
  return parts;
}

}  // namespace

TEST_CASE("neighbour batches: consecutive rows within the entry and row limits, a large row alone") {
  // Rows of 3, 1, 4, 1, 5, 9, 2, 6 entries.
  const auto rows = row_map({0, 3, 4, 8, 9, 14, 23, 25, 31});
  partitioning::BatchLimits limits;
  limits.max_entries = 8;
  const auto b = partitioning::plan_row_batches(rows, 8, 31, limits);
  CHECK(b.rows == std::vector<vid_t>{0, 3, 5, 6, 8});  // 8, 6, 9 (one row over the limit), 8 entries
  CHECK(b.entries == std::vector<eid_t>{0, 8, 14, 23, 31});
  CHECK(b.max_entries == 9);
  CHECK(b.max_rows == 3);
  limits.max_rows = 2;
  const auto c = partitioning::plan_row_batches(rows, 8, 31, limits);
  CHECK(c.rows == std::vector<vid_t>{0, 2, 4, 5, 6, 8});
  CHECK(c.max_rows == 2);
  // Within both limits: one batch, the row map not read.
  limits = {};
  const auto one = partitioning::plan_row_batches(rows, 8, 31, limits);
  CHECK(one.count() == 1);
  CHECK(one.max_entries == 31);
}

TEST_CASE("neighbour batches: the entry limit comes from an eighth of the available memory") {
  const auto limits = partitioning::batch_limits(std::uint64_t(80) << 20, 7);
  CHECK(limits.max_entries == (std::int64_t(80) << 20) / 8 / 20);
  CHECK(limits.max_rows == 7);
  CHECK(partitioning::batch_limits(100, 0).max_entries == partitioning::k_min_batch_entries);
  CHECK(partitioning::batch_limits(std::uint64_t(1) << 20, 0).max_entries == 6553);
}

TEST_CASE_TEMPLATE_DEFINE("neighbour batches: the same partition whatever the batch size", Space, batch_cases) {
  for (unsigned seed : {2u, 5u}) {
    const auto h = test::random_local_hypergraph(300, 450, 6, seed, seed == 5);
    std::vector<PartitionParams> runs;
    PartitionParams constrained;
    constrained.max_block_weight = 24;
    constrained.max_inbound_nets = 30;
    constrained.seed = seed;
    runs.push_back(constrained);
    constrained.coarsening.neighbors = NeighborRows::streamed;  // rows rebuilt at every level
    runs.push_back(constrained);
    PartitionParams kway;
    kway.mode = PartitionMode::kway;
    kway.k = 4;
    kway.initial_trials = 2;
    runs.push_back(kway);
    for (const auto& p : runs) {
      const auto whole = partition_with_batch<Space>(h, p, 0);
      for (vid_t batch : {1, 3, 64})
        CHECK_MESSAGE(partition_with_batch<Space>(h, p, batch) == whole, "seed " << seed << " batch " << batch);
    }
  }
  // Batches sized from memory: a 1 MiB budget gives batches of 6,553 entries, and this
  // hypergraph's oversized rows hold many times that. (Rows kept whatever the memory: auto would
  // stream them under the cap, see the next test.)
  const auto h = test::random_local_hypergraph(2000, 4000, 8, 7);
  PartitionParams p;
  p.max_block_weight = 64;
  p.max_inbound_nets = 80;
  p.coarsening.neighbors = NeighborRows::materialised;
  const auto whole = partition_with_batch<Space>(h, p, 0);
  test::MemoryCap cap(std::uint64_t(1) << 20);
  CHECK(partition_with_batch<Space>(h, p, 0) == whole);
  // A coarse row longer than a whole batch under the smallest budget (k_min_batch_entries keys):
  // nodes in six random nets of 1,000 pins have ~2,700 distinct neighbours, a pair of them more
  // than 4,096 entries. Its batch used to be written past the end of the keys.
  {
    std::mt19937 rng(11);
    HypergraphInput in;
    in.num_nodes = 3000;
    in.directed = true;
    std::vector<vid_t> ids(in.num_nodes);
    for (vid_t i = 0; i < in.num_nodes; ++i) ids[i] = i;
    for (int e = 0; e < 18; ++e) {
      std::shuffle(ids.begin(), ids.end(), rng);
      std::vector<vid_t> dst(ids.begin() + 1, ids.begin() + 1000);
      std::sort(dst.begin(), dst.end());
      in.add_net({ids[0]}, dst, 1.0);
    }
    const auto dense = build_hypergraph(in);
    PartitionParams q;
    q.max_block_weight = 64;
    q.max_inbound_nets = 1000;
    q.coarsening.neighbors = NeighborRows::materialised;
    const auto unlimited = partition_with_batch<Space>(dense, q, 0);
    test::MemoryCap tiny(1024);
    CHECK(partition_with_batch<Space>(dense, q, 0) == unlimited);
  }
}
TEST_CASE_TEMPLATE_APPLY(batch_cases, tessera::test::ExecSpaces);

TEST_CASE("neighbour rows: the materialised budget is 3/8 of the available memory, 10 bytes an entry") {
  CHECK(partitioning::materialised_row_budget(std::uint64_t(80) << 20) == (std::int64_t(30) << 20) / 10);
  CHECK(partitioning::materialised_row_budget(0) == 0);
}

TEST_CASE_TEMPLATE_DEFINE("neighbour rows: auto keeps them when they fit, streams them when not", Space, auto_cases) {
  const auto h = test::random_local_hypergraph(2000, 4000, 8, 7);
  PartitionParams p;
  p.max_block_weight = 64;
  p.max_inbound_nets = 80;
  const auto run = [&](NeighborRows mode) {
    p.coarsening.neighbors = mode;
    const auto r = partition_hypergraph(Space{}, mirror_hypergraph<typename Space::memory_space>(h), p);
    std::vector<part_t> parts = test::to_vector(r.parts);
    parts.push_back(r.num_parts);
    return std::make_pair(parts, r.neighbor_rows);
  };
  const auto on = run(NeighborRows::materialised), off = run(NeighborRows::streamed);
  CHECK(on.second == "materialised");
  CHECK(off.second == "streamed");
  CHECK(run(NeighborRows::automatic) == on);
  // 1 MiB: rows of at most 39,321 entries; this hypergraph's hold more (its oversized rows are
  // many batches of 6,553 entries, the test above), so auto gives up building them and streams.
  test::MemoryCap cap(std::uint64_t(1) << 20);
  CHECK(run(NeighborRows::automatic) == off);
  CHECK(run(NeighborRows::materialised) == on);
}
TEST_CASE_TEMPLATE_APPLY(auto_cases, tessera::test::ExecSpaces);
