#include "distributed/triangle_count/partition.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/util/names.hpp"

namespace tessera::dist {

const char* to_string(PartitionBalance b) {
  switch (b) {
    case PartitionBalance::edges: return "edges";
    case PartitionBalance::work: return "work";
  }
  return "unknown";
}

PartitionBalance parse_partition_balance(const std::string& name) {
  for (auto b : {PartitionBalance::edges, PartitionBalance::work})
    if (same_name(name, to_string(b))) return b;
  throw UserError("unknown partition balance '" + name + "' (edges, work)");
}

eid_t split_target(eid_t total, int k, int ranks, const std::vector<double>& weights) {
  // long double for the product (total * k overflows 64 bits beyond 2^63 / ranks entries),
  // then clamp: the rounding of a split target does not affect correctness.
  long double share = static_cast<long double>(k) / ranks;
  if (!weights.empty()) {
    long double before = 0, sum = 0;
    for (int r = 0; r < ranks; ++r) {
      sum += weights[static_cast<std::size_t>(r)];
      if (r < k) before += weights[static_cast<std::size_t>(r)];
    }
    share = before / sum;
  }
  return std::min<eid_t>(total, static_cast<eid_t>(static_cast<long double>(total) * share));
}

void check_rank_weights(const std::vector<double>& weights, int ranks) {
  if (weights.empty()) return;
  TESSERA_USER_REQUIRE(weights.size() == static_cast<std::size_t>(ranks),
                       "rank weights: " << weights.size() << " values for " << ranks << " ranks");
  double sum = 0;
  for (double w : weights) {
    TESSERA_USER_REQUIRE(std::isfinite(w) && w >= 0, "rank weights must be finite and >= 0, got " << w);
    sum += w;
  }
  TESSERA_USER_REQUIRE(sum > 0, "rank weights must not all be 0");
}

vid_t choose_split(eid_t target, vid_t first, eid_t prefix_before, eid_t prefix_at) {
  if (first > 0 && target - prefix_before < prefix_at - target) return first - 1;
  return first;
}

std::vector<vid_t> balance_edges(const std::vector<eid_t>& prefix, int ranks, const std::vector<double>& weights) {
  TESSERA_USER_REQUIRE(ranks >= 1, "partition into " << ranks << " ranks: need at least one");
  check_rank_weights(weights, ranks);
  TESSERA_REQUIRE(!prefix.empty() && prefix.front() == 0, "degree prefix sums must start at 0");
  const vid_t n = static_cast<vid_t>(prefix.size() - 1);
  const eid_t total = prefix.back();
  std::vector<vid_t> offsets(static_cast<std::size_t>(ranks) + 1, 0);
  offsets.back() = n;
  for (int k = 1; k < ranks; ++k) {
    const eid_t t = split_target(total, k, ranks, weights);
    const auto it = std::lower_bound(prefix.begin(), prefix.end(), t);
    const vid_t first = static_cast<vid_t>(it - prefix.begin());
    const vid_t v = choose_split(t, first, first > 0 ? prefix[first - 1] : 0, prefix[first]);
    offsets[k] = std::clamp(v, offsets[k - 1], n);
  }
  return offsets;
}

PartitionStats make_partition_stats(std::vector<vid_t> offsets, std::vector<eid_t> entries) {
  PartitionStats s;
  s.vertex_offsets = std::move(offsets);
  s.entries_per_rank = std::move(entries);
  if (s.entries_per_rank.empty()) return s;
  const auto [lo, hi] = std::minmax_element(s.entries_per_rank.begin(), s.entries_per_rank.end());
  s.min_entries = *lo;
  s.max_entries = *hi;
  double sum = 0;
  for (eid_t e : s.entries_per_rank) sum += static_cast<double>(e);
  s.mean_entries = sum / static_cast<double>(s.entries_per_rank.size());
  double sq = 0;
  for (eid_t e : s.entries_per_rank) sq += (static_cast<double>(e) - s.mean_entries) * (static_cast<double>(e) - s.mean_entries);
  s.stddev_entries = std::sqrt(sq / static_cast<double>(s.entries_per_rank.size()));
  s.imbalance = s.mean_entries > 0 ? static_cast<double>(s.max_entries) / s.mean_entries : 0.0;
  return s;
}

}  // namespace tessera::dist
