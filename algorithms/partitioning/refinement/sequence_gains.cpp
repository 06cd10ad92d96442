// In-sequence gains (sequence_gains.hpp): moving pins, the events of nets with many of them
// sorted per net, and one team per move counting its two blocks in every incident net.
#include "algorithms/partitioning/refinement/sequence_gains.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "core/kokkos_ext/atomics.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/row_sort.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/wide_teams.hpp"

namespace tessera::partitioning::detail {
namespace {

// Team size of the per-net kernels: 1 on host backends; on GPUs the mean net size rounded up to
// a power of two, 32 to 128 (at most `max`).
template <class ExecSpace>
int net_team_size(const ExecSpace&, const RefineView<typename ExecSpace::memory_space>& lv, const int max) {
  if constexpr (!tessera::detail::is_gpu_space<ExecSpace>()) return 1;
  const double mean = lv.num_nets > 0 ? double(lv.num_pins) / lv.num_nets : 1.0;
  int size = 32;
  while (size < 128 && size < mean) size *= 2;
  return std::min(size, max);
}

// The pins of every net that move (seqpos >= 0), as pin indices in pin order: rows
// [moving_off(e), moving_off(e + 1)) of buf.moving. A team per net writes them (and on GPUs counts
// them first), its threads over the net's pins: a thread per net walked a fan-out net of thousands
// of pins alone. (A flat scan over all pins needed a binary search per net for the row starts:
// slower on one CPU thread.)
template <class ExecSpace>
void moving_pins(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                  RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using policy = tessera::detail::LightTeamPolicy<ExecSpace>;
  using member = typename policy::member_type;
  const nid_t m = lv.num_nets;
  const auto off = head(buf.moving_off, std::int64_t(m) + 1);
  // Counting: on GPUs a team per net; on host backends a plain loop per net (a team per net,
  // even of one thread, made the count twice as slow on ibm03).
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) {
    auto count = KOKKOS_LAMBDA(const member& team) {
      const nid_t e = team.league_rank();
      eid_t c = 0;
      Kokkos::parallel_reduce(
          Kokkos::TeamThreadRange(team, lv.net_off(e), lv.net_off(e + 1)),
          [&](const eid_t k, eid_t& sum) { sum += lv.seqpos(lv.pins(k)) >= 0 ? 1 : 0; }, c);
      Kokkos::single(Kokkos::PerTeam(team), [&]() { off(e) = c; });
    };
    const int team_size = net_team_size(space, lv, policy(space, 1, 1).team_size_max(count, Kokkos::ParallelForTag()));
    Kokkos::parallel_for("tessera::part::moving_count", policy(space, m, team_size), count);
  } else {
    Kokkos::parallel_for(
        "tessera::part::moving_count", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, m),
        KOKKOS_LAMBDA(const std::int64_t e) {
          eid_t c = 0;
          for (eid_t k = lv.net_off(e); k < lv.net_off(e + 1); ++k) c += lv.seqpos(lv.pins(k)) >= 0 ? 1 : 0;
          off(e) = c;
        });
  }
  // Offsets of the m counts (slot m, never written, reads as 0); the total comes back.
  const eid_t total = tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::exclusive_scan", space, std::int64_t(m) + 1, tessera::detail::ExclusiveScanInPlace<std::decay_t<decltype(off)>>{off, m});
  grow(buf.moving, total);
  const auto moving = buf.moving;
  auto fill = KOKKOS_LAMBDA(const member& team) {
    const nid_t e = team.league_rank();
    const eid_t out = off(e);
    if (off(e + 1) == out) return;
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, lv.net_off(e), lv.net_off(e + 1)),
                          [&](const eid_t k, eid_t& before, const bool final) {
                            if (lv.seqpos(lv.pins(k)) < 0) return;
                            if (final) moving(out + before) = k;
                            ++before;
                          });
  };
  Kokkos::parallel_for("tessera::part::moving_fill",
                       policy(space, m, net_team_size(space, lv, policy(space, 1, 1).team_size_max(fill, Kokkos::ParallelForTag()))),
                       fill);
}

// Events of the nets with more than k_walked_movers moving pins, two per moving pin:
// (block << 33) | (position << 1) | arrives, row e = [seq_ev_off(e), seq_ev_off(e + 1)) (empty for
// the other nets) sorted; seq_ev_sum(j) = the sum over events before j of +1 (arrival) or -1
// (departure). Block ids below 2^30 and positions below 2^31 fit; keys are unique per net (a node
// is a pin of a net once, and its two blocks differ). Returns the number of events (0: every net
// is walked, nothing else is done).
template <class ExecSpace>
eid_t sequence_events(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                      RefineBuffers<typename ExecSpace::memory_space>& buf) {
  const nid_t m = lv.num_nets;
  const auto moving = buf.moving;
  const auto moving_off = buf.moving_off;
  const auto ev_off = head(buf.seq_ev_off, std::int64_t(m) + 1);
  const eid_t total = tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::part::seq_ev_off", space, std::int64_t(m) + 1,
      KOKKOS_LAMBDA(const std::int64_t e, eid_t& sum, const bool final) {
        if (final) ev_off(e) = sum;
        const eid_t movers = e < m ? moving_off(e + 1) - moving_off(e) : 0;
        if (movers > k_walked_movers) sum += 2 * movers;
      });
  if (total == 0) return 0;
  grow(buf.seq_ev, total);
  grow(buf.seq_ev_sum, total);
  const auto ev = head(buf.seq_ev, total);
  const auto ev_sum = buf.seq_ev_sum;
  // A team per net (those with few moving pins return at once), its threads over the movers.
  using policy = tessera::detail::LightTeamPolicy<ExecSpace>;
  using member = typename policy::member_type;
  auto fill = KOKKOS_LAMBDA(const member& team) {
    const nid_t e = team.league_rank();
    const eid_t b = moving_off(e), out = ev_off(e);
    if (ev_off(e + 1) == out) return;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, b, moving_off(e + 1)), [&](const eid_t j) {
      const vid_t u = lv.pins(moving(j));
      const std::int64_t s = lv.seqpos(u);
      ev(out + 2 * (j - b)) = (std::int64_t(lv.parts(u)) << 33) | (s << 1);
      ev(out + 2 * (j - b) + 1) = (std::int64_t(lv.move_to(u)) << 33) | (s << 1) | 1;
    });
  };
  const int team_size = net_team_size(space, lv, policy(space, 1, 1).team_size_max(fill, Kokkos::ParallelForTag()));
  Kokkos::parallel_for("tessera::part::seq_ev_fill", policy(space, m, team_size), fill);
  tessera::detail::sort_each_row(space, ev_off, ev);
  tessera::detail::chunked_scan_no_total<ExecSpace, std::int64_t>(
      "tessera::part::seq_ev_scan", space, total, KOKKOS_LAMBDA(const std::int64_t j, std::int64_t& sum, const bool final) {
        if (final) ev_sum(j) = sum;
        sum += (ev(j) & 1) ? 1 : -1;
      });
  return total;
}

// What the nets with events add to the gain of each move, into buf.seq_gain_ev: at its
// departure event a move's count in its source block is pins(p, e) plus the group's events
// before it (its leaving score), at its arrival event the same in its destination block (w(e)
// lost at 0). Integer atomic adds, only for nonzero terms; the sum does not depend on their order.
template <class ExecSpace>
void event_gains(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                 const RefineBuffers<typename ExecSpace::memory_space>& buf, const std::int64_t M) {
  using policy = tessera::detail::LightTeamPolicy<ExecSpace>;
  using member = typename policy::member_type;
  const auto ev_off = buf.seq_ev_off;
  const auto ev = buf.seq_ev;
  const auto ev_sum = buf.seq_ev_sum;
  const auto acc = head(buf.seq_gain_ev, M);
  Kokkos::deep_copy(space, acc, score_t(0));
  auto body = KOKKOS_LAMBDA(const member& team) {
    const nid_t e = team.league_rank();
    const eid_t lo = ev_off(e), hi = ev_off(e + 1);
    if (lo == hi) return;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, lo, hi), [&](const eid_t j) {
      const part_t p = static_cast<part_t>(ev(j) >> 33);
      const std::int64_t first = detail::lower_bound(ev, lo, j, std::int64_t(p) << 33);
      const eid_t r = detail::find_run(lv.rb, lv.net_off(e), lv.net_off(e) + lv.lam(e), p);
      const std::int64_t cur = (r >= 0 ? lv.rc(r) : 0) + ev_sum(j) - ev_sum(first);
      const score_t term = (ev(j) & 1) ? (cur == 0 ? -lv.nw(e) : 0) : lv.leave_saving(lv.nw(e), cur);
      if (term != 0) tessera::detail::atomic_add(&acc((ev(j) >> 1) & 0xffffffffLL), term);
    });
  };
  const int team_size = net_team_size(space, lv, policy(space, 1, 1).team_size_max(body, Kokkos::ParallelForTag()));
  Kokkos::parallel_for("tessera::part::seq_ev_gains", policy(space, lv.num_nets, team_size), body);
}

}  // namespace

template <class ExecSpace>
Kokkos::View<score_t*, typename ExecSpace::memory_space> in_sequence_gains(
    const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
    RefineBuffers<typename ExecSpace::memory_space>& buf,
    const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node) {
  using mem = typename ExecSpace::memory_space;
  const std::int64_t M = static_cast<std::int64_t>(seq_node.extent(0));
  const Kokkos::View<score_t*, mem> seq_gain = head(buf.seq_gain, M);
  if (M == 0) return seq_gain;
  moving_pins(space, lv, buf);
  const eid_t events = sequence_events(space, lv, buf);
  if (events > 0) event_gains(space, lv, buf, M);
  const auto moving = buf.moving;
  const auto moving_off = buf.moving_off;
  const auto from_events = buf.seq_gain_ev;
  const bool has_events = events > 0;
  // The walked nets: one team per move, team threads over its incident nets (on coarse levels a
  // node's nets number in the thousands: nets stay while nodes merge), plus event_gains' terms.
  using policy = tessera::detail::LightTeamPolicy<ExecSpace>;
  using member = typename policy::member_type;
  auto body = KOKKOS_LAMBDA(const member& team) {
    const std::int64_t s = team.league_rank();
    const vid_t v = seq_node(s);
    const part_t ps = lv.parts(v), pd = lv.move_to(v);
    score_t g = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, lv.node_off(v), lv.node_off(v + 1)),
        [&](const eid_t i, score_t& acc) {
          const nid_t e = lv.inc(i);
          if (moving_off(e + 1) - moving_off(e) > k_walked_movers) return;  // event_gains adds it
          const eid_t rs = detail::find_run(lv.rb, lv.net_off(e), lv.net_off(e) + lv.lam(e), ps);
          const eid_t rd = detail::find_run(lv.rb, lv.net_off(e), lv.net_off(e) + lv.lam(e), pd);
          std::int64_t cur_s = rs >= 0 ? lv.rc(rs) : 0, cur_d = rd >= 0 ? lv.rc(rd) : 0;
          for (eid_t k = moving_off(e); k < moving_off(e + 1); ++k) {  // the earlier movers
            const vid_t u = lv.pins(moving(k));
            if (lv.seqpos(u) >= s) continue;
            const part_t us = lv.parts(u), ud = lv.move_to(u);
            cur_s += (ud == ps ? 1 : 0) - (us == ps ? 1 : 0);
            cur_d += (ud == pd ? 1 : 0) - (us == pd ? 1 : 0);
          }
          acc += lv.leave_saving(lv.nw(e), cur_s);
          if (cur_d == 0) acc -= lv.nw(e);
        },
        g);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { seq_gain(s) = g + (has_events ? from_events(s) : 0); });
  };
  int team_size = incident_nets_team_size<ExecSpace>(lv);
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) {
    const double mean_degree = lv.num_nodes > 0 ? double(lv.num_pins) / lv.num_nodes : 1.0;
    const int wide = tessera::detail::wide_team_size(M, mean_degree);  // few moves of many nets each
    if (wide > 32) team_size = std::max(team_size, wide);
    team_size = std::min(team_size, policy(space, 1, 1).team_size_max(body, Kokkos::ParallelForTag()));
  }
  Kokkos::parallel_for("tessera::part::seq_gains", policy(space, M, team_size), body);
  return seq_gain;
}

#define TESSERA_INST(Space)                                                                          \
  template Kokkos::View<score_t*, Space::memory_space> in_sequence_gains<Space>(                     \
      const Space&, const RefineView<Space::memory_space>&, RefineBuffers<Space::memory_space>&,   \
      const Kokkos::View<vid_t*, Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::partitioning::detail
