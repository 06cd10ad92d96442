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
      : L_(L), parts_(parts), k_(k), o_(o), cache_(L, parts, k, o.objective), w_(k, 0),
        limits_(o.max_weights.empty() ? std::vector<node_weight_t>(k, omega) : o.max_weights),
        locked_(L.num_nodes, 0), list_at_(L.num_nodes, -1), list_size_(L.num_nodes, 0), seen_(L.num_nodes, 0),
        queue_(L.num_nodes) {
    for (vid_t v = 0; v < L.num_nodes; ++v) w_[parts[v]] += L.node_weights(v);
  }

  // One pass: moves, then rollback to the best prefix; returns the best prefix's gain.
  score_t pass();

 private:
  // Best move of v: (gain, target) with target != parts[v] and room for v; target invalid when none.
  // The first block of the largest gain; gains differ by their join terms only.
  std::pair<score_t, part_t> best_move(vid_t v) const {
    if (o_.recompute_gains) return best_recomputed_move(v);
    const part_t from = parts_[v];
    const node_weight_t wv = L_.node_weights(v);
    const score_t* join = cache_.joins(v);
    score_t best_join = 0;
    part_t best = invalid_part;
    for (part_t p = 0; p < k_; ++p) {
      if (p == from || w_[p] + wv > limits_[p]) continue;
      if (best == invalid_part || join[p] > best_join) {
        best_join = join[p];
        best = p;
      }
    }
    return {best == invalid_part ? 0 : cache_.leave(v) + best_join, best};
  }

  std::pair<score_t, part_t> best_recomputed_move(vid_t v) const {
    score_t best_gain = 0;
    part_t best = invalid_part;
    for (part_t p = 0; p < k_; ++p) {
      if (p == parts_[v] || w_[p] + L_.node_weights(v) > limits_[p]) continue;
      const score_t g = cache_.recomputed_gain(v, p);
      if (best == invalid_part || g > best_gain) {
        best_gain = g;
        best = p;
      }
    }
    return {best_gain, best};
  }


  void move(vid_t v, part_t to) {
    w_[parts_[v]] -= L_.node_weights(v);
    w_[to] += L_.node_weights(v);
    cache_.move(v, to);
  }

  void requeue_neighbours(vid_t v);
  void list_neighbours(vid_t v);
  bool worth_saving() const;
  void roll_back(std::size_t keep, bool saved);

  const Level<Kokkos::HostSpace>& L_;
  std::vector<part_t>& parts_;
  part_t k_;
  const FmOptions& o_;
  KwayGainCache cache_;
  std::vector<node_weight_t> w_;       // block weights
  std::vector<node_weight_t> limits_;  // block weight limits (omega, or options' max_weights)
  std::vector<char> locked_;  // u moved in this pass
  // v's neighbours: the other pins of its nets of at most 256 pins, each once, in the order its
  // nets reach them, listed at v's first move and reused at its later ones (neighbours_ from
  // list_at_[v], -1 before; list_size_[v] of them). A move requeues each neighbour's best move
  // once: requeuing it once per shared net pushed the same entry again. Issue 25: at the coarse
  // levels (hundreds of nodes, ~60 nets each) a move reached ~40 neighbours through ~280 pins;
  // the lists cost one such sweep per node, and every pass moves most nodes.
  std::vector<std::int64_t> list_at_;
  std::vector<vid_t> list_size_;
  std::vector<vid_t> neighbours_;
  std::vector<std::int64_t> seen_;  // seen_[u] == stamp_: u listed for the current node
  std::int64_t stamp_ = 0;
  // The pass's state, kept across passes (a pass used to allocate them, O(n) each).
  FmQueue queue_;
  struct Move {
    vid_t node;
    part_t from, to;
  };
  std::vector<Move> moves_;
};

// Neighbours' gains changed: requeue them (stale entries are skipped when popped). Nets of more
// than 256 pins are not followed (their pins' gains change little and often).
void Fm::requeue_neighbours(vid_t v) {
  if (list_at_[v] < 0) list_neighbours(v);
  const char* locked = locked_.data();
  for (std::int64_t i = list_at_[v], end = i + list_size_[v]; i < end; ++i) {
    const vid_t u = neighbours_[i];
    if (locked[u]) continue;
    auto [gu, pu] = best_move(u);
    if (pu != invalid_part) queue_.push(gu, u, pu);
  }
}

void Fm::list_neighbours(vid_t v) {
  ++stamp_;
  const eid_t* net_offsets = L_.net_offsets.data();
  const vid_t* pins = L_.pins.data();
  list_at_[v] = static_cast<std::int64_t>(neighbours_.size());
  for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v + 1); ++i) {
    const nid_t e = L_.incident_nets(i);
    const eid_t begin = net_offsets[e], end = net_offsets[e + 1];
    if (end - begin > 256) continue;
    for (eid_t q = begin; q < end; ++q) {
      const vid_t u = pins[q];
      if (u == v || seen_[u] == stamp_) continue;
      seen_[u] = stamp_;
      neighbours_.push_back(u);
    }
  }
  list_size_[v] = static_cast<vid_t>(static_cast<std::int64_t>(neighbours_.size()) - list_at_[v]);
}

score_t Fm::pass() {
  for (const Move& m : moves_) locked_[m.node] = 0;  // unlock the previous pass's movers
  queue_.clear();
  moves_.clear();
  for (vid_t v = 0; v < L_.num_nodes; ++v) {
    auto [g, p] = best_move(v);
    if (p != invalid_part) queue_.add(g, v, p);
  }
  queue_.build();
  const bool saved = worth_saving();
  if (saved) cache_.save();
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
    locked_[v] = 1;
    queue_.lock(v);  // its other entries: the flat queue skipped them when popped
    moves_.push_back({v, parts_[v], top.target});
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
  roll_back(best_len, saved);
  return best;
}

// Saving copies the cache twice (save, restore), sequential words; undoing a move sweeps the
// pins of the mover's nets, random words. Expected undo: min(n, stop_after) moves of average
// degree and net size.
bool Fm::worth_saving() const {
  if (o_.rollback != FmOptions::Rollback::automatic) return o_.rollback == FmOptions::Rollback::restore;
  const double n = std::max<double>(1, L_.num_nodes), nets = std::max<double>(1, L_.num_nets);
  const double pins = double(L_.pins.extent(0));
  const double undo = std::min<double>(n, o_.stop_after) * (pins / n) * (pins / nets);
  return double(cache_.state_size()) <= 8 * undo;
}

// Back to the first `keep` moves of the pass.
void Fm::roll_back(std::size_t keep, bool saved) {
  const std::size_t undo = moves_.size() - keep;
  if (!saved || (o_.rollback == FmOptions::Rollback::automatic && undo <= keep)) {
    for (std::size_t i = moves_.size(); i > keep; --i) move(moves_[i - 1].node, moves_[i - 1].from);
    return;
  }
  for (std::size_t i = moves_.size(); i-- > 0;) {  // the pass's start (each node moved once)
    const Move& m = moves_[i];
    w_[m.to] -= L_.node_weights(m.node);
    w_[m.from] += L_.node_weights(m.node);
    parts_[m.node] = m.from;
  }
  cache_.restore();
  for (std::size_t i = 0; i < keep; ++i) move(moves_[i].node, moves_[i].to);
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
