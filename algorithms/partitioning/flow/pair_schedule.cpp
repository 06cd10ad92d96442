#include "algorithms/partitioning/flow/pair_schedule.hpp"

#include <algorithm>

namespace tessera::partitioning {

std::vector<std::size_t> tournament_order(const std::vector<std::pair<part_t, part_t>>& pairs, const part_t k) {
  const part_t m = (k % 2 == 0 ? k : k + 1) - 1;  // rounds; block m is the fixed one (a dummy when k is odd)
  auto round = [&](const std::pair<part_t, part_t>& p) { return p.second == m ? (2 * p.first) % m : (p.first + p.second) % m; };
  std::vector<std::size_t> order(pairs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return std::make_pair(round(pairs[x]), pairs[x]) < std::make_pair(round(pairs[y]), pairs[y]);
  });
  return order;
}

std::vector<std::vector<std::size_t>> disjoint_batches(const std::vector<std::pair<part_t, part_t>>& pairs, const part_t k) {
  std::vector<std::vector<std::size_t>> batches;
  std::vector<char> done(pairs.size(), 0);
  std::size_t left = pairs.size();
  while (left > 0) {
    std::vector<char> taken(k, 0);
    batches.emplace_back();
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      if (done[i]) continue;
      const auto [a, b] = pairs[i];
      if (!taken[a] && !taken[b]) {
        batches.back().push_back(i);
        done[i] = 1;
        --left;
      }
      taken[a] = taken[b] = 1;
    }
  }
  return batches;
}

}  // namespace tessera::partitioning
