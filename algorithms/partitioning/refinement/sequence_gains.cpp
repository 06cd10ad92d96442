// In-sequence gains (sequence_gains.hpp): moving pins, their events sorted per net, and one
// team per move looking up its two counts in every incident net.
#include "algorithms/partitioning/refinement/sequence_gains.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>

#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/row_sort.hpp"
#include "core/kokkos_ext/scan.hpp"

namespace tessera::partitioning::detail {
namespace {

// The pins of every net that move (seqpos >= 0), as pin indices in pin order, in buf.moving;
// one flat pass over the pins counts them and one writes them (a thread per net used to walk
// each net alone, thousands of pins for a fan-out net). Returns their number.
template <class ExecSpace>
eid_t moving_pins(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                  RefineBuffers<typename ExecSpace::memory_space>& buf) {
  const eid_t total = tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::part::moving_count", space, lv.num_pins,
      KOKKOS_LAMBDA(const std::int64_t k, eid_t& sum, const bool) { sum += lv.seqpos(lv.pins(k)) >= 0 ? 1 : 0; });
  grow(buf.moving, total);
  const auto moving = buf.moving;
  tessera::detail::chunked_scan_no_total<ExecSpace, eid_t>(
      "tessera::part::moving_fill", space, lv.num_pins, KOKKOS_LAMBDA(const std::int64_t k, eid_t& sum, const bool final) {
        if (lv.seqpos(lv.pins(k)) < 0) return;
        if (final) moving(sum) = k;
        ++sum;
      });
  return total;
}

// Two events per moving pin, (block << 33) | (position << 1) | arrives, rows ev_off(e) =
// 2 (moving pins of nets before e), each row sorted; ev_sum(j) = Σ over events before j of
// +1 (arrival) or -1 (departure). Block ids below 2^30 and positions below 2^31 keep keys unique
// per net (a node is a pin of a net once, and its two blocks differ).
template <class ExecSpace>
void sequence_events(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                     RefineBuffers<typename ExecSpace::memory_space>& buf, const eid_t total) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const nid_t m = lv.num_nets;
  const auto moving = buf.moving;
  const auto ev_off = head(buf.seq_ev_off, std::int64_t(m) + 1);
  Kokkos::parallel_for(
      "tessera::part::seq_ev_off", range(space, 0, std::int64_t(m) + 1), KOKKOS_LAMBDA(const std::int64_t e) {
        const eid_t first_pin = e < m ? lv.net_off(e) : lv.num_pins;
        ev_off(e) = 2 * detail::lower_bound(moving, 0, total, first_pin);
      });
  grow(buf.seq_ev, 2 * total);
  grow(buf.seq_ev_sum, 2 * total);
  const auto ev = head(buf.seq_ev, 2 * total);
  const auto ev_sum = buf.seq_ev_sum;
  Kokkos::parallel_for(
      "tessera::part::seq_ev_fill", range(space, 0, total), KOKKOS_LAMBDA(const std::int64_t j) {
        const vid_t u = lv.pins(moving(j));
        const std::int64_t s = lv.seqpos(u);
        ev(2 * j) = (std::int64_t(lv.parts(u)) << 33) | (s << 1);
        ev(2 * j + 1) = (std::int64_t(lv.move_to(u)) << 33) | (s << 1) | 1;
      });
  tessera::detail::sort_each_row(space, ev_off, ev);
  tessera::detail::chunked_scan_no_total<ExecSpace, std::int64_t>(
      "tessera::part::seq_ev_scan", space, 2 * total,
      KOKKOS_LAMBDA(const std::int64_t j, std::int64_t& sum, const bool final) {
        if (final) ev_sum(j) = sum;
        sum += (ev(j) & 1) ? 1 : -1;
      });
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
  sequence_events(space, lv, buf, moving_pins(space, lv, buf));
  const auto ev_off = buf.seq_ev_off;
  const auto ev = buf.seq_ev;
  const auto ev_sum = buf.seq_ev_sum;
  // One team per move, team threads over its incident nets: on coarse levels a node's nets
  // number in the thousands (nets stay while nodes merge), and one thread per move serialised them.
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
          const eid_t lo = ev_off(e), hi = ev_off(e + 1);
          // pins(p, e) after moves 0..s-1: the run's count plus p's events before (p, s).
          auto count = [&](const part_t p) {
            const eid_t r = detail::find_run(lv.rb, lv.net_off(e), lv.net_off(e) + lv.lam(e), p);
            const std::int64_t at = detail::lower_bound(ev, lo, hi, (std::int64_t(p) << 33) | (s << 1));
            const std::int64_t first = detail::lower_bound(ev, lo, at, std::int64_t(p) << 33);
            return (r >= 0 ? std::int64_t(lv.rc(r)) : std::int64_t(0)) + ev_sum(at) - ev_sum(first);
          };
          const std::int64_t cur_s = count(ps), cur_d = count(pd);
          acc += lv.leave_saving(lv.nw(e), cur_s);
          if (cur_d == 0) acc -= lv.nw(e);
        },
        g);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { seq_gain(s) = g; });
  };
  int team_size = 1;
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) {
    const double mean_degree = lv.num_nodes > 0 ? double(lv.num_pins) / lv.num_nodes : 1.0;
    team_size = 4;
    while (team_size < 128 && team_size < mean_degree) team_size *= 2;
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
