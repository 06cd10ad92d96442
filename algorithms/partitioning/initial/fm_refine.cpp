#include "algorithms/partitioning/initial/fm_refine.hpp"

#include <cstdint>
#include <queue>
#include <tuple>
#include <utility>

#include "algorithms/partitioning/initial/kway_gain_cache.hpp"

namespace tessera::partitioning {

namespace {

class Fm {
 public:
  Fm(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega, const FmOptions& o)
      : L_(L), parts_(parts), k_(k), omega_(omega), o_(o), cache_(L, parts, k, o.objective), w_(k, 0),
        requeued_(L.num_nodes, -1) {
    for (vid_t v = 0; v < L.num_nodes; ++v) w_[parts[v]] += L.node_weights(v);
  }

  // One pass: moves, then rollback to the best prefix; returns the best prefix's gain.
  score_t pass();

 private:
  // Best move of v: (gain, target) with target != parts[v] and room for v; target invalid when none.
  std::pair<score_t, part_t> best_move(vid_t v) const {
    const part_t from = parts_[v];
    score_t best_gain = 0;
    part_t best = invalid_part;
    for (part_t p = 0; p < k_; ++p) {
      if (p == from || w_[p] + L_.node_weights(v) > limit(p)) continue;
      const score_t g = o_.recompute_gains ? cache_.recomputed_gain(v, p) : cache_.gain(v, p);
      if (best == invalid_part || g > best_gain) {
        best_gain = g;
        best = p;
      }
    }
    return {best_gain, best};
  }

  node_weight_t limit(part_t p) const { return o_.max_weights.empty() ? omega_ : o_.max_weights[p]; }

  void move(vid_t v, part_t to) {
    w_[parts_[v]] -= L_.node_weights(v);
    w_[to] += L_.node_weights(v);
    cache_.move(v, to);
  }

  // (gain, -node, target): largest gain first, then smallest node id.
  using Queue = std::priority_queue<std::tuple<score_t, vid_t, part_t>>;
  void requeue_neighbours(vid_t v, const std::vector<char>& locked, Queue& queue);

  const Level<Kokkos::HostSpace>& L_;
  std::vector<part_t>& parts_;
  part_t k_;
  node_weight_t omega_;
  const FmOptions& o_;
  KwayGainCache cache_;
  std::vector<node_weight_t> w_;  // block weights
  // requeued_[u] == stamp_: u's best move was already requeued after the current move. A node
  // sharing several nets with the moved one would otherwise be evaluated and queued once per
  // net, with the same (gain, node, target) each time: duplicates never change which entry the
  // queue yields first, so skipping them leaves the moves, and the result, unchanged.
  std::vector<std::int64_t> requeued_;
  std::int64_t stamp_ = 0;
};

// Neighbours' gains changed: requeue them (stale entries are skipped when popped). Nets of more
// than 256 pins are not followed (their pins' gains change little and often).
void Fm::requeue_neighbours(vid_t v, const std::vector<char>& locked, Queue& queue) {
  ++stamp_;
  for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v + 1); ++i) {
    const nid_t e = L_.incident_nets(i);
    if (L_.net_offsets(e + 1) - L_.net_offsets(e) > 256) continue;
    for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1); ++q) {
      const vid_t u = L_.pins(q);
      if (locked[u] || requeued_[u] == stamp_) continue;
      requeued_[u] = stamp_;
      auto [gu, pu] = best_move(u);
      if (pu != invalid_part) queue.emplace(gu, -u, pu);
    }
  }
}

score_t Fm::pass() {
  std::vector<char> locked(L_.num_nodes, 0);
  Queue queue;
  for (vid_t v = 0; v < L_.num_nodes; ++v) {
    auto [g, p] = best_move(v);
    if (p != invalid_part) queue.emplace(g, -v, p);
  }
  std::vector<std::pair<vid_t, part_t>> moves;  // (node, previous block)
  score_t cumulative = 0, best = 0;
  std::size_t best_len = 0;
  int since_best = 0;
  while (!queue.empty() && since_best < o_.stop_after) {
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
    locked[v] = 1;
    moves.emplace_back(v, parts_[v]);
    move(v, p);
    cumulative += g;
    if (cumulative > best) {
      best = cumulative;
      best_len = moves.size();
      since_best = 0;
    } else {
      ++since_best;
    }
    requeue_neighbours(v, locked, queue);
  }
  for (std::size_t i = moves.size(); i > best_len; --i) move(moves[i - 1].first, moves[i - 1].second);
  return best;
}

}  // namespace

score_t fm_refine(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega,
                  const FmOptions& options) {
  Fm fm(L, parts, k, omega, options);
  score_t improvement = 0;
  for (int pass = 0; pass < options.max_passes; ++pass) {
    const score_t best = fm.pass();
    improvement += best;
    if (best <= 0) break;
  }
  return improvement;
}

}  // namespace tessera::partitioning
