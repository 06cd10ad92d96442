// Edge-balanced 1D partitioning (pure functions: no communication).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

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
