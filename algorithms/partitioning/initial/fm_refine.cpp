#include "algorithms/partitioning/initial/fm_refine.hpp"

#include <algorithm>
#include <cstdint>
#include <queue>
#include <tuple>

namespace tessera::partitioning {

score_t fm_refine(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega,
                  int stop_after, int max_passes) {
  const vid_t n = L.num_nodes;
  const nid_t m = L.num_nets;
  std::vector<std::int32_t> count(static_cast<std::size_t>(m) * k, 0);  // pins(p, e)
  std::vector<node_weight_t> w(k, 0);
  for (vid_t v = 0; v < n; ++v) w[parts[v]] += L.node_weights(v);
  for (nid_t e = 0; e < m; ++e)
    for (eid_t q = L.net_offsets(e); q < L.net_offsets(e + 1); ++q) ++count[std::size_t(e) * k + parts[L.pins(q)]];
  // Best move of v: (gain, target) with target != parts[v] and room for v; target invalid when none.
  std::vector<score_t> conn(k, 0);  // scratch of best_move, cleared on each call
  auto best_move = [&](vid_t v) {
    const part_t from = parts[v];
    std::fill(conn.begin(), conn.end(), score_t(0));
    score_t saving = 0, total = 0;
    for (eid_t i = L.node_offsets(v); i < L.node_offsets(v + 1); ++i) {
      const nid_t e = L.incident_nets(i);
      const score_t we = L.net_weights(e);
      total += we;
      if (count[std::size_t(e) * k + from] == 1) saving += we;
      for (part_t p = 0; p < k; ++p)
        if (count[std::size_t(e) * k + p] > 0) conn[p] += we;
    }
    score_t best_gain = 0;
    part_t best = invalid_part;
    for (part_t p = 0; p < k; ++p) {
      if (p == from || w[p] + L.node_weights(v) > omega) continue;
      const score_t g = saving - total + conn[p];
      if (best == invalid_part || g > best_gain) {
        best_gain = g;
        best = p;
      }
    }
    return std::make_pair(best_gain, best);
  };
  score_t improvement = 0;
  // requeued[u] == stamp: u's best move was already requeued after the current move. A node
  // sharing several nets with the moved one would otherwise be evaluated and queued once per
  // net, with the same (gain, node, target) each time: duplicates never change which entry the
  // queue yields first, so skipping them leaves the moves, and the result, unchanged.
  std::vector<std::int64_t> requeued(n, -1);
  std::int64_t stamp = 0;
  for (int pass = 0; pass < max_passes; ++pass) {
    std::vector<char> locked(n, 0);
    // (gain, -node, target): largest gain first, then smallest node id.
    std::priority_queue<std::tuple<score_t, vid_t, part_t>> queue;
    for (vid_t v = 0; v < n; ++v) {
      auto [g, p] = best_move(v);
      if (p != invalid_part) queue.emplace(g, -v, p);
    }
    std::vector<std::pair<vid_t, part_t>> moves;  // (node, previous block)
    score_t cumulative = 0, best = 0;
    std::size_t best_len = 0;
    int since_best = 0;
    while (!queue.empty() && since_best < stop_after) {
      auto [g, negv, p] = queue.top();
      queue.pop();
      const vid_t v = -negv;
      if (locked[v]) continue;
      auto [g2, p2] = best_move(v);
      if (p2 == invalid_part) continue;
      if (g2 != g || p2 != p) {  // stale entry: requeue with the current best move
        queue.emplace(g2, -v, p2);
        continue;
      }
      const part_t from = parts[v];
      locked[v] = 1;
      parts[v] = p;
      w[from] -= L.node_weights(v);
      w[p] += L.node_weights(v);
      for (eid_t i = L.node_offsets(v); i < L.node_offsets(v + 1); ++i) {
        const nid_t e = L.incident_nets(i);
        --count[std::size_t(e) * k + from];
        ++count[std::size_t(e) * k + p];
      }
      moves.emplace_back(v, from);
      cumulative += g;
      if (cumulative > best) {
        best = cumulative;
        best_len = moves.size();
        since_best = 0;
      } else {
        ++since_best;
      }
      // Neighbours' gains changed: requeue them (stale entries are skipped above).
      ++stamp;
      for (eid_t i = L.node_offsets(v); i < L.node_offsets(v + 1); ++i) {
        const nid_t e = L.incident_nets(i);
        if (L.net_offsets(e + 1) - L.net_offsets(e) > 256) continue;
        for (eid_t q = L.net_offsets(e); q < L.net_offsets(e + 1); ++q) {
          const vid_t u = L.pins(q);
          if (locked[u] || requeued[u] == stamp) continue;
          requeued[u] = stamp;
          auto [gu, pu] = best_move(u);
          if (pu != invalid_part) queue.emplace(gu, -u, pu);
        }
      }
    }
    // Roll back past the best prefix.
    for (std::size_t i = moves.size(); i > best_len; --i) {
      const auto [v, from] = moves[i - 1];
      const part_t to = parts[v];
      parts[v] = from;
      w[to] -= L.node_weights(v);
      w[from] += L.node_weights(v);
      for (eid_t j = L.node_offsets(v); j < L.node_offsets(v + 1); ++j) {
        const nid_t e = L.incident_nets(j);
        --count[std::size_t(e) * k + to];
        ++count[std::size_t(e) * k + from];
      }
    }
    improvement += best;
    if (best <= 0) break;
  }
  return improvement;
}

}  // namespace tessera::partitioning
