#include "algorithms/partitioning/initial/fm_refine.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "algorithms/partitioning/initial/fm_queue.hpp"
#include "algorithms/partitioning/initial/kway_gain_cache.hpp"

namespace tessera::partitioning {

namespace {

class Fm {
 public:
  Fm(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega, const FmOptions& o)
      : L_(L), parts_(parts), k_(k), omega_(omega), o_(o), cache_(L, parts, k, o.objective), w_(k, 0),
        mark_(L.num_nodes, -1), queue_(L.num_nodes) {
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

  void requeue_neighbours(vid_t v);

  const Level<Kokkos::HostSpace>& L_;
  std::vector<part_t>& parts_;
  part_t k_;
  node_weight_t omega_;
  const FmOptions& o_;
  KwayGainCache cache_;
  std::vector<node_weight_t> w_;  // block weights
  // mark_[u] == stamp_: u's best move was already requeued after the current move. A node
  // sharing several nets with the moved one would otherwise be evaluated and queued once per
  // net, with the same (gain, node, target) each time: duplicates never change which entry the
  // queue yields first, so skipping them leaves the moves, and the result, unchanged.
  // mark_[u] == k_locked: u moved in this pass. One array for both: the requeue loop reads one
  // random word per pin instead of two.
  static constexpr std::int64_t k_locked = INT64_MAX;
  std::vector<std::int64_t> mark_;
  std::int64_t stamp_ = 0;
  // The pass's state, kept across passes (a pass used to allocate them, O(n) each).
  FmQueue queue_;
  std::vector<std::pair<vid_t, part_t>> moves_;  // (node, previous block)
};

// Neighbours' gains changed: requeue them (stale entries are skipped when popped). Nets of more
// than 256 pins are not followed (their pins' gains change little and often).
void Fm::requeue_neighbours(vid_t v) {
  ++stamp_;
  const eid_t* net_offsets = L_.net_offsets.data();
  const vid_t* pins = L_.pins.data();
  std::int64_t* mark = mark_.data();
  for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v + 1); ++i) {
    const nid_t e = L_.incident_nets(i);
    const eid_t begin = net_offsets[e], end = net_offsets[e + 1];
    if (end - begin > 256) continue;
    for (eid_t q = begin; q < end; ++q) {
      const vid_t u = pins[q];
      if (mark[u] >= stamp_) continue;  // requeued after this move, or locked
      mark[u] = stamp_;
      auto [gu, pu] = best_move(u);
      if (pu != invalid_part) queue_.push(gu, u, pu);
    }
  }
}

score_t Fm::pass() {
  for (const auto& [v, from] : moves_) mark_[v] = -1;  // unlock the previous pass's movers
  queue_.clear();
  moves_.clear();
  for (vid_t v = 0; v < L_.num_nodes; ++v) {
    auto [g, p] = best_move(v);
    if (p != invalid_part) queue_.push(g, v, p);
  }
  score_t cumulative = 0, best = 0;
  std::size_t best_len = 0;
  int since_best = 0;
  while (!queue_.empty() && since_best < o_.stop_after) {
    const FmQueue::Entry top = queue_.top();
    queue_.pop();
    const vid_t v = top.node;
    auto [g2, p2] = best_move(v);
    if (p2 == invalid_part) continue;
    if (g2 != top.gain || p2 != top.target) {  // stale entry: requeue with the current best move
      queue_.push(g2, v, p2);
      continue;
    }
    mark_[v] = k_locked;
    queue_.lock(v);  // its other entries: the flat queue skipped them when popped
    moves_.emplace_back(v, parts_[v]);
    move(v, top.target);
    cumulative += top.gain;
    if (cumulative > best) {
      best = cumulative;
      best_len = moves_.size();
      since_best = 0;
    } else {
      ++since_best;
    }
    requeue_neighbours(v);
  }
  for (std::size_t i = moves_.size(); i > best_len; --i) move(moves_[i - 1].first, moves_[i - 1].second);
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
