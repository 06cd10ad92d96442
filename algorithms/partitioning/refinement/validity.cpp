// Events-based validity (validity.hpp): size events per block, inbound events from the moves'
// inbound nets, both prefix-summed per block.
#include "algorithms/partitioning/refinement/validity.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <utility>

#include "core/kokkos_ext/atomics.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/row_sort.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/sort_with.hpp"

namespace tessera::partitioning::detail {
namespace {

// Adds to viol(s) the change in violated limits at each group end of the sorted (block << 33 |
// position << 1 | sign) transitions `tr`, whose per-block prefix sums `run` holds, against the
// per-block state before the moves and its bound.
template <class ExecSpace, class Before>
void count_limit_crossings(const ExecSpace& space, const char* label, const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& tr,
                           const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& run, const Before& before_moves,
                           const std::int64_t bound, const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& viol) {
  const std::int64_t count = static_cast<std::int64_t>(tr.extent(0));
  Kokkos::parallel_for(
      label, tessera::detail::LightRangePolicy<ExecSpace>(space, 0, count), KOKKOS_LAMBDA(const std::int64_t j) {
        const std::int64_t group = tr(j) >> 1;  // (block, position)
        if (j + 1 < count && (tr(j + 1) >> 1) == group) return;  // evaluate at the group's end
        const std::int64_t p = tr(j) >> 33;
        const std::int64_t first = detail::lower_bound(tr, 0, count, p << 33);
        const std::int64_t gfirst = detail::lower_bound(tr, first, j + 1, group << 1);
        const std::int64_t base = first > 0 ? run(first - 1) : 0;
        const std::int64_t start = before_moves(p);
        const bool after = start + (run(j) - base) <= bound;
        const bool before = gfirst == first ? start <= bound : start + (run(gfirst - 1) - base) <= bound;
        const std::int64_t s = group & 0xffffffffLL;
        if (before && !after) tessera::detail::atomic_add(&viol(s), std::int64_t(1));
        if (!before && after) tessera::detail::atomic_add(&viol(s), std::int64_t(-1));
      });
}

}  // namespace

template <class ExecSpace>
void size_violations(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                     const RefineBuffers<typename ExecSpace::memory_space>& buf,
                     const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node,
                     const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& viol) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int64_t M = static_cast<std::int64_t>(seq_node.extent(0));
  const Kokkos::View<std::int64_t*, mem> ev = head(buf.size_ev, 2 * M);
  Kokkos::parallel_for(
      "tessera::part::size_ev", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t s) {
        const vid_t v = seq_node(s);
        viol(s) = 0;
        ev(2 * s) = (std::int64_t(lv.parts(v)) << 33) | (s << 1);
        ev(2 * s + 1) = (std::int64_t(lv.move_to(v)) << 33) | (s << 1) | 1;
      });
  tessera::detail::sort_with(space, ev, KeyLess{});
  const Kokkos::View<std::int64_t*, mem> run = head(buf.size_run, 2 * M);
  tessera::detail::chunked_scan_no_total<ExecSpace, std::int64_t>(
      "tessera::part::size_scan", space, 2 * M, KOKKOS_LAMBDA(const std::int64_t j, std::int64_t& sum, const bool final) {
        const vid_t v = seq_node((ev(j) >> 1) & 0xffffffffLL);
        sum += (ev(j) & 1) ? lv.vw(v) : -lv.vw(v);
        if (final) run(j) = sum;
      });
  count_limit_crossings(space, "tessera::part::size_valid", ev, run, lv.bsize,
                        static_cast<std::int64_t>(lv.limits.max_block_weight), viol);
}

template <class ExecSpace>
void inbound_violations(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                        RefineBuffers<typename ExecSpace::memory_space>& buf,
                        const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node,
                        const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& viol) {
  using mem = typename ExecSpace::memory_space;
  using policy = tessera::detail::LightTeamPolicy<ExecSpace>;
  using member = typename policy::member_type;
  const std::int64_t M = static_cast<std::int64_t>(seq_node.extent(0));
  const nid_t m = lv.num_nets;
  if (M == 0) return;
  // Rows per net: counted into slot e + 1, scanned to row starts, then used as fill cursors, after
  // which slot e + 1 holds row e's end, so slots [0, m] are the row map.
  const auto slots = head(buf.in_ev_off, std::int64_t(m) + 2);
  Kokkos::deep_copy(space, slots, eid_t(0));
  // Team s over the inbound nets of move s's node.
  auto count = KOKKOS_LAMBDA(const member& team) {
    const vid_t v = seq_node(team.league_rank());
    const eid_t first = lv.node_off(v);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, eid_t(0), eid_t(lv.nin(v))),
                         [&](const eid_t i) { tessera::detail::atomic_add(&slots(std::int64_t(lv.inc(first + i)) + 1), eid_t(2)); });
  };
  const int team_size = std::min(incident_nets_team_size<ExecSpace>(lv),
                                 policy(space, 1, 1).team_size_max(count, Kokkos::ParallelForTag()));
  Kokkos::parallel_for("tessera::part::in_ev_count", policy(space, M, team_size), count);
  const eid_t total = tessera::detail::exclusive_scan_inplace(
      space, Kokkos::subview(slots, std::make_pair(std::int64_t(1), std::int64_t(m) + 2)), std::int64_t(m) + 1);
  if (total == 0) return;
  grow(buf.in_ev, total);
  grow(buf.in_tr, total);
  grow(buf.in_run, total);
  const auto events = buf.in_ev;
  auto fill = KOKKOS_LAMBDA(const member& team) {
    const std::int64_t s = team.league_rank();
    const vid_t v = seq_node(s);
    const eid_t first = lv.node_off(v);
    const std::int64_t leave = (std::int64_t(lv.parts(v)) << 33) | (s << 1);
    const std::int64_t enter = (std::int64_t(lv.move_to(v)) << 33) | (s << 1) | 1;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, eid_t(0), eid_t(lv.nin(v))), [&](const eid_t i) {
      const eid_t at = tessera::detail::atomic_fetch_add(&slots(std::int64_t(lv.inc(first + i)) + 1), eid_t(2));
      events(at) = leave;
      events(at + 1) = enter;
    });
  };
  Kokkos::parallel_for("tessera::part::in_ev_fill", policy(space, M, team_size), fill);
  // Keys are unique within a net (a node is a destination pin of a net once, and its two blocks
  // differ), so the sorted rows do not depend on the fill's order.
  const auto rows = head(buf.in_ev_off, std::int64_t(m) + 1);
  tessera::detail::sort_each_row(space, rows, events);
  // The walk of Fig. 6: each (net, block) group from pins_in(block, net) before the moves; its
  // crossings of zero, packed densely (the count is read back once), become (block, position,
  // gained) transitions.
  const auto tr_all = buf.in_tr;
  const std::int64_t crossings = tessera::detail::chunked_scan<ExecSpace, std::int64_t>(
      "tessera::part::in_ev_walk", space, m, KOKKOS_LAMBDA(const std::int64_t e, std::int64_t& sum, const bool final) {
        std::int64_t cur = 0;
        for (eid_t j = rows(e); j < rows(e + 1); ++j) {
          const std::int64_t p = events(j) >> 33;
          if (j == rows(e) || (events(j - 1) >> 33) != p) {
            const eid_t r = detail::find_run(lv.rb, lv.net_off(e), lv.net_off(e) + lv.lam(e), static_cast<part_t>(p));
            cur = r >= 0 ? lv.ri(r) : 0;
          }
          const std::int64_t prev = cur;
          cur += (events(j) & 1) ? 1 : -1;
          if ((prev == 0 && cur > 0) || (prev > 0 && cur == 0)) {
            if (final) tr_all(sum) = (events(j) & ~std::int64_t(1)) | (cur > 0 ? 1 : 0);
            ++sum;
          }
        }
      });
  const Kokkos::View<std::int64_t*, mem> tr = head(buf.in_tr, crossings);
  tessera::detail::sort_with(space, tr, KeyLess{});
  const Kokkos::View<std::int64_t*, mem> run = head(buf.in_run, crossings);
  tessera::detail::chunked_scan_no_total<ExecSpace, std::int64_t>(
      "tessera::part::in_scan", space, crossings, KOKKOS_LAMBDA(const std::int64_t j, std::int64_t& sum, const bool final) {
        sum += (tr(j) & 1) ? 1 : -1;
        if (final) run(j) = sum;
      });
  count_limit_crossings(space, "tessera::part::in_valid", tr, run, lv.binb, lv.limits.max_inbound, viol);
}

#define TESSERA_INST(Space)                                                                                        \
  template void size_violations<Space>(const Space&, const RefineView<Space::memory_space>&,                     \
                                       const RefineBuffers<Space::memory_space>&,                                \
                                       const Kokkos::View<vid_t*, Space::memory_space>&,                         \
                                       const Kokkos::View<std::int64_t*, Space::memory_space>&);                 \
  template void inbound_violations<Space>(const Space&, const RefineView<Space::memory_space>&,                  \
                                          RefineBuffers<Space::memory_space>&,                                   \
                                          const Kokkos::View<vid_t*, Space::memory_space>&,                      \
                                          const Kokkos::View<std::int64_t*, Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::partitioning::detail
