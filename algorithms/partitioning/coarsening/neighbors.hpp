#pragma once
// Materialised, deduplicated neighbourhoods N(n) (paper 3, §V-B): built once from the pins of the
// finest level, then derived level by level from the previous ones through gamma, so later levels
// deduplicate ever fewer entries. Both builds are the paper's two-phase scheme: every row first
// gets an oversized segment (an upper bound on its size), the segment is sorted and deduplicated,
// row sizes are prefix-summed and the unique ids packed.
//
// Entries carry a flag bit (id << 1 | invalid): a pair found invalid during candidate proposal
// stays invalid for every coarser pair containing it (size and inbound unions only grow), so
// flagged entries are purged when the coarse rows are built (§V-C, "invalid neighbours").
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/common/level.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/row_sort.hpp"
#include "core/kokkos_ext/sort.hpp"

namespace tessera::partitioning {

template <class MemorySpace>
struct Neighbors {
  Kokkos::View<eid_t*, MemorySpace> offsets;  // num_nodes + 1
  Kokkos::View<vid_t*, MemorySpace> ids;      // sorted ascending within each row
  Kokkos::View<std::uint8_t*, MemorySpace> invalid;  // set by candidate proposal, same length as ids
};

namespace detail {

// Calls emit(id) for each distinct id of the sorted row keys[b, e) that is not `self` and has
// no flagged occurrence.
template <class Keys, class Emit>
KOKKOS_INLINE_FUNCTION void for_each_kept_neighbor(const Keys& keys, eid_t b, eid_t e, std::int64_t self,
                                                   Emit&& emit) {
  eid_t i = b;
  while (i < e) {
    const std::int64_t id = keys(i) >> 1;
    bool flagged = false;
    eid_t j = i;
    for (; j < e && (keys(j) >> 1) == id; ++j) flagged = flagged || (keys(j) & 1);
    if (!flagged && id != self) emit(static_cast<vid_t>(id));
    i = j;
  }
}

// counts(r) = the number of kept neighbours in the sorted oversized row r.
template <class ExecSpace>
void count_neighbor_rows(const ExecSpace& space, vid_t num_rows,
                         const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& over_offsets,
                         const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& keys,
                         const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& counts) {
  Kokkos::parallel_for(
      "tessera::part::nbr_count", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, num_rows),
      KOKKOS_LAMBDA(const std::int64_t r) {
        eid_t c = 0;
        for_each_kept_neighbor(keys, over_offsets(r), over_offsets(r + 1), r, [&](vid_t) { ++c; });
        counts(r) = c;
      });
}

// Packs the kept neighbours of each sorted oversized row at out.offsets(r), flags cleared.
template <class ExecSpace>
void write_neighbor_rows(const ExecSpace& space, vid_t num_rows,
                         const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& over_offsets,
                         const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& keys,
                         const Neighbors<typename ExecSpace::memory_space>& out) {
  auto offsets = out.offsets;
  auto ids = out.ids;
  auto invalid = out.invalid;
  Kokkos::parallel_for(
      "tessera::part::nbr_pack", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, num_rows),
      KOKKOS_LAMBDA(const std::int64_t r) {
        eid_t pos = offsets(r);
        for_each_kept_neighbor(keys, over_offsets(r), over_offsets(r + 1), r, [&](vid_t id) {
          invalid(pos) = 0;
          ids(pos++) = id;
        });
      });
}

// Sorts each oversized row of `keys` (id << 1 | flag) and packs the distinct ids that are
// neither the row's own id nor flagged in any occurrence into rows of exactly their size.
template <class ExecSpace>
Neighbors<typename ExecSpace::memory_space> pack_neighbor_rows(
    const ExecSpace& space, vid_t num_rows, const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& over_offsets,
    const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& keys) {
  using mem = typename ExecSpace::memory_space;
  tessera::detail::sort_each_row(space, over_offsets, keys);
  Kokkos::View<eid_t*, mem> counts(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_counts"),
                                   num_rows + 1);
  count_neighbor_rows(space, num_rows, over_offsets, keys, counts);
  Neighbors<mem> out;
  out.offsets = Kokkos::View<eid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_offsets"),
                                          num_rows + 1);
  auto offsets = out.offsets;
  const eid_t total = tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::part::nbr_scan", space, num_rows + 1, KOKKOS_LAMBDA(const std::int64_t r, eid_t& sum, const bool final) {
        if (final) offsets(r) = sum;
        if (r < num_rows) sum += counts(r);
      });
  out.ids = Kokkos::View<vid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_ids"), total);
  out.invalid = Kokkos::View<std::uint8_t*, mem>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_invalid"), total);
  write_neighbor_rows(space, num_rows, over_offsets, keys, out);
  return out;
}

}  // namespace detail

// N(n) of the finest level from its pins. Nets larger than `max_net_size` are left out (their
// pairs score little after the 1/|e| normalisation and would make the rows quadratic in |e|).
template <class ExecSpace>
Neighbors<typename ExecSpace::memory_space> build_neighbors(const ExecSpace& space,
                                                            const Level<typename ExecSpace::memory_space>& L,
                                                            eid_t max_net_size) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const vid_t n = L.num_nodes;
  auto net_off = L.net_offsets;
  auto pins = L.pins;
  auto node_off = L.node_offsets;
  auto inc = L.incident_nets;
  Kokkos::View<eid_t*, mem> over(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_over"), n + 1);
  const eid_t total = tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::part::nbr_over_scan", space, n + 1, KOKKOS_LAMBDA(const std::int64_t v, eid_t& sum, const bool final) {
        if (final) over(v) = sum;
        if (v == n) return;
        for (eid_t i = node_off(v); i < node_off(v + 1); ++i) {
          const nid_t e = inc(i);
          const eid_t size = net_off(e + 1) - net_off(e);
          if (size <= max_net_size) sum += size;
        }
      });
  Kokkos::View<std::int64_t*, mem> keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_keys"),
                                        total);
  Kokkos::parallel_for(
      "tessera::part::nbr_fill", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        eid_t pos = over(v);
        for (eid_t i = node_off(v); i < node_off(v + 1); ++i) {
          const nid_t e = inc(i);
          if (net_off(e + 1) - net_off(e) > max_net_size) continue;
          for (eid_t k = net_off(e); k < net_off(e + 1); ++k) keys(pos++) = std::int64_t(pins(k)) << 1;
        }
      });
  return detail::pack_neighbor_rows(space, n, over, keys);
}

// Scratch of the derived neighbourhoods of one coarsening, sized by the finest level's rows (a
// coarse level's oversized rows hold exactly the fine level's entries, so no level needs more):
// derived rows go into `spare`, and the rows they replace become the next spare. A level then
// allocates nothing and reads nothing back. Row arrays keep their full capacity (ids.extent(0)
// is the capacity, not the row total); offsets are cut to the level's nodes + 1.
template <class MemorySpace>
struct NeighborWorkspace {
  Kokkos::View<eid_t*, MemorySpace> over, counts;  // per finest node + 1
  Kokkos::View<std::int64_t*, MemorySpace> keys;   // capacity
  Neighbors<MemorySpace> spare;

  NeighborWorkspace(vid_t finest_nodes, eid_t capacity)
      : over(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnbr_over"), finest_nodes + 1),
        counts(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnbr_counts"), finest_nodes + 1),
        keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnbr_keys"), capacity) {
    spare.offsets = Kokkos::View<eid_t*, MemorySpace>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_offsets"), finest_nodes + 1);
    spare.ids = Kokkos::View<vid_t*, MemorySpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_ids"),
                                                  capacity);
    spare.invalid = Kokkos::View<std::uint8_t*, MemorySpace>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_invalid"), capacity);
  }
};

// N'(x) = gamma(N(a) U N(b)) \ {x} for the coarse node x = {a, b}, dropping every coarse id that
// was reached through a flagged (invalid) entry. Written into ws.spare; `fine` becomes the spare.
template <class ExecSpace>
Neighbors<typename ExecSpace::memory_space> coarsen_neighbors(
    const ExecSpace& space, const Neighbors<typename ExecSpace::memory_space>& fine, vid_t num_coarse,
    const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& gamma,
    const Kokkos::View<vid_t* [2], typename ExecSpace::memory_space>& members,
    NeighborWorkspace<typename ExecSpace::memory_space>& ws) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  auto foff = fine.offsets;
  auto fids = fine.ids;
  auto finv = fine.invalid;
  const auto rows = std::make_pair(std::int64_t(0), std::int64_t(num_coarse) + 1);
  const Kokkos::View<eid_t*, mem> over = Kokkos::subview(ws.over, rows);
  tessera::detail::chunked_scan_no_total<ExecSpace, eid_t>(
      "tessera::part::cnbr_over_scan", space, num_coarse + 1,
      KOKKOS_LAMBDA(const std::int64_t x, eid_t& sum, const bool final) {
        if (final) over(x) = sum;
        if (x == num_coarse) return;
        for (int k = 0; k < 2; ++k) {
          const vid_t a = members(x, k);
          if (a != invalid_vid) sum += foff(a + 1) - foff(a);
        }
      });
  auto keys = ws.keys;
  Kokkos::parallel_for(
      "tessera::part::cnbr_fill", range(space, 0, num_coarse), KOKKOS_LAMBDA(const std::int64_t x) {
        eid_t pos = over(x);
        for (int k = 0; k < 2; ++k) {
          const vid_t a = members(x, k);
          if (a == invalid_vid) continue;
          for (eid_t i = foff(a); i < foff(a + 1); ++i)
            keys(pos++) = (std::int64_t(gamma(fids(i))) << 1) | std::int64_t(finv(i) != 0);
        }
      });
  Neighbors<mem> out = ws.spare;
  out.offsets = Kokkos::subview(ws.spare.offsets, rows);
  ws.spare = fine;
  tessera::detail::sort_each_row(space, over, keys);
  const Kokkos::View<eid_t*, mem> counts = Kokkos::subview(ws.counts, rows);
  detail::count_neighbor_rows(space, num_coarse, over, keys, counts);
  auto offsets = out.offsets;
  tessera::detail::chunked_scan_no_total<ExecSpace, eid_t>(
      "tessera::part::cnbr_scan", space, num_coarse + 1,
      KOKKOS_LAMBDA(const std::int64_t r, eid_t& sum, const bool final) {
        if (final) offsets(r) = sum;
        if (r < num_coarse) sum += counts(r);
      });
  detail::write_neighbor_rows(space, num_coarse, over, keys, out);
  return out;
}

}  // namespace tessera::partitioning
