#include "algorithms/partitioning/refinement/constrained_fm.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <queue>
#include <utility>

#include "core/kokkos_ext/host_parallel.hpp"

namespace tessera::partitioning {

namespace {

struct Move {
  vid_t node;
  part_t from, to;
};

struct Best {
  bool valid = false;
  score_t gain = 0;
  part_t to = 0;
};

struct Entry {
  score_t gain;
  vid_t node;
  std::uint32_t version;
  // max-heap: larger gain first, then smaller node id
  bool operator<(const Entry& o) const { return gain != o.gain ? gain < o.gain : node > o.node; }
};

// Slices of work for the host's threads: a few per thread, taken dynamically.
int host_chunks() { return std::max(1, Kokkos::DefaultHostExecutionSpace().concurrency()) * 8; }

// Calls f(chunk, first, last) for `chunks` contiguous slices of [0, count) on the host's threads.
template <class F>
void for_each_chunk(std::int64_t count, std::size_t chunks, F&& f) {
  const std::int64_t per = (count + std::int64_t(chunks) - 1) / std::int64_t(chunks);
  tessera::detail::host_parallel_for("tessera::part::fm_chunks", std::int64_t(chunks), [&](const std::int64_t c) {
    f(int(c), std::min(count, c * per), std::min(count, (c + 1) * per));
  });
}

// What one evaluation needs besides the state: per-block sums over the node's nets, the blocks
// they touched, and the (net, block) pairs it visited (a pass's work budget). The state keeps one
// for its sequential evaluations; evaluate_many makes one per chunk.
struct Scratch {
  explicit Scratch(part_t k) : conn(k, 0), dconn(k, 0) {}
  std::vector<score_t> conn;
  std::vector<std::int64_t> dconn;
  std::vector<part_t> touched;
  std::int64_t work = 0;
};

class State {
 public:
  // The per-(net, block) counts are built on the host's threads (Kokkos zero-fills the views in
  // parallel; a net's row is written by one thread): 256k-model at 294 blocks has 77 M cells.
  State(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, const PartitionLimits& limits)
      : L_(L), parts_(parts), k_(k), limits_(limits), cnt_("tessera::part::fm_pin_counts", std::size_t(L.num_nets) * k),
        dcnt_("tessera::part::fm_dst_counts", std::size_t(L.num_nets) * k), blocks_(L.num_nets), weight_(k, 0),
        inbound_(k, 0), scratch_(k) {
    for (vid_t n = 0; n < L.num_nodes; ++n) weight_[parts[n]] += L.node_weights(n);
    std::vector<std::vector<std::int64_t>> inbound(host_chunks(), std::vector<std::int64_t>(k, 0));
    for_each_chunk(L.num_nets, inbound.size(), [&](int c, std::int64_t first, std::int64_t last) {
      for (nid_t e = nid_t(first); e < last; ++e) {
        const eid_t begin = L.net_offsets(e), end = L.net_offsets(e + 1), dst = begin + L.net_num_sources(e);
        for (eid_t i = begin; i < end; ++i) {
          const part_t b = parts[L.pins(i)];
          if (cnt_(cell(e, b))++ == 0) blocks_[e].push_back(b);
          if (i >= dst && dcnt_(cell(e, b))++ == 0) inbound[c][b]++;
        }
      }
    });
    for (const auto& chunk : inbound)
      for (part_t b = 0; b < k; ++b) inbound_[b] += chunk[b];
  }

  bool valid() const {
    for (part_t b = 0; b < k_; ++b)
      if (violated(b)) return false;
    return true;
  }

  // Sum over nets of weight x (blocks touched - 1), in the units of the gains.
  score_t connectivity() const {
    score_t sum = 0;
    for (nid_t e = 0; e < L_.num_nets; ++e)
      sum += L_.net_weights(e) * static_cast<score_t>(std::max<std::size_t>(blocks_[e].size(), 1) - 1);
    return sum;
  }

  bool violated(part_t b) const {
    return weight_[b] > limits_.max_block_weight || (limits_.check_inbound && inbound_[b] > limits_.max_inbound);
  }

  // (net, block) pairs one evaluation of every node visits: sum over nets of pins x blocks touched
  std::int64_t evaluation_work() const {
    std::int64_t sum = 0;
    for (nid_t e = 0; e < L_.num_nets; ++e)
      sum += std::int64_t(L_.net_offsets(e + 1) - L_.net_offsets(e)) * std::int64_t(blocks_[e].size());
    return sum;
  }

  // (net, block) pairs visited by the evaluations, the passes' work budget
  std::int64_t work() const { return scratch_.work; }
  void add_work(std::int64_t w) { scratch_.work += w; }

  part_t num_parts() const { return k_; }
  Best evaluate(vid_t n, bool overflow = false) { return evaluate(n, overflow, scratch_); }

  // The node's best valid move into a block it is connected to; with overflow, also moves that
  // overload a block that is not overloaded yet. Reads the state only: host threads may evaluate
  // nodes side by side, each with its own scratch.
  Best evaluate(vid_t n, bool overflow, Scratch& s) const {
    auto& conn = s.conn;
    auto& dconn = s.dconn;
    const part_t a = parts_[n];
    const eid_t begin = L_.node_offsets(n), end = L_.node_offsets(n + 1);
    const eid_t inb_end = begin + L_.node_num_inbound(n);
    score_t saving = 0, total = 0;
    s.touched.clear();
    for (eid_t i = begin; i < end; ++i) {
      const nid_t e = L_.incident_nets(i);
      const score_t w = L_.net_weights(e);
      total += w;
      if (cnt_(cell(e, a)) == 1) saving += w;
      const bool dst = i < inb_end;
      s.work += static_cast<std::int64_t>(blocks_[e].size());
      for (const part_t b : blocks_[e]) {
        if (b == a) continue;
        if (conn[b] == 0 && dconn[b] == 0) s.touched.push_back(b);
        conn[b] += w;
        if (dst && dcnt_(cell(e, b)) > 0) dconn[b]++;
      }
    }
    Best best;
    const node_weight_t wn = L_.node_weights(n);
    const std::int64_t num_inbound = L_.node_num_inbound(n);
    for (const part_t b : s.touched) {
      const score_t gain = saving - (total - conn[b]);
      const bool fits = weight_[b] + wn <= limits_.max_block_weight &&
                        (!limits_.check_inbound || inbound_[b] + num_inbound - dconn[b] <= limits_.max_inbound);
      if ((fits || (overflow && !violated(b))) && (!best.valid || gain > best.gain || (gain == best.gain && b > best.to))) best = {true, gain, b};
      conn[b] = 0;
      dconn[b] = 0;
    }
    return best;
  }

  // Moves n to `to`; calls critical(e) for each net whose pins' gains may have changed.
  template <class Critical>
  void move(vid_t n, part_t to, Critical&& critical) {
    const part_t a = parts_[n];
    const eid_t begin = L_.node_offsets(n), end = L_.node_offsets(n + 1);
    const eid_t inb_end = begin + L_.node_num_inbound(n);
    for (eid_t i = begin; i < end; ++i) {
      const nid_t e = L_.incident_nets(i);
      const bool dst = i < inb_end;
      const int ca = --cnt_(cell(e, a));
      if (ca == 0) {
        auto& bl = blocks_[e];
        *std::find(bl.begin(), bl.end(), a) = bl.back();
        bl.pop_back();
      }
      if (dst && --dcnt_(cell(e, a)) == 0) inbound_[a]--;
      const int cb = ++cnt_(cell(e, to));
      if (cb == 1) blocks_[e].push_back(to);
      if (dst && dcnt_(cell(e, to))++ == 0) inbound_[to]++;
      if (ca <= 1 || cb <= 2) critical(e);
    }
    weight_[a] -= L_.node_weights(n);
    weight_[to] += L_.node_weights(n);
    parts_[n] = to;
  }

 private:
  std::size_t cell(nid_t e, part_t b) const { return std::size_t(e) * k_ + b; }

  const Level<Kokkos::HostSpace>& L_;
  std::vector<part_t>& parts_;
  part_t k_;
  PartitionLimits limits_;
  Kokkos::View<std::int32_t*, Kokkos::HostSpace> cnt_, dcnt_;  // pins, destinations per (net, block)
  std::vector<std::vector<part_t>> blocks_;
  std::vector<node_weight_t> weight_;
  std::vector<std::int64_t> inbound_;
  Scratch scratch_;  // the sequential evaluations'
};

// The best moves of nodes node_at(0), ..., node_at(count - 1), evaluated on the host's threads
// when there are enough of them: every node at the start of a pass, and the pins a move made
// dirty (16k-rand: about 500 a move, 80 % of the FM's evaluation work). The same moves, and the
// same work, whatever the thread count.
template <class NodeAt>
std::vector<Best> evaluate_many(State& state, std::int64_t count, bool overflow, NodeAt&& node_at) {
  constexpr std::int64_t k_nodes_per_chunk = 32;  // below: not worth a fork
  std::vector<Best> best(count);
  if (count < 2 * k_nodes_per_chunk) {
    for (std::int64_t i = 0; i < count; ++i) best[i] = state.evaluate(node_at(i), overflow);
    return best;
  }
  std::vector<std::int64_t> work(std::min<std::int64_t>(host_chunks(), count / k_nodes_per_chunk), 0);
  for_each_chunk(count, work.size(), [&](int c, std::int64_t first, std::int64_t last) {
    Scratch scratch(state.num_parts());
    for (std::int64_t i = first; i < last; ++i) best[i] = state.evaluate(node_at(i), overflow, scratch);
    work[c] = scratch.work;
  });
  for (const std::int64_t w : work) state.add_work(w);
  return best;
}

// The best valid move out of block `from` (ties: smaller node id), or node -1: the relaxed passes'
// way back to a partition without an overloaded block. The block's unlocked nodes are evaluated
// on the host's threads: 16k-model's relaxed passes spent 85 % of their time here, one full block
// (about 360 k (net, block) pairs) a call.
std::pair<vid_t, Best> best_move_out(State& state, vid_t num_nodes, const std::vector<part_t>& parts,
                                     const std::vector<char>& locked, part_t from, std::vector<vid_t>& members) {
  members.clear();
  for (vid_t m = 0; m < num_nodes; ++m)
    if (!locked[m] && parts[m] == from) members.push_back(m);
  const auto best = evaluate_many(state, std::int64_t(members.size()), false, [&](std::int64_t i) { return members[i]; });
  vid_t n = -1;
  Best b;
  for (std::size_t i = 0; i < members.size(); ++i)
    if (best[i].valid && (n < 0 || best[i].gain > b.gain)) {
      n = members[i];
      b = best[i];
    }
  return {n, b};
}

// One FM pass after another over the same state and per-node marks.
class Passes {
 public:
  Passes(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, State& state, const ConstrainedFmOptions& o)
      : L_(L), parts_(parts), state_(state), o_(o), locked_(L.num_nodes), version_(L.num_nodes, 0),
        seen_(L.num_nodes, 0) {}

  struct Result {
    std::size_t moves = 0;  // the best prefix kept (0: the pass changed nothing)
    score_t gain = 0;
  };

  // A pass: every unlocked node at most once, the best prefix kept, the rest rolled back. Relaxed
  // (see the header): a move may overload one block, then only moves out of it until it fits.
  Result run(bool relaxed) {
    std::fill(locked_.begin(), locked_.end(), 0);
    heap_ = {};
    const std::int64_t work_start = state_.work();
    const auto initial = evaluate_many(state_, L_.num_nodes, relaxed, [](std::int64_t i) { return vid_t(i); });
    for (vid_t n = 0; n < L_.num_nodes; ++n) push(n, initial[n]);
    // A pass ends once its evaluations visited work_factor times the (net, block) pairs of the
    // first evaluation of every node (random SNN nets: hundreds of blocks per net).
    const std::int64_t work_end = state_.work() + o_.work_factor * (state_.work() - work_start + 1);
    moves_.clear();
    score_t sum = 0, best_sum = 0;
    std::size_t best_len = 0;
    part_t overloaded = -1;  // relaxed passes: the overloaded block, if any
    while (state_.work() < work_end) {
      const auto [n, b] = overloaded >= 0 ? best_move_out(state_, L_.num_nodes, parts_, locked_, overloaded, members_) : next_move(relaxed);
      if (n == k_retry) continue;
      if (n < 0) break;
      const part_t from = parts_[n];
      apply(n, b.to, relaxed);
      sum += b.gain;
      // At most one block is overloaded: the target of an overloading move, until moves out of it
      // make it fit (a move never overloads its source, and forced moves go where they fit).
      if (relaxed) overloaded = state_.violated(b.to) ? b.to : state_.violated(from) ? from : -1;
      if (overloaded < 0 && sum > best_sum) {
        best_sum = sum;
        best_len = moves_.size();
      } else if (moves_.size() - best_len > std::size_t(o_.stop_after)) {
        break;
      }
    }
    for (std::size_t i = moves_.size(); i-- > best_len;) state_.move(moves_[i].node, moves_[i].from, [](nid_t) {});
    return {best_len, best_sum};
  }

 private:
  static constexpr vid_t k_retry = -2;  // next_move: the heap's top was stale, pop again

  // The heap's best move, evaluated again (lazy gains): k_retry when the entry was stale or its
  // gain dropped (pushed back), node -1 when the heap is empty.
  std::pair<vid_t, Best> next_move(bool relaxed) {
    if (heap_.empty()) return {-1, {}};
    const Entry top = heap_.top();
    heap_.pop();
    if (locked_[top.node] || top.version != version_[top.node]) return {k_retry, {}};
    const Best b = state_.evaluate(top.node, relaxed);
    if (!b.valid) return {k_retry, {}};
    if (b.gain < top.gain) {
      heap_.push({b.gain, top.node, top.version});
      return {k_retry, {}};
    }
    return {top.node, b};
  }

  void push(vid_t n, const Best& b) {
    ++version_[n];
    if (b.valid) heap_.push({b.gain, n, version_[n]});
  }

  // Locks and moves n, then evaluates again the unlocked pins of its small nets whose counts
  // crossed a critical value.
  void apply(vid_t n, part_t to, bool relaxed) {
    locked_[n] = 1;
    moves_.push_back({n, parts_[n], to});
    ++stamp_;
    if (stamp_ == 0) {  // wrapped: clear the marks
      std::fill(seen_.begin(), seen_.end(), 0);
      stamp_ = 1;
    }
    seen_[n] = stamp_;
    dirty_.clear();
    state_.move(n, to, [&](nid_t e) {
      const eid_t begin = L_.net_offsets(e), end = L_.net_offsets(e + 1);
      if (end - begin > o_.update_net_size) return;
      for (eid_t i = begin; i < end; ++i) {
        const vid_t m = L_.pins(i);
        if (locked_[m] || seen_[m] == stamp_) continue;
        seen_[m] = stamp_;
        dirty_.push_back(m);
      }
    });
    const auto best = evaluate_many(state_, std::int64_t(dirty_.size()), relaxed, [&](std::int64_t i) { return dirty_[i]; });
    for (std::size_t i = 0; i < dirty_.size(); ++i) push(dirty_[i], best[i]);
  }

  const Level<Kokkos::HostSpace>& L_;
  std::vector<part_t>& parts_;
  State& state_;
  const ConstrainedFmOptions& o_;
  std::vector<char> locked_;
  std::vector<std::uint32_t> version_, seen_;
  std::uint32_t stamp_ = 0;
  std::priority_queue<Entry> heap_;
  std::vector<Move> moves_;
  std::vector<vid_t> dirty_;
  std::vector<vid_t> members_;  // best_move_out's scratch
};

}  // namespace

ConstrainedFmStats constrained_fm(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t num_parts,
                                  const PartitionLimits& limits, const ConstrainedFmOptions& options) {
  ConstrainedFmStats stats;
  if (L.num_nodes == 0 || num_parts < 2) return stats;
  stats.skipped = std::int64_t(L.num_nets) * num_parts > options.max_count_cells;
  if (stats.skipped) return stats;
  State state(L, parts, num_parts, limits);
  if (!state.valid()) return stats;
  stats.evaluation_work = state.evaluation_work();
  stats.skipped = stats.evaluation_work > options.max_evaluation_work;
  if (stats.skipped) return stats;
  Passes passes(L, parts, state, options);
  // Normal passes (valid moves only), then relaxed ones: a move may overload one block, and the
  // moves after it must leave that block (into blocks where they are valid) until it fits again;
  // only prefixes without an overloaded block count (swaps and chains between full blocks).
  // Passes of a kind stop after one that gained less than min_pass_gain of the connectivity.
  const int total_passes = options.max_passes + (options.relaxed ? options.max_passes : 0);
  score_t connectivity = state.connectivity();
  for (int pass = 0; pass < total_passes; ++pass) {
    const bool relaxed = pass >= options.max_passes;
    const Passes::Result r = passes.run(relaxed);
    stats.passes++;
    stats.gain += r.gain;
    stats.moves += static_cast<std::int64_t>(r.moves);
    const bool last = r.moves == 0 || static_cast<double>(r.gain) < options.min_pass_gain * static_cast<double>(connectivity);
    connectivity -= r.gain;
    if (!last) continue;
    if (relaxed) break;
    pass = options.max_passes - 1;  // on to the relaxed passes
  }
  return stats;
}

}  // namespace tessera::partitioning
