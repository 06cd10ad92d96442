#include "algorithms/partitioning/flow/flow_refine.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "algorithms/partitioning/flow/max_flow.hpp"
#include "core/error.hpp"

namespace tessera::partitioning {

namespace {

// unbalanced_a: every minimum cut leaves a above its limit (b's region, the nodes that may join a,
// is too large); unbalanced_b the other way round; unbalanced: both, or neither alone (each
// extreme cut overfills the other block), and both regions shrink.
enum class PairResult { unchanged, improved, unbalanced_a, unbalanced_b, unbalanced };

class FlowRefiner {
 public:
  FlowRefiner(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega,
              const FlowOptions& o)
      : L_(L), parts_(parts), k_(k), omega_(omega), o_(o), w_(k, 0), region_(L.num_nodes, -1), net_mark_(L.num_nets, -1),
        relevant_stamp_(L.num_nets, -1), relevant_(L.num_nets, 0) {
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

  // Region of a (the nodes that may join b) within alpha_a's relaxed limit, b's within alpha_b's.
  PairResult refine_pair(part_t a, part_t b, const std::vector<nid_t>& boundary, double alpha_a, double alpha_b);

  FlowStats stats;

 private:
  // Whether net e enters the flow problem of (a, b): two or more pins, and with the cut objective
  // no pin in a third block (such a net stays cut whatever a and b do). Remembered for the current
  // pair attempt (the partition does not change while its regions grow and its network is built:
  // each net's pins are read once for this, not once per search).
  bool relevant(nid_t e, part_t a, part_t b) {
    if (L_.net_offsets(e + 1) - L_.net_offsets(e) < 2) return false;
    if (o_.objective == KwayObjective::km1) return true;
    if (relevant_stamp_[e] == pair_attempt_) return relevant_[e] != 0;
    bool within = true;
    for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1) && within; ++q) {
      const part_t p = parts_[L_.pins(q)];
      within = p == a || p == b;
    }
    relevant_stamp_[e] = pair_attempt_;
    relevant_[e] = within ? 1 : 0;
    return within;
  }

  // BFS from the boundary pins in block `side`, in net and pin order, adding nodes while the
  // region stays within `cap`; region_[v] = its flow node id.
  void grow(part_t side, part_t other, const std::vector<nid_t>& boundary, node_weight_t cap, std::vector<vid_t>& nodes) {
    node_weight_t weight = 0;
    const std::size_t start = nodes.size();
    auto visit = [&](vid_t v) {
      if (parts_[v] != side || region_[v] >= 0 || weight + L_.node_weights(v) > cap) return;
      weight += L_.node_weights(v);
      region_[v] = 2 + static_cast<int>(nodes.size());
      nodes.push_back(v);
    };
    // A net's pins are visited once: a pin turned away stays turned away (its block does not
    // change, the region's weight only grows), so visiting them again would add nothing.
    const int stamp = ++attempt_;
    for (const nid_t e : boundary) {
      net_mark_[e] = stamp;
      for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1); ++q) visit(L_.pins(q));
    }
    for (std::size_t head = start; head < nodes.size(); ++head) {
      const vid_t u = nodes[head];
      for (eid_t i = L_.node_offsets(u); i < L_.node_offsets(u + 1); ++i) {
        const nid_t e = L_.incident_nets(i);
        if (net_mark_[e] == stamp) continue;
        net_mark_[e] = stamp;
        const eid_t size = L_.net_offsets(e + 1) - L_.net_offsets(e);
        if (size < 2 || size > o_.max_net_size || !relevant(e, side, other)) continue;
        for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1); ++q) visit(L_.pins(q));
      }
    }
  }

  score_t build_network(part_t a, part_t b, const std::vector<vid_t>& nodes, MaxFlow& flow, std::vector<nid_t>& nets);
  score_t cut_between(part_t a, part_t b, const std::vector<nid_t>& nets) const;

  const Level<Kokkos::HostSpace>& L_;
  std::vector<part_t>& parts_;
  part_t k_;
  node_weight_t omega_;
  const FlowOptions& o_;
  std::vector<node_weight_t> w_;
  node_weight_t perfect_ = 0;
  std::vector<int> region_;     // flow node of a region node, -1 outside
  std::vector<int> net_mark_;   // last search (region growing, network building) that met the net
  int attempt_ = 0;             // the number of the current search
  MaxFlow flow_;                // reset for every network: its arrays are allocated once
  std::vector<int> relevant_stamp_;  // the pair attempt that computed relevant_[e]
  std::vector<char> relevant_;
  int pair_attempt_ = 0;
};

// Flow network of the region `nodes` between a and b (flow node 0: s, the rest of a; 1: t, the rest
// of b; 2 + i: nodes[i]; then the net nodes): every relevant net with a pin in the region and at
// least two terminals becomes Lawler's expansion, or one undirected edge when it has two terminals.
// Nets with pins in both the source and the sink stay cut whatever the region does and are left
// out. Appends those nets to `nets` and returns their current cut weight (pins in both a and b).
score_t FlowRefiner::build_network(part_t a, part_t b, const std::vector<vid_t>& nodes, MaxFlow& flow,
                                   std::vector<nid_t>& nets) {
  constexpr int s = 0, t = 1;
  ++attempt_;
  score_t before = 0;
  std::vector<int> terminals;
  for (const vid_t u : nodes) {
    for (eid_t i = L_.node_offsets(u); i < L_.node_offsets(u + 1); ++i) {
      const nid_t e = L_.incident_nets(i);
      if (net_mark_[e] == attempt_) continue;
      net_mark_[e] = attempt_;
      if (!relevant(e, a, b)) continue;
      bool source = false, sink = false, pin_a = false, pin_b = false;
      terminals.clear();
      for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1); ++q) {
        const vid_t v = L_.pins(q);
        const part_t p = parts_[v];
        pin_a = pin_a || p == a;
        pin_b = pin_b || p == b;
        if (region_[v] >= 0) terminals.push_back(region_[v]);
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

// The weight of the nets in `nets` with pins in both a and b.
score_t FlowRefiner::cut_between(part_t a, part_t b, const std::vector<nid_t>& nets) const {
  score_t cut = 0;
  for (const nid_t e : nets) {
    bool pa = false, pb = false;
    for (eid_t q = L_.net_offsets(e); q < L_.net_offsets(e + 1); ++q) {
      pa = pa || parts_[L_.pins(q)] == a;
      pb = pb || parts_[L_.pins(q)] == b;
    }
    if (pa && pb) cut += L_.net_weights(e);
  }
  return cut;
}

PairResult FlowRefiner::refine_pair(part_t a, part_t b, const std::vector<nid_t>& boundary, double alpha_a,
                                    double alpha_b) {
  auto relaxed = [&](double alpha) {
    return static_cast<node_weight_t>(std::floor((1.0 + alpha * o_.epsilon) * double(perfect_)));
  };
  ++pair_attempt_;
  std::vector<vid_t> nodes;  // region nodes, a's first; flow node of nodes[i] is 2 + i
  grow(a, b, boundary, std::max<node_weight_t>(0, relaxed(alpha_a) - w_[b]), nodes);
  const std::size_t in_a = nodes.size();
  grow(b, a, boundary, std::max<node_weight_t>(0, relaxed(alpha_b) - w_[a]), nodes);
  auto clear_region = [&]() {
    for (const vid_t v : nodes) region_[v] = -1;
  };
  if (nodes.empty()) return PairResult::unchanged;

  constexpr int s = 0, t = 1;  // a and b outside the region; region node i is flow node 2 + i
  MaxFlow& flow = flow_;
  flow.reset(2 + static_cast<int>(nodes.size()));
  std::vector<nid_t> nets;  // the nets in the network, for the before/after cut
  const score_t before = build_network(a, b, nodes, flow, nets);
  ++stats.flows;
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
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const bool to_a = use_s ? from_s[2 + i] != 0 : to_t[2 + i] == 0;
      parts_[nodes[i]] = to_a ? a : b;
    }
    w_[a] = c.wa;
    w_[b] = c.wb;
    ++stats.improvements;
    const score_t after = cut_between(a, b, nets);  // the applied cut must be the flow's value
    TESSERA_REQUIRE(after == cut, "flow refinement: applied cut " << after << " is not the flow " << cut);
  }
  clear_region();
  return better ? PairResult::improved : PairResult::unchanged;
}

}  // namespace

FlowStats flow_refine(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega,
                      const FlowOptions& options) {
  if (options.alpha <= 0 || k < 2) return {};
  FlowRefiner r(L, parts, k, omega, options);
  // Active blocks (KaHyPar-MF's scheduling): after the first round, only pairs with a block that
  // changed in the previous round are tried again; the others would meet the same cut.
  std::vector<char> active(k, 1);
  // The alphas each pair's last flow used; its next round starts from twice them (keep_alpha).
  std::map<std::pair<part_t, part_t>, std::pair<double, double>> last_alpha;
  for (int round = 0; round < options.max_rounds; ++round) {
    std::vector<char> changed(k, 0);
    bool improved = false;
    for (const auto& [pair, boundary] : r.pair_boundaries()) {
      if (!active[pair.first] && !active[pair.second]) continue;
      // A region too large to leave a balanced minimum cut: halve alpha (KaHyPar-MF's adaptive
      // alpha), only on the side whose nodes overfill the other block when one side is to blame.
      double alpha_a = options.alpha, alpha_b = options.alpha;
      if (const auto last = last_alpha.find(pair); options.keep_alpha && last != last_alpha.end()) {
        alpha_a = std::min(options.alpha, 2 * last->second.first);
        alpha_b = std::min(options.alpha, 2 * last->second.second);
      }
      while (alpha_a >= 1 && alpha_b >= 1) {
        const PairResult result = r.refine_pair(pair.first, pair.second, boundary, alpha_a, alpha_b);
        last_alpha[pair] = {alpha_a, alpha_b};
        if (result == PairResult::improved) {
          improved = true;
          changed[pair.first] = changed[pair.second] = 1;
        }
        if (result == PairResult::improved || result == PairResult::unchanged) break;
        if (result != PairResult::unbalanced_b) alpha_b /= 2;  // a too heavy: fewer of b's nodes may join it
        if (result != PairResult::unbalanced_a) alpha_a /= 2;
      }
    }
    if (!improved) break;
    active = changed;
  }
  return r.stats;
}

}  // namespace tessera::partitioning
