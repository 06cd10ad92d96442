#pragma once
// Refinement step 6 (paper 3, §VI-D, Fig. 6; refine.hpp): events-based validity. For every
// position s of the move sequence, viol(s) receives the change in the number of violated limits
// (block size Omega, distinct inbound nets Delta) that move s causes.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "core/kokkos_ext/atomics.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/row_sort.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/sort_with.hpp"

namespace tessera::partitioning::detail {

// Step 6a (§VI-D): size events, key (block, position, sign), one per block a move touches,
// prefix-summed per block; adds to viol(s) the change in violated size limits at move s.
template <class ExecSpace>
void size_violations(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv, const RefineBuffers<typename ExecSpace::memory_space>& buf,
                     const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node,
                     const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& viol) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int64_t M = static_cast<std::int64_t>(seq_node.extent(0));
  const node_weight_t omega = lv.limits.max_block_weight;
  const Kokkos::View<std::int64_t*, mem> ev = head(buf.size_ev, 2 * M);
  Kokkos::parallel_for(
      "tessera::part::size_ev", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t s) {
        const vid_t v = seq_node(s);
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
  Kokkos::parallel_for(
      "tessera::part::size_valid", range(space, 0, 2 * M), KOKKOS_LAMBDA(const std::int64_t j) {
        const std::int64_t p = ev(j) >> 33;
        const std::int64_t first = detail::lower_bound(ev, 0, 2 * M, p << 33);
        const std::int64_t base = first > 0 ? run(first - 1) : 0;
        const bool after = lv.bsize(p) + (run(j) - base) <= omega;
        const bool before = j == first ? lv.bsize(p) <= omega : lv.bsize(p) + (run(j - 1) - base) <= omega;
        const std::int64_t s = (ev(j) >> 1) & 0xffffffffLL;
        if (before && !after) tessera::detail::atomic_add(&viol(s), std::int64_t(1));
        if (!before && after) tessera::detail::atomic_add(&viol(s), std::int64_t(-1));
      });
}

// The fixed layout of the inbound events (inbound_violations): row e = [2 net_off(e),
// 2 net_off(e + 1)), and its row classes for the sort.
template <class ExecSpace>
void layout_inbound_events(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv, RefineBuffers<typename ExecSpace::memory_space>& buf) {
  const auto eoff = head(buf.in_ev_off, std::int64_t(lv.num_nets) + 1);
  Kokkos::parallel_for(
      "tessera::part::in_ev_off", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, lv.num_nets + 1),
      KOKKOS_LAMBDA(const std::int64_t e) { eoff(e) = 2 * lv.net_off(e); });
  buf.in_ev_rows = tessera::detail::plan_each_row_sort(space, eoff);
}

// Step 6b (§VI-D, Fig. 6): inbound-pin events per net, (block, position, sign) for every moved
// destination pin, sorted within the net; transitions of pins_in(p, e) across zero become
// inbound-count events, prefix-summed per block; adds the change in violated Delta limits.
template <class ExecSpace>
void inbound_violations(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv, RefineBuffers<typename ExecSpace::memory_space>& buf,
                        const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& viol) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const nid_t m = lv.num_nets;
  const std::int64_t delta = lv.limits.max_inbound;
  // Events in a fixed layout: pin k of net e owns slots 2k and 2k + 1 (row e of the events is
  // [2 net_off(e), 2 net_off(e + 1)), its row classes found once per refine() call), so no scan
  // sizes them; slots of source pins and of pins that do not move hold `none` and sort last.
  constexpr std::int64_t none = std::numeric_limits<std::int64_t>::max();
  const auto eoff = head(buf.in_ev_off, std::int64_t(m) + 1);
  auto ev = buf.in_ev;
  Kokkos::parallel_for(
      "tessera::part::in_ev_fill", range(space, 0, m), KOKKOS_LAMBDA(const std::int64_t e) {
        const eid_t dst_begin = lv.net_off(e) + lv.nsrc(e);
        for (eid_t k = lv.net_off(e); k < lv.net_off(e + 1); ++k) {
          const vid_t u = lv.pins(k);
          const std::int64_t s = k >= dst_begin ? lv.seqpos(u) : -1;
          ev(2 * k) = s < 0 ? none : (std::int64_t(lv.parts(u)) << 33) | (s << 1);
          ev(2 * k + 1) = s < 0 ? none : (std::int64_t(lv.move_to(u)) << 33) | (s << 1) | 1;
        }
      });
  tessera::detail::sort_each_row(space, buf.in_ev_rows, eoff, ev);
  // Transitions of pins_in(p, e) across zero, packed densely: the count is read back once.
  auto tr_all = buf.in_tr;
  const std::int64_t count = tessera::detail::chunked_scan<ExecSpace, std::int64_t>(
      "tessera::part::in_ev_walk", space, m, KOKKOS_LAMBDA(const std::int64_t e, std::int64_t& sum, const bool final) {
        std::int64_t cur = 0;
        for (eid_t j = eoff(e); j < eoff(e + 1) && ev(j) != none; ++j) {
          const std::int64_t p = ev(j) >> 33;
          if (j == eoff(e) || (ev(j - 1) >> 33) != p) {
            const eid_t r = detail::find_run(lv.rb, lv.net_off(e), lv.net_off(e) + lv.lam(e), static_cast<part_t>(p));
            cur = r >= 0 ? lv.ri(r) : 0;
          }
          const std::int64_t prev = cur;
          cur += (ev(j) & 1) ? 1 : -1;
          const std::int64_t group_key = ev(j) & ~std::int64_t(1);
          if ((prev == 0 && cur > 0) || (prev > 0 && cur == 0)) {
            if (final) tr_all(sum) = cur > 0 ? group_key | 1 : group_key;
            ++sum;
          }
        }
      });
  const Kokkos::View<std::int64_t*, mem> tr = head(buf.in_tr, count);
  tessera::detail::sort_with(space, tr, KeyLess{});
  const Kokkos::View<std::int64_t*, mem> run = head(buf.in_run, count);
  tessera::detail::chunked_scan_no_total<ExecSpace, std::int64_t>(
      "tessera::part::in_scan", space, count, KOKKOS_LAMBDA(const std::int64_t j, std::int64_t& sum, const bool final) {
        sum += (tr(j) & 1) ? 1 : -1;
        if (final) run(j) = sum;
      });
  Kokkos::parallel_for(
      "tessera::part::in_valid", range(space, 0, count), KOKKOS_LAMBDA(const std::int64_t j) {
        const std::int64_t group = tr(j) >> 1;  // (block, position)
        if (j + 1 < count && (tr(j + 1) >> 1) == group) return;  // evaluate at the group's end
        const std::int64_t p = tr(j) >> 33;
        const std::int64_t first = detail::lower_bound(tr, 0, count, p << 33);
        const std::int64_t gfirst = detail::lower_bound(tr, first, j + 1, group << 1);
        const std::int64_t base = first > 0 ? run(first - 1) : 0;
        const bool after = lv.binb(p) + (run(j) - base) <= delta;
        const bool before = gfirst == first ? lv.binb(p) <= delta : lv.binb(p) + (run(gfirst - 1) - base) <= delta;
        const std::int64_t s = group & 0xffffffffLL;
        if (before && !after) tessera::detail::atomic_add(&viol(s), std::int64_t(1));
        if (!before && after) tessera::detail::atomic_add(&viol(s), std::int64_t(-1));
      });
}

}  // namespace tessera::partitioning::detail
