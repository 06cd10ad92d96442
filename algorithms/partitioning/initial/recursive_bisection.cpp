#include "algorithms/partitioning/initial/recursive_bisection.hpp"

#include <cmath>
#include <queue>
#include <utility>

#include "algorithms/partitioning/coarsening/propose_pairs.hpp"
#include "algorithms/partitioning/initial/greedy_growing.hpp"

namespace tessera::partitioning {

double bisection_epsilon(double epsilon, part_t k) {
  if (k <= 2) return epsilon;
  const double levels = std::ceil(std::log2(double(k)));
  return std::pow(1.0 + epsilon, 1.0 / levels) - 1.0;
}

namespace {

// The sub-hypergraph of L induced by `nodes` (local ids follow their order): each net restricted
// to its pins in `nodes` (whole_nets: only nets with all their pins there), nets of fewer than two
// such pins dropped; nets in order of their first local pin.
Level<Kokkos::HostSpace> induced(const Level<Kokkos::HostSpace>& L, const std::vector<vid_t>& nodes, bool whole_nets) {
  std::vector<vid_t> local(L.num_nodes, invalid_vid);
  for (std::size_t i = 0; i < nodes.size(); ++i) local[nodes[i]] = vid_t(i);
  std::vector<char> seen(L.num_nets, 0);
  std::vector<nid_t> nets;
  eid_t pins = 0;
  for (const vid_t v : nodes)
    for (eid_t i = L.node_offsets(v); i < L.node_offsets(v + 1); ++i) {
      const nid_t e = L.incident_nets(i);
      if (seen[e]) continue;
      seen[e] = 1;
      eid_t inside = 0;
      for (eid_t q = L.net_offsets(e); q < L.net_offsets(e + 1); ++q) inside += local[L.pins(q)] != invalid_vid;
      if (inside < 2 || (whole_nets && inside != L.net_offsets(e + 1) - L.net_offsets(e))) continue;
      nets.push_back(e);
      pins += inside;
    }
  const vid_t n = vid_t(nodes.size());
  auto S = allocate_level<Kokkos::HostSpace>(n, nid_t(nets.size()), pins);
  for (vid_t v = 0; v <= n; ++v) S.node_offsets(v) = 0;
  eid_t next = 0;
  S.net_offsets(0) = 0;
  for (std::size_t j = 0; j < nets.size(); ++j) {
    const nid_t e = nets[j];
    for (eid_t q = L.net_offsets(e); q < L.net_offsets(e + 1); ++q)
      if (local[L.pins(q)] != invalid_vid) {
        S.pins(next++) = local[L.pins(q)];
        ++S.node_offsets(local[L.pins(q)] + 1);
      }
    S.net_offsets(j + 1) = next;
    S.net_num_sources(j) = 0;
    S.net_weights(j) = L.net_weights(e);
  }
  for (vid_t v = 0; v < n; ++v) {
    S.node_offsets(v + 1) += S.node_offsets(v);
    S.node_num_inbound(v) = 0;
    S.node_weights(v) = L.node_weights(nodes[v]);
  }
  std::vector<eid_t> fill(S.node_offsets.data(), S.node_offsets.data() + n);
  for (nid_t j = 0; j < S.num_nets; ++j)
    for (eid_t q = S.net_offsets(j); q < S.net_offsets(j + 1); ++q) S.incident_nets(fill[S.pins(q)]++) = j;
  return S;
}

// Grows block 0 from a pseudo-random node, always adding the node most connected to it (sum of
// w(e) + 1 over its nets touching the block; ties to the smaller id), skipping nodes that do not
// fit max0, until it weighs at least target0; a new seed (the next unassigned id after a random
// start, cyclically) when the frontier is empty. The rest is block 1.
std::vector<part_t> grow_bisection(const Level<Kokkos::HostSpace>& S, node_weight_t target0, node_weight_t max0,
                                   std::uint64_t seed) {
  const vid_t n = S.num_nodes;
  std::vector<part_t> parts(n, 1);
  if (n == 0) return parts;
  std::vector<char> done(n, 0);  // in block 0, or skipped for not fitting
  std::vector<score_t> conn(n, 0);
  std::vector<char> net_touched(S.num_nets, 0);
  std::priority_queue<std::pair<score_t, vid_t>> frontier;  // (connection, -id), stale entries skipped
  vid_t cursor = vid_t(detail::mix64(seed) % std::uint64_t(n)), scanned = 0;
  node_weight_t weight = 0;
  while (weight < target0) {
    vid_t v = invalid_vid;
    while (!frontier.empty() && v == invalid_vid) {
      auto [c, negid] = frontier.top();
      frontier.pop();
      if (!done[-negid] && c == conn[-negid]) v = -negid;
    }
    for (; v == invalid_vid && scanned < n; ++scanned, cursor = (cursor + 1) % n)
      if (!done[cursor]) v = cursor;
    if (v == invalid_vid) break;
    done[v] = 1;
    if (weight + S.node_weights(v) > max0) continue;
    parts[v] = 0;
    weight += S.node_weights(v);
    for (eid_t i = S.node_offsets(v); i < S.node_offsets(v + 1); ++i) {
      const nid_t e = S.incident_nets(i);
      if (net_touched[e]) continue;
      net_touched[e] = 1;
      for (eid_t q = S.net_offsets(e); q < S.net_offsets(e + 1); ++q) {
        const vid_t u = S.pins(q);
        if (done[u]) continue;
        conn[u] += S.net_weights(e) + 1;
        frontier.emplace(conn[u], -u);
      }
    }
  }
  return parts;
}

struct Bisector {
  const BisectionOptions& o;
  double eps;  // per level
  std::vector<part_t>& out;

  // The best of o.trials grown and FM-polished bisections of S into k1 and k2 blocks (within both
  // limits first, then the objective, then the earlier trial).
  std::vector<part_t> bisect(const Level<Kokkos::HostSpace>& S, part_t k1, part_t k2, std::uint64_t seed) const {
    node_weight_t W = 0;
    for (vid_t v = 0; v < S.num_nodes; ++v) W += S.node_weights(v);
    const part_t kk = k1 + k2;
    auto limit = [&](part_t ki) {
      return node_weight_t(std::floor((1.0 + eps) * double((W * ki + kk - 1) / kk)));
    };
    FmOptions fm = o.fm;
    fm.max_weights = {limit(k1), limit(k2)};
    std::vector<part_t> best;
    score_t best_value = 0;
    bool best_valid = false;
    for (int t = 0; t < std::max(1, o.trials); ++t) {
      auto parts = grow_bisection(S, (W * k1 + kk - 1) / kk, fm.max_weights[0], detail::mix64(seed + std::uint64_t(t)));
      fm_refine(S, parts, 2, fm.max_weights[0], fm);
      node_weight_t w0 = 0;
      for (vid_t v = 0; v < S.num_nodes; ++v) w0 += parts[v] == 0 ? S.node_weights(v) : 0;
      const bool valid = w0 <= fm.max_weights[0] && W - w0 <= fm.max_weights[1];
      const score_t value = host_objective(S, parts, o.fm.objective);
      if (best.empty() || (valid && !best_valid) || (valid == best_valid && value < best_value)) {
        best = std::move(parts);
        best_value = value;
        best_valid = valid;
      }
    }
    return best;
  }

  // Blocks first..first+k-1 for S's nodes, whose ids in the input level are `ids`.
  void split(const Level<Kokkos::HostSpace>& S, const std::vector<vid_t>& ids, part_t first, part_t k) const {
    if (k == 1 || S.num_nodes == 0) {
      for (const vid_t v : ids) out[v] = first;
      return;
    }
    const part_t k1 = (k + 1) / 2, k2 = k / 2;
    const auto parts = bisect(S, k1, k2, o.seed ^ detail::mix64((std::uint64_t(first) << 32) | std::uint64_t(k)));
    std::vector<vid_t> side[2], side_ids[2];
    for (vid_t v = 0; v < S.num_nodes; ++v) {
      side[parts[v]].push_back(v);
      side_ids[parts[v]].push_back(ids[v]);
    }
    const bool whole = o.fm.objective == KwayObjective::cut;
    split(induced(S, side[0], whole), side_ids[0], first, k1);
    split(induced(S, side[1], whole), side_ids[1], first + k1, k2);
  }
};

}  // namespace

std::vector<part_t> recursive_bisection(const Level<Kokkos::HostSpace>& L, part_t k, const BisectionOptions& o) {
  std::vector<part_t> parts(L.num_nodes, 0);
  std::vector<vid_t> ids(L.num_nodes);
  for (vid_t v = 0; v < L.num_nodes; ++v) ids[v] = v;
  const Bisector b{o, bisection_epsilon(o.epsilon, k), parts};
  if (k > 1) b.split(L, ids, 0, k);
  return parts;
}

}  // namespace tessera::partitioning
