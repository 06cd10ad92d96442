// Pair windows (coarsening/pair_window.hpp, issue 23): the pins a pin pairs with in a large net
// are the W nearest it, cyclically and symmetrically; auto picks the largest power of two within
// the budget; a windowed partition is valid and the same whatever the batches and the backend;
// and the finest level's sorted pins make the partition independent of the order a file lists a
// net's pins in.
#include <doctest/doctest.h>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "algorithms/partitioning/coarsening/pair_window.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "tests/algorithms/partitioning/constrained_runs.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using partitioning::paired_pins;
using partitioning::PinSpan;

namespace {

// 2..40 destinations within 60 ids of the source: many nets above a small window, local enough
// for coarsening to find clusters.
const test::LocalNets wide{2, 40, 60, 3};
const test::LocalNets wide_shuffled{2, 40, 60, 3, true};

// The positions (in [0, size)) that pin position p pairs with, the pin itself included.
std::set<eid_t> span_positions(const PinSpan& s) {
  std::set<eid_t> out;
  for (eid_t t = 0; t < s.count; ++t) out.insert(s(t) - s.first);
  return out;
}

template <class Space>
test::ConstrainedRun<Space> run(const HostHypergraph& host, const PartitionParams& p) {
  return test::run_and_evaluate<Space>(mirror_hypergraph<typename Space::memory_space>(host), p);
}

// The blocks of every node, then the block count.
template <class Space>
std::vector<part_t> blocks_of(const test::ConstrainedRun<Space>& r) {
  std::vector<part_t> parts = test::to_vector(r.result.parts);
  parts.push_back(r.result.num_parts);
  return parts;
}

PartitionParams loihi_like() { return test::constrained_params(96, 400); }

}  // namespace

TEST_CASE("pair window: W + 1 cyclic positions around the pin, symmetric, the whole net when it is small") {
  // One source (id 50) and destinations 1, 3, 5, ..., 39: a net of 21 pins.
  const eid_t size = 21;
  Kokkos::View<vid_t*, Kokkos::HostSpace> pins("test::pins", 5 + size);  // the net starts at 5
  pins(5) = 50;
  for (eid_t k = 1; k < size; ++k) pins(5 + k) = static_cast<vid_t>(2 * k - 1);
  const eid_t pb = 5, pe = 5 + size, dst_begin = 6;
  auto span_of = [&](eid_t pos, eid_t window) {
    return paired_pins(pins, pb, pe, dst_begin, pins(pb + pos), pos > 0, window);
  };
  // Destination 9 (position 5) with W = 6: positions 2..8.
  CHECK(span_positions(span_of(5, 6)) == std::set<eid_t>{2, 3, 4, 5, 6, 7, 8});
  // The source (position 0) wraps: 18, 19, 20, 0, 1, 2, 3.
  CHECK(span_positions(span_of(0, 6)) == std::set<eid_t>{18, 19, 20, 0, 1, 2, 3});
  // A window of 20 or more (and none) is the whole net; 18 already leaves one pin out.
  for (eid_t w : {eid_t(0), eid_t(20), eid_t(64)}) CHECK(span_of(7, w).count == size);
  CHECK(span_of(7, 18).count == 19);
  for (eid_t w : {eid_t(2), eid_t(4), eid_t(10), eid_t(18)})
    for (eid_t a = 0; a < size; ++a) {
      const auto pa = span_positions(span_of(a, w));
      CHECK(pa.size() == static_cast<std::size_t>(w + 1));
      CHECK(pa.count(a) == 1);
      for (eid_t b = 0; b < size; ++b) CHECK(pa.count(b) == span_positions(span_of(b, w)).count(a));
    }
  CHECK(partitioning::paired_span_size(21, 18) == 19);
  CHECK(partitioning::paired_span_size(19, 18) == 19);  // W + 1 pins: the whole net
}

TEST_CASE_TEMPLATE_DEFINE("pair window: valid partitions, the same whatever the batches and the backend", Space,
                          window_cases) {
  const auto h = test::local_nets(1500, 3000, wide, 11);
  PartitionParams p = loihi_like();
  p.coarsening.pair_window = 8;
  const auto whole = run<Space>(h, p);
  CHECK(whole.quality.valid);
  CHECK(whole.result.pair_window == 8);
  CHECK(whole.result.pair_window_levels >= static_cast<int>(whole.result.level_nodes.size()));
  const auto expected = blocks_of(whole);
  for (vid_t batch : {vid_t(1), vid_t(3), vid_t(64)}) {
    CAPTURE(batch);
    p.coarsening.neighbor_batch_nodes = batch;
    CHECK(blocks_of(run<Space>(h, p)) == expected);
  }
  p.coarsening.neighbor_batch_nodes = 0;
  p.coarsening.neighbors = NeighborRows::streamed;
  const auto streamed = run<Space>(h, p);
  CHECK(streamed.quality.valid);
  CHECK(streamed.result.neighbor_rows_kept_from == 0);  // a fixed window: rows are never kept
  // The host backend gives the same partition.
  p.coarsening.neighbors = NeighborRows::automatic;
  CHECK(blocks_of(run<Kokkos::DefaultHostExecutionSpace>(h, p)) == expected);
  // A window that no net exceeds changes nothing.
  p.coarsening.pair_window = 40;
  const auto wide = run<Space>(h, p);
  p.coarsening.pair_window = 0;
  CHECK(blocks_of(wide) == blocks_of(run<Space>(h, p)));
}
TEST_CASE_TEMPLATE_APPLY(window_cases, test::ExecSpaces);

TEST_CASE_TEMPLATE_DEFINE("pair window auto: none within the budget, else the largest power of two within it", Space,
                          auto_cases) {
  const auto h = test::local_nets(1500, 3000, wide, 12);
  // The finest level's pair visits under a window, as pair_visits counts them.
  const auto offsets = h.net_offsets;
  auto visits = [&](eid_t window) {
    eid_t sum = 0;
    for (nid_t e = 0; e < h.num_nets(); ++e) {
      const eid_t size = offsets(e + 1) - offsets(e);
      if (size >= 2 && size <= 1000) sum += size * (partitioning::paired_span_size(size, window) - 1);
    }
    return sum;
  };
  PartitionParams p = loihi_like();
  CHECK(run<Space>(h, p).result.pair_window == 0);  // the default budget, 34 G
  p.coarsening.pair_budget = visits(0);
  CHECK(run<Space>(h, p).result.pair_window == 0);
  p.coarsening.pair_budget = visits(0) - 1;
  CHECK(run<Space>(h, p).result.pair_window == 32);  // nets of up to 41 pins: 32 leaves some out
  p.coarsening.pair_budget = visits(8);
  const auto r = run<Space>(h, p);
  CHECK(r.result.pair_window == 8);
  CHECK(r.quality.valid);
  CHECK(r.result.pair_window_levels >= 1);
  p.coarsening.pair_budget = visits(8) - 1;
  CHECK(run<Space>(h, p).result.pair_window == 4);
  p.coarsening.pair_budget = 0;
  CHECK(run<Space>(h, p).result.pair_window == 2);  // the smallest window
}
TEST_CASE_TEMPLATE_APPLY(auto_cases, test::ExecSpaces);

TEST_CASE_TEMPLATE_DEFINE("partition: the same whatever order a file lists a net's pins in", Space, order_cases) {
  const auto sorted = test::local_nets(1500, 3000, wide, 13);
  const auto shuffled = test::local_nets(1500, 3000, wide_shuffled, 13);
  for (eid_t window : {eid_t(0), eid_t(8)}) {
    CAPTURE(window);
    PartitionParams p = loihi_like();
    p.coarsening.pair_window = window;
    const auto a = run<Space>(sorted, p), b = run<Space>(shuffled, p);
    CHECK(a.quality.connectivity == b.quality.connectivity);
    CHECK(blocks_of(a) == blocks_of(b));
  }
}
TEST_CASE_TEMPLATE_APPLY(order_cases, test::ExecSpaces);
