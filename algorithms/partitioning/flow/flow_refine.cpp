#include "algorithms/partitioning/flow/flow_refine.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "algorithms/partitioning/flow/max_flow.hpp"
#include "algorithms/partitioning/flow/pair_schedule.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/host_parallel.hpp"

namespace tessera::partitioning {

namespace {

// unbalanced_a: every minimum cut leaves a above its limit (b's region, the nodes that may join a,
// is too large); unbalanced_b the other way round; unbalanced: both, or neither alone (each
// extreme cut overfills the other block), and both regions shrink.
enum class PairResult { unchanged, improved, unbalanced_a, unbalanced_b, unbalanced };

// What one pair's flow computation writes while it runs: the region's flow node ids, search
// stamps, the relevant-net cache and the flow network. One per worker, so that pairs of disjoint
// blocks run side by side.
struct PairScratch {
  PairScratch(vid_t nodes, nid_t nets)
      : region(nodes, -1), net_mark(nets, -1), relevant_stamp(nets, -1), relevant(nets, 0) {}
  std::vector<int> region;      // flow node of a region node, -1 outside
  std::vector<int> net_mark;    // last search (region growing, network building) that met the net
  int attempt = 0;              // the number of the current search
  MaxFlow flow;                 // reset for every network: its arrays are allocated once
  std::vector<int> relevant_stamp;  // the pair attempt that computed relevant[e]
  std::vector<char> relevant;
  int pair_attempt = 0;
  int flows = 0;
};

// One pair's applied cut: the region nodes' blocks and the two blocks' new weights.
struct PairMoves {
  std::vector<std::pair<vid_t, part_t>> moves;
  node_weight_t wa = 0, wb = 0;
};

// A pair's computation reads the blocks of its own two blocks' nodes only (any other block is
// "neither a nor b", whatever it is), and the cut objective's boundary nets (pins in a and b only)
// stay so while other pairs move nodes between their own blocks; so pairs of disjoint blocks
// commute, and a pair's moves are applied once its batch is done.
class FlowRefiner {
 public:
  FlowRefiner(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega,
              const FlowOptions& o)
      : L_(L), parts_(parts), omega_(omega), o_(o), w_(k, 0) {
    node_weight_t total = 0;
    for (vid_t v = 0; v < L.num_nodes; ++v) {
      w_[parts[v]] += L.node_weights(v);
      total += L.node_weights(v);
    }
    perfect_ = (total + k - 1) / k;
  }

  // The nets cut between each pair of blocks (a < b) that the pair's flow problem can uncut:
  // with the cut objective only nets whose pins all lie in a and b.
  std::map<std::pair<part_t, part_t>, std::vector<nid_t>> pair_boundaries() const {
    std::map<std::pair<part_t, part_t>, std::vector<nid_t>> out;
    std::vector<part_t> blocks;
    for (nid_t e = 0; e < L_.num_nets; ++e) {
      blocks.clear();  // the net's distinct blocks (few: a linear search beats sorting its pins)
      for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1); ++q) {
        const part_t p = parts_[L_.pins(q)];
        if (std::find(blocks.begin(), blocks.end(), p) == blocks.end()) blocks.push_back(p);
      }
      std::sort(blocks.begin(), blocks.end());
      if (blocks.size() < 2 || (o_.objective == KwayObjective::cut && blocks.size() > 2)) continue;
      for (std::size_t i = 0; i < blocks.size(); ++i)
        for (std::size_t j = i + 1; j < blocks.size(); ++j) out[{blocks[i], blocks[j]}].push_back(e);
    }
    return out;
  }

  // Region of a (the nodes that may join b) within alpha_a's relaxed limit, b's within alpha_b's;
  // an improvement goes to `applied` (parts_ and the weights unchanged).
  PairResult refine_pair(part_t a, part_t b, const std::vector<nid_t>& boundary, double alpha_a, double alpha_b,
                         PairScratch& x, PairMoves& applied) const;

  void apply(part_t a, part_t b, const PairMoves& m) {
    for (const auto& [v, p] : m.moves) parts_[v] = p;
    w_[a] = m.wa;
    w_[b] = m.wb;
  }

 private:
  // Whether net e enters the flow problem of (a, b): two or more pins, and with the cut objective
  // no pin in a third block (such a net stays cut whatever a and b do). Remembered for the current
  // pair attempt (the partition does not change while its regions grow and its network is built:
  // each net's pins are read once for this, not once per search).
  bool relevant(nid_t e, part_t a, part_t b, PairScratch& x) const {
    if (L_.net_offsets(e + 1) - L_.net_offsets(e) < 2) return false;
    if (o_.objective == KwayObjective::km1) return true;
    if (x.relevant_stamp[e] == x.pair_attempt) return x.relevant[e] != 0;
    bool within = true;
    for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1) && within; ++q) {
      const part_t p = parts_[L_.pins(q)];
      within = p == a || p == b;
    }
    x.relevant_stamp[e] = x.pair_attempt;
    x.relevant[e] = within ? 1 : 0;
    return within;
  }

  // BFS from the boundary pins in block `side`, in net and pin order, adding nodes while the
  // region stays within `cap`; region[v] = its flow node id.
  void grow(part_t side, part_t other, const std::vector<nid_t>& boundary, node_weight_t cap, std::vector<vid_t>& nodes,
            PairScratch& x) const {
    node_weight_t weight = 0;
    const std::size_t start = nodes.size();
    auto visit = [&](vid_t v) {
      if (parts_[v] != side || x.region[v] >= 0 || weight + L_.node_weights(v) > cap) return;
      weight += L_.node_weights(v);
      x.region[v] = 2 + static_cast<int>(nodes.size());
      nodes.push_back(v);
    };
    // A net's pins are visited once: a pin turned away stays turned away (its block does not
    // change, the region's weight only grows), so visiting them again would add nothing.
    const int stamp = ++x.attempt;
    for (const nid_t e : boundary) {
      x.net_mark[e] = stamp;
      for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1); ++q) visit(L_.pins(q));
    }
    for (std::size_t head = start; head < nodes.size(); ++head) {
      const vid_t u = nodes[head];
      for (eid_t i = L_.node_offsets(u); i < L_.node_offsets(u + 1); ++i) {
        const nid_t e = L_.incident_nets(i);
        if (x.net_mark[e] == stamp) continue;
        x.net_mark[e] = stamp;
        const eid_t size = L_.net_offsets(e + 1) - L_.net_offsets(e);
        if (size < 2 || size > o_.max_net_size || !relevant(e, side, other, x)) continue;
        for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1); ++q) visit(L_.pins(q));
      }
    }
  }

  score_t build_network(part_t a, part_t b, const std::vector<vid_t>& nodes, PairScratch& x,
                        std::vector<nid_t>& nets) const;
  // The weight of `nets` with pins in both a and b once the region nodes take `side` (1: a).
  score_t cut_between(part_t a, part_t b, const std::vector<nid_t>& nets, const PairScratch& x,
                      const std::vector<char>& side) const;

  const Level<Kokkos::HostSpace>& L_;
  std::vector<part_t>& parts_;
  node_weight_t omega_;
  const FlowOptions& o_;
  std::vector<node_weight_t> w_;
  node_weight_t perfect_ = 0;
};

// Flow network of the region `nodes` between a and b (flow node 0: s, the rest of a; 1: t, the rest
// of b; 2 + i: nodes[i]; then the net nodes): every relevant net with a pin in the region and at
// least two terminals becomes Lawler's expansion, or one undirected edge when it has two terminals.
// Nets with pins in both the source and the sink stay cut whatever the region does and are left
// out. Appends those nets to `nets` and returns their current cut weight (pins in both a and b).
score_t FlowRefiner::build_network(part_t a, part_t b, const std::vector<vid_t>& nodes, PairScratch& x,
                                   std::vector<nid_t>& nets) const {
  constexpr int s = 0, t = 1;
  MaxFlow& flow = x.flow;
  ++x.attempt;
  score_t before = 0;
  std::vector<int> terminals;
  for (const vid_t u : nodes) {
    for (eid_t i = L_.node_offsets(u); i < L_.node_offsets(u + 1); ++i) {
      const nid_t e = L_.incident_nets(i);
      if (x.net_mark[e] == x.attempt) continue;
      x.net_mark[e] = x.attempt;
      if (!relevant(e, a, b, x)) continue;
      bool source = false, sink = false, pin_a = false, pin_b = false;
      terminals.clear();
      for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1); ++q) {
        const vid_t v = L_.pins(q);
        const part_t p = parts_[v];
        pin_a = pin_a || p == a;
        pin_b = pin_b || p == b;
        if (x.region[v] >= 0) terminals.push_back(x.region[v]);
        else if (p == a) source = true;
        else if (p == b) sink = true;
      }
      if (source && sink) continue;  // cut whatever the region does
      if (source) terminals.push_back(s);
      if (sink) terminals.push_back(t);
      if (terminals.size() < 2) continue;
      const score_t we = L_.net_weights(e);
      nets.push_back(e);
      if (pin_a && pin_b) before += we;
      if (terminals.size() == 2) {
        flow.add_edge(terminals[0], terminals[1], we, we);
        continue;
      }
      const int in = flow.add_node(), out = flow.add_node();
      flow.add_edge(in, out, we);
      for (const int x : terminals) {
        if (x != t) flow.add_edge(x, in, MaxFlow::k_infinite);
        if (x != s) flow.add_edge(out, x, MaxFlow::k_infinite);
      }
    }
  }
  return before;
}

score_t FlowRefiner::cut_between(part_t a, part_t b, const std::vector<nid_t>& nets, const PairScratch& x,
                                 const std::vector<char>& side) const {
  score_t cut = 0;
  for (const nid_t e : nets) {
    bool pa = false, pb = false;
    for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1); ++q) {
      const vid_t v = L_.pins(q);
      const part_t p = x.region[v] >= 0 ? (side[x.region[v] - 2] ? a : b) : parts_[v];
      pa = pa || p == a;
      pb = pb || p == b;
    }
    if (pa && pb) cut += L_.net_weights(e);
  }
  return cut;
}

PairResult FlowRefiner::refine_pair(part_t a, part_t b, const std::vector<nid_t>& boundary, double alpha_a,
                                    double alpha_b, PairScratch& x, PairMoves& applied) const {
  auto relaxed = [&](double alpha) {
    return static_cast<node_weight_t>(std::floor((1.0 + alpha * o_.epsilon) * double(perfect_)));
  };
  ++x.pair_attempt;
  std::vector<vid_t> nodes;  // region nodes, a's first; flow node of nodes[i] is 2 + i
  grow(a, b, boundary, std::max<node_weight_t>(0, relaxed(alpha_a) - w_[b]), nodes, x);
  const std::size_t in_a = nodes.size();
  grow(b, a, boundary, std::max<node_weight_t>(0, relaxed(alpha_b) - w_[a]), nodes, x);
  auto clear_region = [&]() {
    for (const vid_t v : nodes) x.region[v] = -1;
  };
  if (nodes.empty()) return PairResult::unchanged;

  constexpr int s = 0, t = 1;  // a and b outside the region; region node i is flow node 2 + i
  MaxFlow& flow = x.flow;
  flow.reset(2 + static_cast<int>(nodes.size()));
  std::vector<nid_t> nets;  // the nets in the network, for the before/after cut
  const score_t before = build_network(a, b, nodes, x, nets);
  ++x.flows;
  const score_t cut = flow.run(s, t);
  if (cut > before) {  // the current assignment is a cut of the network: cannot happen
    clear_region();
    TESSERA_REQUIRE(false, "flow refinement: minimum cut " << cut << " above the current " << before);
  }
  // The two extreme minimum cuts: region nodes reachable from s go to a (the rest to b), or those
  // that reach t go to b (the rest to a).
  const std::vector<char> from_s = flow.source_side(s), to_t = flow.sink_side(t);
  node_weight_t region_a = 0, region_b = 0, s_side = 0, t_side = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const node_weight_t wv = L_.node_weights(nodes[i]);
    (i < in_a ? region_a : region_b) += wv;
    if (from_s[2 + i]) s_side += wv;
    if (to_t[2 + i]) t_side += wv;
  }
  const node_weight_t fixed_a = w_[a] - region_a, fixed_b = w_[b] - region_b, region = region_a + region_b;
  const node_weight_t limit_a = std::max(omega_, w_[a]), limit_b = std::max(omega_, w_[b]);
  struct Candidate {
    node_weight_t wa, wb;
    bool feasible;
  };
  const Candidate by_s{fixed_a + s_side, fixed_b + region - s_side, false};
  const Candidate by_t{fixed_a + region - t_side, fixed_b + t_side, false};
  auto feasible = [&](const Candidate& c) { return c.wa <= limit_a && c.wb <= limit_b; };
  const bool fs = feasible(by_s), ft = feasible(by_t);
  if (!fs && !ft) {
    clear_region();
    // by_s gives a the least weight, by_t gives b the least: which side no cut can fit.
    const bool a_heavy = by_s.wa > limit_a, b_heavy = by_t.wb > limit_b;
    return a_heavy == b_heavy ? PairResult::unbalanced : a_heavy ? PairResult::unbalanced_a : PairResult::unbalanced_b;
  }
  const bool use_s = fs && (!ft || std::max(by_s.wa, by_s.wb) <= std::max(by_t.wa, by_t.wb));
  const Candidate& c = use_s ? by_s : by_t;
  const bool better = cut < before || (cut == before && std::max(c.wa, c.wb) < std::max(w_[a], w_[b]));
  if (better) {
    std::vector<char> to_a(nodes.size());
    applied.moves.clear();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      to_a[i] = use_s ? from_s[2 + i] != 0 : to_t[2 + i] == 0;
      applied.moves.emplace_back(nodes[i], to_a[i] ? a : b);
    }
    applied.wa = c.wa;
    applied.wb = c.wb;
    const score_t after = cut_between(a, b, nets, x, to_a);  // the applied cut must be the flow's value
    if (after != cut) clear_region();
    TESSERA_REQUIRE(after == cut, "flow refinement: applied cut " << after << " is not the flow " << cut);
  }
  clear_region();
  return better ? PairResult::improved : PairResult::unchanged;
}

// v's elements in the given order (a permutation of its indices).
template <class T>
std::vector<T> permuted(std::vector<T> v, const std::vector<std::size_t>& order) {
  std::vector<T> out;
  out.reserve(v.size());
  for (const std::size_t i : order) out.push_back(std::move(v[i]));
  return out;
}

// A pool of per-worker scratch, handed out for one pair at a time.
class ScratchPool {
 public:
  ScratchPool(vid_t nodes, nid_t nets) : nodes_(nodes), nets_(nets) {}
  std::unique_ptr<PairScratch> take() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (free_.empty()) return std::make_unique<PairScratch>(nodes_, nets_);
    auto x = std::move(free_.back());
    free_.pop_back();
    return x;
  }
  void give(std::unique_ptr<PairScratch> x) {
    std::lock_guard<std::mutex> lock(mutex_);
    free_.push_back(std::move(x));
  }
  int flows() const {
    int n = 0;
    for (const auto& x : free_) n += x->flows;
    return n;
  }

 private:
  vid_t nodes_;
  nid_t nets_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<PairScratch>> free_;
};

}  // namespace

FlowStats flow_refine(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega,
                      const FlowOptions& options) {
  if (options.alpha <= 0 || k < 2) return {};
  FlowRefiner r(L, parts, k, omega, options);
  ScratchPool pool(L.num_nodes, L.num_nets);
  FlowStats stats;
  // Active blocks (KaHyPar-MF's scheduling): after the first round, only pairs with a block that
  // changed in the previous round are tried again; the others would meet the same cut.
  std::vector<char> active(k, 1);
  // The alphas each pair's last flow used; its next round starts from twice them (keep_alpha).
  std::map<std::pair<part_t, part_t>, std::pair<double, double>> last_alpha;
  for (int round = 0; round < options.max_rounds; ++round) {
    std::vector<std::pair<part_t, part_t>> pairs;
    std::vector<std::vector<nid_t>> boundaries;
    for (auto& [pair, boundary] : r.pair_boundaries()) {
      if (!active[pair.first] && !active[pair.second]) continue;
      pairs.push_back(pair);
      boundaries.push_back(std::move(boundary));
    }
    const std::vector<std::size_t> order = tournament_order(pairs, k);
    pairs = permuted(std::move(pairs), order);
    boundaries = permuted(std::move(boundaries), order);
    std::vector<std::pair<double, double>> alphas(pairs.size(), {options.alpha, options.alpha});
    for (std::size_t i = 0; i < pairs.size(); ++i)
      if (const auto last = last_alpha.find(pairs[i]); options.keep_alpha && last != last_alpha.end())
        alphas[i] = {std::min(options.alpha, 2 * last->second.first), std::min(options.alpha, 2 * last->second.second)};
    std::vector<PairMoves> moves(pairs.size());
    std::vector<char> improved_pair(pairs.size(), 0);
    for (const auto& batch : disjoint_batches(pairs, k)) {
      tessera::detail::host_parallel_for("tessera::part::flow_pairs", std::int64_t(batch.size()), [&](const std::int64_t j) {
        const std::size_t i = batch[j];
        const auto [a, b] = pairs[i];
        auto [alpha_a, alpha_b] = alphas[i];
        auto x = pool.take();
        // A region too large to leave a balanced minimum cut: halve alpha (KaHyPar-MF's adaptive
        // alpha), only on the side whose nodes overfill the other block when one side is to blame.
        while (alpha_a >= 1 && alpha_b >= 1) {
          alphas[i] = {alpha_a, alpha_b};  // the last flow's alphas
          const PairResult result = r.refine_pair(a, b, boundaries[i], alpha_a, alpha_b, *x, moves[i]);
          if (result == PairResult::improved) improved_pair[i] = 1;
          if (result == PairResult::improved || result == PairResult::unchanged) break;
          if (result != PairResult::unbalanced_b) alpha_b /= 2;  // a too heavy: fewer of b's nodes may join it
          if (result != PairResult::unbalanced_a) alpha_a /= 2;
        }
        pool.give(std::move(x));
      });
      for (const std::size_t i : batch)
        if (improved_pair[i]) r.apply(pairs[i].first, pairs[i].second, moves[i]);
    }
    std::vector<char> changed(k, 0);
    bool improved = false;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      last_alpha[pairs[i]] = alphas[i];
      if (!improved_pair[i]) continue;
      improved = true;
      ++stats.improvements;
      changed[pairs[i].first] = changed[pairs[i].second] = 1;
    }
    if (!improved) break;
    active = changed;
  }
  stats.flows = pool.flows();
  return stats;
}

}  // namespace tessera::partitioning
