#include "algorithms/partitioning/initial/greedy_growing.hpp"

#include <algorithm>
#include <queue>
#include <set>
#include <utility>

#include "algorithms/partitioning/coarsening/propose_pairs.hpp"

namespace tessera::partitioning {

std::vector<part_t> greedy_growing(const Level<Kokkos::HostSpace>& L, part_t k, node_weight_t omega,
                                   std::uint64_t seed) {
  const vid_t n = L.num_nodes;
  std::vector<part_t> parts(n, invalid_part);
  node_weight_t left = 0;
  for (vid_t v = 0; v < n; ++v) left += L.node_weights(v);
  std::vector<score_t> conn(n, 0);
  std::vector<char> net_touched(L.num_nets, 0);
  vid_t unassigned = n;
  for (part_t b = 0; b + 1 < k && unassigned > 0; ++b) {
    const node_weight_t target = (left + (k - b) - 1) / (k - b);
    node_weight_t weight = 0;
    std::fill(conn.begin(), conn.end(), 0);
    std::fill(net_touched.begin(), net_touched.end(), 0);
    // max-heap of (connection, -id); stale entries are skipped
    std::priority_queue<std::pair<score_t, vid_t>> frontier;
    std::uint64_t draw = 0;
    auto next_seed = [&]() {
      const vid_t skip = static_cast<vid_t>(detail::mix64(seed ^ detail::mix64((std::uint64_t(b) << 32) | draw++)) %
                                            static_cast<std::uint64_t>(unassigned));
      vid_t seen = 0;
      for (vid_t v = 0; v < n; ++v)
        if (parts[v] == invalid_part && seen++ == skip) return v;
      return invalid_vid;
    };
    while (weight < target && unassigned > 0) {
      vid_t v = invalid_vid;
      while (!frontier.empty()) {
        auto [c, negid] = frontier.top();
        frontier.pop();
        if (parts[-negid] == invalid_part && c == conn[-negid]) {
          v = -negid;
          break;
        }
      }
      if (v == invalid_vid) v = next_seed();
      if (v == invalid_vid) break;
      if (weight + L.node_weights(v) > omega) {
        // does not fit: leave it for a later block
        if (frontier.empty()) break;
        continue;
      }
      parts[v] = b;
      weight += L.node_weights(v);
      left -= L.node_weights(v);
      --unassigned;
      for (eid_t i = L.node_offsets(v); i < L.node_offsets(v + 1); ++i) {
        const nid_t e = L.incident_nets(i);
        if (net_touched[e]) continue;
        net_touched[e] = 1;
        for (eid_t q = L.net_offsets(e); q < L.net_offsets(e + 1); ++q) {
          const vid_t u = L.pins(q);
          if (parts[u] != invalid_part) continue;
          conn[u] += L.net_weights(e) + 1;  // +1: connected through a zero-weight net still counts
          frontier.emplace(conn[u], -u);
        }
      }
    }
  }
  for (vid_t v = 0; v < n; ++v)
    if (parts[v] == invalid_part) parts[v] = k - 1;
  repair_overweight(L, parts, k, omega);
  return parts;
}

void repair_overweight(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega) {
  const vid_t n = L.num_nodes;
  std::vector<node_weight_t> w(k, 0);
  for (vid_t v = 0; v < n; ++v) w[parts[v]] += L.node_weights(v);
  std::vector<vid_t> order(n);
  for (vid_t v = 0; v < n; ++v) order[v] = v;
  std::sort(order.begin(), order.end(), [&](vid_t a, vid_t b) {
    return L.node_weights(a) < L.node_weights(b) || (L.node_weights(a) == L.node_weights(b) && a < b);
  });
  for (vid_t v : order) {
    const part_t from = parts[v];
    if (w[from] <= omega) continue;
    part_t to = invalid_part;
    for (part_t p = 0; p < k; ++p)
      if (p != from && w[p] + L.node_weights(v) <= omega && (to == invalid_part || w[p] < w[to])) to = p;
    if (to == invalid_part) continue;
    parts[v] = to;
    w[from] -= L.node_weights(v);
    w[to] += L.node_weights(v);
  }
}

score_t host_connectivity(const Level<Kokkos::HostSpace>& L, const std::vector<part_t>& parts) {
  return host_objective(L, parts, KwayObjective::km1);
}

score_t host_objective(const Level<Kokkos::HostSpace>& L, const std::vector<part_t>& parts, KwayObjective objective) {
  const score_t cut_factor = objective == KwayObjective::cut ? k_cut_gain_factor : 0;
  score_t total = 0;
  std::vector<part_t> seen;
  for (nid_t e = 0; e < L.num_nets; ++e) {
    seen.clear();
    for (eid_t q = L.net_offsets(e); q < L.net_offsets(e + 1); ++q) seen.push_back(parts[L.pins(q)]);
    std::sort(seen.begin(), seen.end());
    const auto lambda = std::unique(seen.begin(), seen.end()) - seen.begin();
    if (lambda > 1) total += L.net_weights(e) * (lambda - 1 + cut_factor);
  }
  return total;
}

}  // namespace tessera::partitioning
