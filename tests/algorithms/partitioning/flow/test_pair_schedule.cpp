// Flow refinement's pair schedule (flow/pair_schedule.hpp): the round-robin order makes every
// round a matching of the blocks, and the batches keep every block's pairs in order while no two
// pairs of a batch share a block.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "algorithms/partitioning/flow/pair_schedule.hpp"

using namespace tessera;
using partitioning::disjoint_batches;
using partitioning::tournament_order;

namespace {

using Pairs = std::vector<std::pair<part_t, part_t>>;

Pairs all_pairs(const part_t k) {
  Pairs pairs;
  for (part_t a = 0; a < k; ++a)
    for (part_t b = a + 1; b < k; ++b) pairs.emplace_back(a, b);
  return pairs;
}

// Every pair once; no block twice in a batch; each block's pairs in their order in `pairs`.
void check_batches(const Pairs& pairs, const std::vector<std::vector<std::size_t>>& batches, const part_t k) {
  std::vector<int> seen(pairs.size(), 0);
  std::vector<std::size_t> last_of_block(k, 0);
  std::vector<char> any(k, 0);
  for (const auto& batch : batches) {
    std::vector<char> taken(k, 0);
    for (const std::size_t i : batch) {
      ++seen[i];
      for (const part_t p : {pairs[i].first, pairs[i].second}) {
        CHECK(!taken[p]);
        taken[p] = 1;
        if (any[p]) CHECK(last_of_block[p] < i);
        any[p] = 1;
        last_of_block[p] = i;
      }
    }
  }
  CHECK(std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
}

}  // namespace

TEST_CASE("flow pair schedule: round robin rounds are matchings, one batch each") {
  for (const part_t k : {2, 3, 4, 7, 8, 16}) {
    CAPTURE(k);
    const Pairs in = all_pairs(k);
    Pairs pairs;
    for (const std::size_t i : tournament_order(in, k)) pairs.push_back(in[i]);
    REQUIRE(pairs.size() == in.size());
    const auto batches = disjoint_batches(pairs, k);
    check_batches(pairs, batches, k);
    // k - 1 rounds of k / 2 pairs (k even), k rounds of (k - 1) / 2 pairs (k odd).
    CHECK(batches.size() == static_cast<std::size_t>(k % 2 == 0 ? k - 1 : k));
    for (const auto& batch : batches) CHECK(batch.size() == static_cast<std::size_t>(k / 2));
  }
}

TEST_CASE("flow pair schedule: batches of an arbitrary order keep each block's pairs in order") {
  // Block order: (0,1) alone, then (0,2), then (0,3) with (1,2), then (1,3), then (2,3).
  const Pairs pairs = all_pairs(4);
  const auto batches = disjoint_batches(pairs, 4);
  check_batches(pairs, batches, 4);
  CHECK(batches == std::vector<std::vector<std::size_t>>{{0}, {1}, {2, 3}, {4}, {5}});
  // A subset (pairs with an active block only) in tournament order.
  const Pairs some{{0, 3}, {1, 2}, {2, 5}, {4, 5}, {1, 4}};
  Pairs ordered;
  for (const std::size_t i : tournament_order(some, 6)) ordered.push_back(some[i]);
  check_batches(ordered, disjoint_batches(ordered, 6), 6);
}
