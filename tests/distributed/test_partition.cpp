// Edge-balanced 1D partitioning (pure functions: no communication).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.hpp"
#include "distributed/triangle_count/partition.hpp"

using namespace tessera;
using namespace tessera::dist;

namespace {
std::vector<eid_t> prefix_of(const std::vector<eid_t>& degrees) {
  std::vector<eid_t> p(degrees.size() + 1, 0);
  std::partial_sum(degrees.begin(), degrees.end(), p.begin() + 1);
  return p;
}
}  // namespace

TEST_CASE("balance_edges splits the degree prefix sums evenly") {
  // Uniform degrees: equal vertex counts.
  CHECK(balance_edges(prefix_of(std::vector<eid_t>(8, 3)), 4) == std::vector<vid_t>{0, 2, 4, 6, 8});
  // A hub: it gets a rank of its own.
  const auto hub = balance_edges(prefix_of({12, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}), 2);
  CHECK(hub == std::vector<vid_t>{0, 1, 13});
  // More ranks than vertices: some ranks are empty, offsets stay monotone and cover all.
  const auto tiny = balance_edges(prefix_of({2, 2, 2}), 5);
  CHECK(tiny.front() == 0);
  CHECK(tiny.back() == 3);
  CHECK(std::is_sorted(tiny.begin(), tiny.end()));
  // The empty graph.
  CHECK(balance_edges({0}, 3) == std::vector<vid_t>{0, 0, 0, 0});
}

TEST_CASE("partition statistics") {
  const auto s = make_partition_stats({0, 1, 2, 3}, {2, 4, 6});
  CHECK(s.min_entries == 2);
  CHECK(s.max_entries == 6);
  CHECK(s.mean_entries == doctest::Approx(4.0));
  CHECK(s.stddev_entries == doctest::Approx(std::sqrt(8.0 / 3.0)));
  CHECK(s.imbalance == doctest::Approx(1.5));
}

TEST_CASE("balance_edges with rank weights gives each rank its share") {
  const auto uniform = prefix_of(std::vector<eid_t>(16, 2));  // 32 entries, 2 per vertex
  // Weights 1 : 3 — a CPU rank beside a GPU rank three times as fast.
  CHECK(balance_edges(uniform, 2, {1.0, 3.0}) == std::vector<vid_t>{0, 4, 16});
  CHECK(balance_edges(uniform, 3, {1.0, 1.0, 2.0}) == std::vector<vid_t>{0, 4, 8, 16});
  // Equal weights are the unweighted split; a zero weight gets nothing.
  CHECK(balance_edges(uniform, 4, {2.0, 2.0, 2.0, 2.0}) == balance_edges(uniform, 4));
  CHECK(balance_edges(uniform, 2, {0.0, 1.0}) == std::vector<vid_t>{0, 0, 16});
  CHECK(split_target(32, 1, 2, {1.0, 3.0}) == 8);
  // Bad weights.
  CHECK_THROWS_AS(balance_edges(uniform, 2, {1.0}), UserError);
  CHECK_THROWS_AS(balance_edges(uniform, 2, {1.0, -1.0}), UserError);
  CHECK_THROWS_AS(balance_edges(uniform, 2, {0.0, 0.0}), UserError);
  CHECK_THROWS_AS(balance_edges(uniform, 2, {1.0, std::nan("")}), UserError);
}
