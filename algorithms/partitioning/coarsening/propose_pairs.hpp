#pragma once
// Candidate pairs proposal (paper 3, §V-C): every node scores its materialised neighbours with
// the histogram eta(n, m) = sum_{e in I(n), m in e} w(e) / |e| (Eq. 5), keeps in the same bin the
// inbound intersection |in(n) ∩ in(m)| so that |in(n) U in(m)| = |in(n)| + |in(m)| - inter <= Delta
// is checked inline (Eq. 6), adds deterministic symmetric noise, flags invalid neighbours, and
// returns its top-Pi valid neighbours (Pi proposal graphs; Pi = 4 by default).
//
// Determinism: bins accumulate integers (fixed-point w(e)·2^16/|e|, integer atomics commute);
// noise is a hash of (seed, min(n,m), max(n,m)); candidates are ranked by (score, id) — no
// floating point and no order dependence. One team per node, team threads over the pins of
// each incident net (the paper's warp-per-node mapping).
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>

#include "algorithms/partitioning/coarsening/neighbor_batches.hpp"
#include "algorithms/partitioning/coarsening/neighbors.hpp"
#include "algorithms/partitioning/coarsening/pair_window.hpp"
#include "algorithms/partitioning/common/level.hpp"
#include "algorithms/partitioning/common/partition_limits.hpp"
#include "core/kokkos_ext/atomics.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/wide_teams.hpp"

namespace tessera::partitioning {

inline constexpr int k_max_candidates = 8;
inline constexpr int k_score_shift = 16;  // eta bins are w_fix(e) << 16 / |e|

struct ProposalParams {
  int candidates = 4;                 // Pi
  PartitionLimits limits;             // clusters: max_cluster_weight and Delta
  double noise_fraction = 0;          // noise in [0, noise_fraction * mean normalised net weight]
  std::uint64_t seed = 0;
  ScoredPairs pairs;                  // the pins each pin scores (larger nets: none, never invalid)
  // 0: eta as in the paper; 1: eta / (w(n) + w(m)); 2: eta / (w(n) w(m)) (heavy-edge rating of
  // KaHyPar-like coarseners): discourages every node from targeting the same large cluster.
  int weight_penalty = 0;
};

namespace detail {
KOKKOS_INLINE_FUNCTION std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}
// Symmetric pseudo-random noise of the pair {a, b} in [0, cap].
KOKKOS_INLINE_FUNCTION score_t pair_noise(std::uint64_t seed, vid_t a, vid_t b, score_t cap) {
  if (cap <= 0) return 0;
  const std::uint64_t lo = static_cast<std::uint64_t>(a < b ? a : b), hi = static_cast<std::uint64_t>(a < b ? b : a);
  const std::uint64_t h = mix64(seed ^ mix64((hi << 32) | lo));
  return static_cast<score_t>(h % static_cast<std::uint64_t>(cap + 1));
}
// The first index in [from, end) of the sorted ids whose id is not below m (end if none): a
// galloping search from `from`, so a thread walking a net's ascending pins through one row pays
// about log(gap) probes per pin instead of log(row).
template <class Ids>
KOKKOS_INLINE_FUNCTION eid_t gallop_lower_bound(const Ids& ids, eid_t from, eid_t end, vid_t m) {
  eid_t lo = from, step = 1;
  while (lo + step < end && ids(lo + step - 1) < m) {  // [from, lo + step) all below m
    lo += step;
    step *= 2;
  }
  eid_t hi = lo + step < end ? lo + step : end;
  while (lo < hi) {
    const eid_t mid = lo + (hi - lo) / 2;
    if (ids(mid) < m) lo = mid + 1; else hi = mid;
  }
  return lo;
}
// Total order of candidate (score, id): larger score first, then larger id (paper: max_id argmax).
KOKKOS_INLINE_FUNCTION bool better(score_t s1, vid_t id1, score_t s2, vid_t id2) {
  return s1 > s2 || (s1 == s2 && id1 > id2);
}
}  // namespace detail

// Per-node candidates, best first; unused slots hold invalid_vid.
template <class MemorySpace>
struct Proposals {
  Kokkos::View<vid_t**, MemorySpace> target;   // num_nodes x Pi
  Kokkos::View<score_t**, MemorySpace> score;  // num_nodes x Pi
};

// Scratch of the proposals of one coarsening (device allocations synchronise): candidates for
// the finest level's nodes, and eta / intersection bins for `bins` neighbour entries. A level
// whose neighbour rows hold more entries (rows rebuilt with --neighbors off) allocates its own.
template <class MemorySpace>
struct ProposalWorkspace {
  Kokkos::View<vid_t*, MemorySpace> target;    // finest nodes x k_max_candidates
  Kokkos::View<score_t*, MemorySpace> score;   // finest nodes x k_max_candidates
  Kokkos::View<score_t*, MemorySpace> hist;    // bins
  Kokkos::View<std::int32_t*, MemorySpace> inter;
  Kokkos::View<score_t, MemorySpace> weight_sum, weight_count;  // the level's mean, on the device

  ProposalWorkspace(vid_t finest_nodes, eid_t bins)
      : target(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cand"),
               std::int64_t(finest_nodes) * k_max_candidates),
        score(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cand_score"),
              std::int64_t(finest_nodes) * k_max_candidates),
        hist(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::eta"), bins),
        inter(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::inter"), bins),
        weight_sum("tessera::part::mean_w_sum"),
        weight_count("tessera::part::mean_w_count") {}
};

// The sum and count of the normalised pair weights w_fix(e) << 16 / |e| over nets with two or
// more pins, reduced into ws on the device (the noise cap is computed from them in the proposal
// kernel, so no value goes to the host).
template <class ExecSpace>
void normalised_weight_terms(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                             const ProposalWorkspace<typename ExecSpace::memory_space>& ws) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  auto off = L.net_offsets;
  auto w = L.net_weights;
  Kokkos::parallel_reduce(
      "tessera::part::mean_w", range(space, 0, L.num_nets),
      KOKKOS_LAMBDA(const std::int64_t e, score_t& s) {
        const eid_t size = off(e + 1) - off(e);
        if (size >= 2) s += (w(e) << k_score_shift) / size;
      },
      ws.weight_sum);
  Kokkos::parallel_reduce(
      "tessera::part::mean_w_count", range(space, 0, L.num_nets),
      KOKKOS_LAMBDA(const std::int64_t e, score_t& c) { if (off(e + 1) - off(e) >= 2) ++c; }, ws.weight_count);
}

// Proposals of one level, written into ws (valid until the next call): the views, and the
// level's mean pair weight (the noise cap) reduced on the device.
template <class ExecSpace>
Proposals<typename ExecSpace::memory_space> begin_proposals(const ExecSpace& space,
                                                            const Level<typename ExecSpace::memory_space>& L,
                                                            const ProposalParams& p,
                                                            ProposalWorkspace<typename ExecSpace::memory_space>& ws) {
  using mem = typename ExecSpace::memory_space;
  Proposals<mem> out;
  out.target = Kokkos::View<vid_t**, mem>(ws.target.data(), L.num_nodes, p.candidates);
  out.score = Kokkos::View<score_t**, mem>(ws.score.data(), L.num_nodes, p.candidates);
  normalised_weight_terms(space, L, ws);
  return out;
}

// Histogram bins for `entries` neighbour entries.
template <class MemorySpace>
void reserve_bins(ProposalWorkspace<MemorySpace>& ws, eid_t entries) {
  if (static_cast<eid_t>(ws.hist.extent(0)) >= entries) return;
  ws.hist = Kokkos::View<score_t*, MemorySpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::eta"),
                                                entries);
  ws.inter = Kokkos::View<std::int32_t*, MemorySpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::inter"), entries);
}

// One incident net of a proposing node: the pins it pairs with, their score and v's side.
struct ScoredNet {
  PinSpan span;
  score_t w;
  eid_t dst_begin;
  bool v_inbound;
};

// Proposals of `rows` nodes of L take a thread per incident net, in teams wider than a warp, when
// warps would leave a GPU idle (core/kokkos_ext/wide_teams.hpp; 64k-rand's tail of 200-3,000
// nodes). Otherwise the team goes over each net's pins, coalesced, net after net.
template <class LevelT>
int wide_proposal_team(const LevelT& L, std::int64_t rows) {
  const double mean_nets = L.num_nodes > 0 ? double(L.num_pins()) / double(L.num_nodes) : 0.0;
  const int threads = tessera::detail::wide_team_size(rows, mean_nets);
  return threads > 32 ? threads : 0;
}

namespace detail {

// propose_rows' kernel: one team per node v of [first, first + league size). Steps, each over v's
// neighbour row and separated by team barriers: clear the bins, score v's incident nets into
// them (Eq. 5, and the inbound intersections of Eq. 6), flag the invalid neighbours and add the
// noise, keep the top Pi.
template <class ExecSpace>
struct ProposeRowsKernel {
  using mem = typename ExecSpace::memory_space;
  using member = typename tessera::detail::LightTeamPolicy<ExecSpace>::member_type;

  Level<mem> L;
  Neighbors<mem> nbr;
  vid_t row0, first;  // node v's neighbours are nbr's row v - row0
  eid_t base;         // entry j's bins are hist(j - base) and inter(j - base)
  Kokkos::View<score_t*, mem> hist;
  Kokkos::View<std::int32_t*, mem> inter;
  Kokkos::View<score_t, mem> weight_sum, weight_count;
  Proposals<mem> out;
  int pi;
  node_weight_t omega;
  std::int64_t delta;
  double noise_fraction;
  std::uint64_t seed;
  eid_t max_net, window;
  int penalty;
  bool wide;  // a thread per incident net (wide_proposal_team), else the team over each net's pins

  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const vid_t v = first + static_cast<vid_t>(team.league_rank());
    const eid_t nb = nbr.offsets(v - row0), ne = nbr.offsets(v - row0 + 1);
    // No neighbour left that may be valid (rows purged or flagged in a constrained tail: a pair
    // found invalid stays invalid, neighbors.hpp): no candidate, and no pin to visit.
    eid_t live = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, nb, ne), [&](const eid_t j, eid_t& c) { c += nbr.invalid(j) == 0 ? 1 : 0; },
        live);
    if (live == 0) {
      Kokkos::single(Kokkos::PerTeam(team), [&]() {
        for (int r = 0; r < pi; ++r) {
          out.target(v, r) = invalid_vid;
          out.score(v, r) = 0;
        }
      });
      return;
    }
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, nb, ne), [&](const eid_t j) {
      hist(j - base) = 0;
      inter(j - base) = 0;
    });
    team.team_barrier();
    score_nets(team, v, nb, ne);
    team.team_barrier();
    validate(team, v, nb, ne);
    team.team_barrier();
    Kokkos::single(Kokkos::PerTeam(team), [&]() { keep_top(v, nb, ne); });
  }

  // The pins of v's i-th incident net that v pairs with (none when the net is not scored), the
  // pair weight w(e) / |e| they score, and where its destinations start.
  KOKKOS_INLINE_FUNCTION ScoredNet scored_net(const vid_t v, const eid_t i) const {
    const nid_t e = L.incident_nets(i);
    const eid_t pb = L.net_offsets(e), pe = L.net_offsets(e + 1);
    if (pe - pb > max_net || pe - pb < 2) return ScoredNet{PinSpan{pb, pe - pb, 0, 0}, 0, pe, false};
    const eid_t dst_begin = pb + L.net_num_sources(e);
    const bool v_inbound = i < L.node_offsets(v) + L.node_num_inbound(v);
    return ScoredNet{paired_pins(L.pins, pb, pe, dst_begin, v, v_inbound, window),
                     (L.net_weights(e) << k_score_shift) / (pe - pb), dst_begin, v_inbound};
  }

  // Scores pin t of a net's span into m's bin. A thread takes its pins in order, and a net's
  // sources and destinations each ascend: m's bin is searched from the previous pin's (`from`)
  // while the pins ascend.
  KOKKOS_INLINE_FUNCTION void score_pin(const vid_t v, const eid_t nb, const eid_t ne, const ScoredNet& net,
                                        const eid_t t, eid_t& from, vid_t& previous) const {
    const eid_t k = net.span(t);
    const vid_t m = L.pins(k);
    if (m == v) return;
    if (previous == invalid_vid || m < previous) from = nb;
    const eid_t lo = gallop_lower_bound(nbr.ids, from, ne, m);
    from = lo;
    previous = m;
    if (lo == ne || nbr.ids(lo) != m) return;
    tessera::detail::atomic_add(&hist(lo - base), net.w);
    if (net.v_inbound && k >= net.dst_begin) tessera::detail::atomic_add(&inter(lo - base), std::int32_t(1));
  }

  KOKKOS_INLINE_FUNCTION void score_nets(const member& team, const vid_t v, const eid_t nb, const eid_t ne) const {
    const eid_t ib = L.node_offsets(v), ie = L.node_offsets(v + 1);
    if (wide) {  // a thread per incident net (few nodes with many nets each: constrained tails)
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, ib, ie), [&](const eid_t i) {
        const ScoredNet net = scored_net(v, i);
        eid_t from = nb;
        vid_t previous = invalid_vid;
        for (eid_t t = 0; t < net.span.count; ++t) score_pin(v, nb, ne, net, t, from, previous);
      });
      return;
    }
    for (eid_t i = ib; i < ie; ++i) {  // the team over each net's pins, net after net
      const ScoredNet net = scored_net(v, i);
      // Pins of one net are distinct, so threads of the team hit distinct bins; the atomics
      // only guard against a slow thread still on the previous net.
      eid_t from = nb;
      vid_t previous = invalid_vid;
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, eid_t(0), net.span.count),
                           [&](const eid_t t) { score_pin(v, nb, ne, net, t, from, previous); });
    }
  }

  // Validity (Eq. 6) and noise; invalid neighbours are flagged for purging and score -1.
  KOKKOS_INLINE_FUNCTION void validate(const member& team, const vid_t v, const eid_t nb, const eid_t ne) const {
    const score_t noise_cap =
        weight_count() > 0 ? static_cast<score_t>(noise_fraction * double(weight_sum() / weight_count())) : 0;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, nb, ne), [&](const eid_t j) {
      const vid_t m = nbr.ids(j);
      const auto& vw = L.node_weights;
      const bool ok = nbr.invalid(j) == 0 && vw(v) + vw(m) <= omega &&
                      static_cast<std::int64_t>(L.node_num_inbound(v)) + L.node_num_inbound(m) - inter(j - base) <= delta;
      if (!ok) {
        nbr.invalid(j) = 1;
        hist(j - base) = -1;
        return;
      }
      score_t h = hist(j - base) + pair_noise(seed, v, m, noise_cap);
      if (penalty == 1) h /= (vw(v) + vw(m));
      if (penalty == 2) h /= (vw(v) * vw(m));
      hist(j - base) = h > 0 ? h : 1;
    });
  }

  // The Pi valid neighbours of largest (score, id), by insertion into a sorted array of Pi.
  KOKKOS_INLINE_FUNCTION void keep_top(const vid_t v, const eid_t nb, const eid_t ne) const {
    score_t bs[k_max_candidates];
    vid_t bid[k_max_candidates];
    for (int r = 0; r < pi; ++r) {
      bs[r] = -1;
      bid[r] = invalid_vid;
    }
    for (eid_t j = nb; j < ne; ++j) {
      const score_t s = hist(j - base);
      if (s <= 0) continue;
      const vid_t m = nbr.ids(j);
      if (!better(s, m, bs[pi - 1], bid[pi - 1])) continue;
      int r = pi - 1;
      while (r > 0 && better(s, m, bs[r - 1], bid[r - 1])) {
        bs[r] = bs[r - 1];
        bid[r] = bid[r - 1];
        --r;
      }
      bs[r] = s;
      bid[r] = m;
    }
    for (int r = 0; r < pi; ++r) {
      out.target(v, r) = bid[r];
      out.score(v, r) = bs[r] < 0 ? 0 : bs[r];
    }
  }
};

}  // namespace detail

// The candidates of nodes [first, last): node v's neighbours are nbr's row v - row0 (rows of
// the whole level: row0 = 0; rows of this batch only: row0 = first), entry j's bins hist(j - base)
// and inter(j - base) (ws holds at least the batch's entries).
template <class ExecSpace>
void propose_rows(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                  const Neighbors<typename ExecSpace::memory_space>& nbr, vid_t row0, vid_t first, vid_t last,
                  eid_t base, const ProposalParams& p, const ProposalWorkspace<typename ExecSpace::memory_space>& ws,
                  const Proposals<typename ExecSpace::memory_space>& out) {
  using policy = tessera::detail::LightTeamPolicy<ExecSpace>;
  if (last <= first) return;
  const int wide_team = tessera::detail::is_gpu_space<ExecSpace>() ? wide_proposal_team(L, last - first) : 0;
  const detail::ProposeRowsKernel<ExecSpace> kernel{L,
                                                    nbr,
                                                    row0,
                                                    first,
                                                    base,
                                                    ws.hist,
                                                    ws.inter,
                                                    ws.weight_sum,
                                                    ws.weight_count,
                                                    out,
                                                    p.candidates,
                                                    p.limits.max_cluster_weight,
                                                    p.limits.max_inbound,
                                                    p.noise_fraction,
                                                    p.seed,
                                                    p.pairs.max_net_size,
                                                    p.pairs.window,
                                                    p.weight_penalty,
                                                    wide_team > 0};
  int team_size = 1;
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) {
    double mean_net = L.num_nets > 0 ? double(L.num_pins()) / L.num_nets : 1.0;
    if (p.pairs.window > 0) mean_net = std::min(mean_net, double(p.pairs.window + 1));
    team_size = kernel.wide ? wide_team : 32;
    while (!kernel.wide && team_size > 4 && team_size / 2 >= mean_net) team_size /= 2;
    team_size = std::min(team_size, policy(space, 1, 1).team_size_max(kernel, Kokkos::ParallelForTag()));
  }
  Kokkos::parallel_for("tessera::part::propose", policy(space, last - first, team_size), kernel);
}

// The proposals of every node of L over its materialised rows nbr, batch after batch within
// `limits`: one batch when the rows' capacity fits (no read-back), else batches planned over the
// level's rows. The returned proposals live in ws (valid until the next call).
template <class ExecSpace>
Proposals<typename ExecSpace::memory_space> propose_pairs(const ExecSpace& space,
                                                          const Level<typename ExecSpace::memory_space>& L,
                                                          Neighbors<typename ExecSpace::memory_space>& nbr,
                                                          const ProposalParams& p,
                                                          ProposalWorkspace<typename ExecSpace::memory_space>& ws,
                                                          const BatchLimits& limits = {}) {
  const vid_t n = L.num_nodes;
  const auto out = begin_proposals(space, L, p, ws);
  const eid_t nb_capacity = static_cast<eid_t>(nbr.ids.extent(0));
  eid_t nb_total = nb_capacity;
  if (!fits_one_batch(n, nb_capacity, limits)) {
    Kokkos::deep_copy(space, nb_total, Kokkos::subview(nbr.offsets, std::int64_t(n)));
    space.fence();
  }
  const RowBatches batches = plan_row_batches(nbr.offsets, n, nb_total, limits);
  reserve_bins(ws, batches.max_entries);
  for (std::size_t b = 0; b < batches.count(); ++b)
    propose_rows(space, L, nbr, 0, batches.rows[b], batches.rows[b + 1], batches.entries[b], p, ws, out);
  return out;
}

// stream_neighbors' visit (--neighbors off): the proposals of one batch of rows, into `out`.
template <class ExecSpace>
struct ProposeBatch {
  const ExecSpace& space;
  const Level<typename ExecSpace::memory_space>& level;
  const ProposalParams& params;
  ProposalWorkspace<typename ExecSpace::memory_space>& ws;
  Proposals<typename ExecSpace::memory_space> out;
  void operator()(const Neighbors<typename ExecSpace::memory_space>& rows, vid_t first, vid_t last) const {
    reserve_bins(ws, static_cast<eid_t>(rows.ids.extent(0)));
    propose_rows(space, level, rows, first, first, last, 0, params, ws, out);
  }
};

}  // namespace tessera::partitioning
