#pragma once
// Every level's nets list their sources and then their destinations, each part in ascending id
// order: contraction writes coarse nets so (contraction/contract.hpp), and the finest level gets
// the same order here. Pair windows find a pin's place in a net by binary search
// (coarsening/pair_window.hpp), and proposals walk ascending pins; it also makes the partition
// independent of the order in which a file lists a net's pins. A header template compiled into
// the driver only (core/kokkos_ext/instantiate.hpp says why).
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/row_sort.hpp"
#include "core/types.hpp"

namespace tessera::partitioning {

// `pins` when each net's sources and destinations already ascend (nothing allocated), else a copy
// with both parts of every net sorted.
template <class ExecSpace>
Kokkos::View<vid_t*, typename ExecSpace::memory_space> sorted_net_pins(
    const ExecSpace& space, const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& net_offsets,
    const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& net_num_sources,
    const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& pins) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const nid_t m = static_cast<nid_t>(net_offsets.extent(0)) - 1;
  if (m <= 0) return pins;
  std::int64_t descents = 0;
  Kokkos::parallel_reduce(
      "tessera::part::pin_descents", range(space, 0, m),
      KOKKOS_LAMBDA(const std::int64_t e, std::int64_t& d) {
        const eid_t dst_begin = net_offsets(e) + net_num_sources(e);
        for (eid_t k = net_offsets(e) + 1; k < net_offsets(e + 1); ++k)
          if (k != dst_begin && pins(k) < pins(k - 1)) ++d;
      },
      descents);
  if (descents == 0) return pins;
  Kokkos::View<vid_t*, mem> sorted(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::sorted_pins"),
                                   pins.extent(0));
  Kokkos::deep_copy(space, sorted, pins);
  // Two rows a net: its sources, then its destinations.
  Kokkos::View<eid_t*, mem> parts(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::pin_parts"),
                                  2 * std::int64_t(m) + 1);
  Kokkos::parallel_for(
      "tessera::part::pin_parts", range(space, 0, std::int64_t(m) + 1), KOKKOS_LAMBDA(const std::int64_t e) {
        parts(2 * e) = net_offsets(e);
        if (e < m) parts(2 * e + 1) = net_offsets(e) + net_num_sources(e);
      });
  tessera::detail::sort_each_row(space, parts, sorted);
  return sorted;
}

}  // namespace tessera::partitioning
