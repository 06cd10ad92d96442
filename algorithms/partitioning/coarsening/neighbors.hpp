#pragma once
// Materialised, deduplicated neighbourhoods N(n) (paper 3, §V-B): built once from the pins of the
// finest level, then derived level by level from the previous ones through gamma, so later levels
// deduplicate ever fewer entries. Both builds are the paper's two-phase scheme: every row first
// gets an oversized segment (an upper bound on its size), the segment is deduplicated in a hash
// set and its distinct ids sorted (neighbor_dedup.hpp), row sizes are prefix-summed and the
// unique ids packed.
//
// Entries carry a flag bit (id << 1 | invalid): a pair found invalid during candidate proposal
// stays invalid for every coarser pair containing it (size and inbound unions only grow), so
// flagged entries are purged when the coarse rows are built (§V-C, "invalid neighbours").
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "algorithms/partitioning/coarsening/neighbor_batches.hpp"
#include "algorithms/partitioning/coarsening/neighbor_dedup.hpp"
#include "algorithms/partitioning/coarsening/pair_window.hpp"
#include "algorithms/partitioning/common/level.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/scan.hpp"

namespace tessera::partitioning {

template <class MemorySpace>
struct Neighbors {
  Kokkos::View<eid_t*, MemorySpace> offsets;  // num_nodes + 1
  Kokkos::View<vid_t*, MemorySpace> ids;      // sorted ascending within each row
  Kokkos::View<std::uint8_t*, MemorySpace> invalid;  // set by candidate proposal, same length as ids
};

namespace detail {

// Calls emit(id, flagged) for each distinct id of the sorted row keys[b, e) that is not `self`
// (flagged: some occurrence is), skipping flagged ids when `purge`.
template <class Keys, class Emit>
KOKKOS_INLINE_FUNCTION void for_each_kept_neighbor(const Keys& keys, eid_t b, eid_t e, std::int64_t self, bool purge,
                                                   Emit&& emit) {
  eid_t i = b;
  while (i < e) {
    const std::int64_t id = keys(i) >> 1;
    bool flagged = false;
    eid_t j = i;
    for (; j < e && (keys(j) >> 1) == id; ++j) flagged = flagged || (keys(j) & 1);
    if (!(flagged && purge) && id != self) emit(static_cast<vid_t>(id), flagged);
    i = j;
  }
}

// counts(first + r) = the number of kept neighbours in the deduplicated row r of a batch whose
// rows start at `first` (keys[rows(r), ends(r)), sorted; flagged ones dropped when `purge`).
template <class ExecSpace>
void count_neighbor_rows(const ExecSpace& space, vid_t first, vid_t num_rows,
                         const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& rows,
                         const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& ends,
                         const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& keys,
                         const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& counts, bool purge) {
  Kokkos::parallel_for(
      "tessera::part::nbr_count", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, num_rows),
      KOKKOS_LAMBDA(const std::int64_t r) {
        eid_t c = 0;
        for_each_kept_neighbor(keys, rows(r), ends(r), first + r, purge, [&](vid_t, bool) { ++c; });
        counts(first + r) = c;
      });
}

// Packs the kept neighbours of each deduplicated row r of a batch at out.offsets(first + r -
// row0) (row0 = first: `out` holds the batch's rows only), each with its flag.
template <class ExecSpace>
void write_neighbor_rows(const ExecSpace& space, vid_t first, vid_t num_rows,
                         const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& rows,
                         const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& ends,
                         const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& keys,
                         const Neighbors<typename ExecSpace::memory_space>& out, bool purge, vid_t row0 = 0) {
  auto offsets = out.offsets;
  auto ids = out.ids;
  auto invalid = out.invalid;
  Kokkos::parallel_for(
      "tessera::part::nbr_pack", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, num_rows),
      KOKKOS_LAMBDA(const std::int64_t r) {
        eid_t pos = offsets(first + r - row0);
        for_each_kept_neighbor(keys, rows(r), ends(r), first + r, purge, [&](vid_t id, bool flagged) {
          invalid(pos) = flagged ? 1 : 0;
          ids(pos++) = id;
        });
      });
}

// rows(i) = over(first + i) - base for i in [0, num_rows]: a batch's row map into its keys.
template <class ExecSpace>
void batch_row_map(const ExecSpace& space, const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& over,
                   vid_t first, vid_t num_rows, eid_t base, const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& rows) {
  Kokkos::parallel_for(
      "tessera::part::nbr_batch_rows", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, std::int64_t(num_rows) + 1),
      KOKKOS_LAMBDA(const std::int64_t i) { rows(i) = over(first + i) - base; });
}

// Scratch of one deduplication: the keys of a batch, its row map (multi-batch plans only), the
// ends of its deduplicated rows (the most rows of a batch) and the row counts (every row + 1).
template <class MemorySpace>
struct RowPackScratch {
  Kokkos::View<std::int64_t*, MemorySpace> keys;
  Kokkos::View<eid_t*, MemorySpace> rows;
  Kokkos::View<eid_t*, MemorySpace> ends;
  Kokkos::View<eid_t*, MemorySpace> counts;
};

// out.ids and out.invalid resized to `size`, their first `kept` entries kept.
template <class ExecSpace>
void resize_neighbor_rows(const ExecSpace& space, Neighbors<typename ExecSpace::memory_space>& out, eid_t kept,
                          eid_t size) {
  using mem = typename ExecSpace::memory_space;
  const auto head = std::make_pair(eid_t(0), kept);
  Kokkos::View<vid_t*, mem> ids(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_ids"), size);
  Kokkos::View<std::uint8_t*, mem> invalid(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_invalid"),
                                           size);
  if (kept > 0) {
    Kokkos::deep_copy(space, Kokkos::subview(ids, head), Kokkos::subview(out.ids, head));
    Kokkos::deep_copy(space, Kokkos::subview(invalid, head), Kokkos::subview(out.invalid, head));
  }
  out.ids = ids;
  out.invalid = invalid;
}

// The two-phase deduplication of the paper (§V-B), batch after batch: `fill(space, first, last,
// base, keys)` writes the oversized rows [first, last) (row r at over(r) - base, keys id << 1 |
// flag); each batch is deduplicated, its kept neighbours counted, the counts prefix-summed into
// out.offsets after those of the batches before, and the rows packed, so each batch is filled
// once. `allocate`: out.ids and out.invalid are allocated here, to the exact total in the end
// (several batches grow them); else they are the caller's, large enough. Returns the total, or
// -1 when it was not read back (one batch, !allocate), or k_rows_over_budget (allocate only) as
// soon as the rows would hold more than `max_total` entries (nothing more is allocated). `over`
// holds one offset per node of the level (+ 1): the rows' ids are those nodes.
inline constexpr eid_t k_rows_over_budget = -2;
template <class ExecSpace, class Fill>
eid_t pack_neighbor_rows(const ExecSpace& space, const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& over,
                         const RowBatches& batches, const Fill& fill,
                         const RowPackScratch<typename ExecSpace::memory_space>& scratch,
                         Neighbors<typename ExecSpace::memory_space>& out, bool allocate,
                         eid_t max_total = std::numeric_limits<eid_t>::max(), bool purge = true) {
  using mem = typename ExecSpace::memory_space;
  const bool one_batch = batches.count() == 1;
  auto counts = scratch.counts;
  auto offsets = out.offsets;
  eid_t done = 0;  // kept neighbours of the batches before
  for (std::size_t b = 0; b < batches.count(); ++b) {
    const vid_t first = batches.rows[b], rows = batches.rows[b + 1] - first;
    fill(space, first, first + rows, one_batch ? 0 : batches.entries[b], scratch.keys);
    Kokkos::View<eid_t*, mem> row_map = over;
    if (!one_batch) {
      row_map = Kokkos::subview(scratch.rows, std::make_pair(std::int64_t(0), std::int64_t(rows) + 1));
      batch_row_map(space, over, first, rows, batches.entries[b], row_map);
    }
    dedup_neighbor_rows(space, rows, row_map, scratch.keys, scratch.ends, std::int64_t(over.extent(0)) - 1);
    count_neighbor_rows(space, first, rows, row_map, scratch.ends, scratch.keys, counts, purge);
    auto body = KOKKOS_LAMBDA(const std::int64_t r, eid_t& sum, const bool final) {
      if (final) offsets(first + r) = done + sum;
      if (r < rows) sum += counts(first + r);
    };
    eid_t kept = -1;
    if (allocate || !one_batch) {
      kept = tessera::detail::chunked_scan<ExecSpace, eid_t>("tessera::part::nbr_scan", space, std::int64_t(rows) + 1, body);
    } else {
      tessera::detail::chunked_scan_no_total<ExecSpace, eid_t>("tessera::part::nbr_scan", space, std::int64_t(rows) + 1,
                                                               body);
    }
    if (allocate && kept > max_total - done) return k_rows_over_budget;
    const eid_t capacity = static_cast<eid_t>(out.ids.extent(0));
    if (allocate && done + kept > capacity)
      resize_neighbor_rows(space, out, done, one_batch ? kept : std::max(done + kept, 2 * capacity));
    write_neighbor_rows(space, first, rows, row_map, scratch.ends, scratch.keys, out, purge);
    done += kept;
  }
  if (allocate && static_cast<eid_t>(out.ids.extent(0)) != done) resize_neighbor_rows(space, out, done, done);
  return one_batch && !allocate ? -1 : done;
}

// over(v) = the oversized row offsets of the finest-level rows (the pins v pairs with in each of
// its incident nets, itself included: pair_window.hpp), prefix-summed; returns the total.
template <class ExecSpace>
eid_t pin_row_offsets(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L, const ScoredPairs& scope,
                      const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& over) {
  const vid_t n = L.num_nodes;
  auto net_off = L.net_offsets;
  auto node_off = L.node_offsets;
  auto inc = L.incident_nets;
  const eid_t max_net_size = scope.max_net_size, window = scope.window;
  return tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::part::nbr_over_scan", space, n + 1, KOKKOS_LAMBDA(const std::int64_t v, eid_t& sum, const bool final) {
        if (final) over(v) = sum;
        if (v == n) return;
        for (eid_t i = node_off(v); i < node_off(v + 1); ++i) {
          const nid_t e = inc(i);
          const eid_t size = net_off(e + 1) - net_off(e);
          if (size <= max_net_size) sum += paired_span_size(size, window);
        }
      });
}

// The oversized rows [first, last) of the finest level: the pins each node pairs with in every
// incident net of at most max_net_size pins.
template <class ExecSpace>
void fill_pin_neighbor_keys(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                            const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& over, const ScoredPairs& scope,
                            vid_t first, vid_t last, eid_t base,
                            const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& keys) {
  auto net_off = L.net_offsets;
  auto pins = L.pins;
  auto nsrc = L.net_num_sources;
  auto node_off = L.node_offsets;
  auto inc = L.incident_nets;
  auto nin = L.node_num_inbound;
  const eid_t max_net_size = scope.max_net_size, window = scope.window;
  Kokkos::parallel_for(
      "tessera::part::nbr_fill", tessera::detail::LightRangePolicy<ExecSpace>(space, first, last),
      KOKKOS_LAMBDA(const std::int64_t v) {
        eid_t pos = over(v) - base;
        const eid_t in_end = node_off(v) + nin(v);
        for (eid_t i = node_off(v); i < node_off(v + 1); ++i) {
          const nid_t e = inc(i);
          const eid_t pb = net_off(e), pe = net_off(e + 1);
          if (pe - pb > max_net_size) continue;
          const PinSpan span = paired_pins(pins, pb, pe, pb + nsrc(e), static_cast<vid_t>(v), i < in_end, window);
          for (eid_t t = 0; t < span.count; ++t) keys(pos++) = std::int64_t(pins(span(t))) << 1;
        }
      });
}

template <class ExecSpace>
struct PinNeighborKeys {
  Level<typename ExecSpace::memory_space> level;
  Kokkos::View<eid_t*, typename ExecSpace::memory_space> over;
  ScoredPairs scope;
  void operator()(const ExecSpace& space, vid_t first, vid_t last, eid_t base,
                  const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& keys) const {
    fill_pin_neighbor_keys(space, level, over, scope, first, last, base, keys);
  }
};

}  // namespace detail

// N(n) of the finest level from its pins, in batches within `limits`: the pins n pairs with
// (`scope`, pair_window.hpp). Nets larger than its max_net_size are left out (their pairs score
// little after the 1/|e| normalisation and would make the rows quadratic in |e|). Nothing (and everything allocated here freed) when the rows
// would hold more than `max_entries`.
template <class ExecSpace>
std::optional<Neighbors<typename ExecSpace::memory_space>> build_neighbors(
    const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L, const ScoredPairs& scope,
    const BatchLimits& limits = {}, eid_t max_entries = std::numeric_limits<eid_t>::max()) {
  using mem = typename ExecSpace::memory_space;
  const vid_t n = L.num_nodes;
  Kokkos::View<eid_t*, mem> over(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_over"), n + 1);
  const eid_t total = detail::pin_row_offsets(space, L, scope, over);
  const RowBatches batches = plan_row_batches(over, n, total, limits);
  detail::RowPackScratch<mem> scratch;
  scratch.keys = Kokkos::View<std::int64_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_keys"),
                                                  batches.max_entries);
  if (batches.count() > 1)
    scratch.rows = Kokkos::View<eid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_rows"),
                                             std::int64_t(batches.max_rows) + 1);
  scratch.ends = Kokkos::View<eid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_ends"),
                                           std::int64_t(batches.max_rows) + 1);
  scratch.counts = Kokkos::View<eid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_counts"),
                                             n + 1);
  Neighbors<mem> out;
  out.offsets = Kokkos::View<eid_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_offsets"),
                                          n + 1);
  if (detail::pack_neighbor_rows(space, over, batches, detail::PinNeighborKeys<ExecSpace>{L, over, scope},
                                 scratch, out, true, max_entries) == detail::k_rows_over_budget)
    return std::nullopt;
  return out;
}

// Neighbourhoods that are not kept (--neighbors off): the rows of a level are built from the
// pins batch after batch within `limits`, and each batch is handed to visit(rows, first, last)
// (rows.offsets(v - first) for v in [first, last], ids from 0) before the next overwrites it: only
// one batch's rows are in memory at once (paper 3, §VII-B). Every row is the one build_neighbors
// writes. Returns the level's row offsets without ids (which rows are empty: pair_isolated).
template <class ExecSpace, class Visit>
Neighbors<typename ExecSpace::memory_space> stream_neighbors(const ExecSpace& space,
                                                             const Level<typename ExecSpace::memory_space>& L,
                                                             const ScoredPairs& scope, const BatchLimits& limits,
                                                             const Visit& visit) {
  using mem = typename ExecSpace::memory_space;
  const vid_t n = L.num_nodes;
  Kokkos::View<eid_t*, mem> over(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_over"), n + 1);
  const eid_t total = detail::pin_row_offsets(space, L, scope, over);
  const RowBatches batches = plan_row_batches(over, n, total, limits);
  auto uninitialized = [](const char* label) { return Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)); };
  const Kokkos::View<std::int64_t*, mem> keys(uninitialized("tessera::part::nbr_keys"), batches.max_entries);
  const Kokkos::View<eid_t*, mem> rows(uninitialized("tessera::part::nbr_rows"), std::int64_t(batches.max_rows) + 1);
  const Kokkos::View<eid_t*, mem> ends(uninitialized("tessera::part::nbr_ends"), std::int64_t(batches.max_rows) + 1);
  Neighbors<mem> level;  // offsets of every row, no ids
  level.offsets = Kokkos::View<eid_t*, mem>(uninitialized("tessera::part::nbr_offsets"), n + 1);
  const auto counts = level.offsets;  // counted in place, then scanned
  Neighbors<mem> batch;  // the kept neighbours of one batch; ids grow to the largest batch
  batch.offsets = Kokkos::View<eid_t*, mem>(uninitialized("tessera::part::nbr_batch_offsets"),
                                            std::int64_t(batches.max_rows) + 1);
  const detail::PinNeighborKeys<ExecSpace> fill{L, over, scope};
  for (std::size_t b = 0; b < batches.count(); ++b) {
    const vid_t first = batches.rows[b], num_rows = batches.rows[b + 1] - first;
    const auto row_map = Kokkos::subview(rows, std::make_pair(std::int64_t(0), std::int64_t(num_rows) + 1));
    fill(space, first, first + num_rows, batches.entries[b], keys);
    detail::batch_row_map(space, over, first, num_rows, batches.entries[b], row_map);
    detail::dedup_neighbor_rows(space, num_rows, row_map, keys, ends, std::int64_t(n));
    detail::count_neighbor_rows(space, first, num_rows, row_map, ends, keys, counts, true);
    auto boff = batch.offsets;
    const eid_t kept = tessera::detail::chunked_scan<ExecSpace, eid_t>(
        "tessera::part::nbr_batch_scan", space, std::int64_t(num_rows) + 1,
        KOKKOS_LAMBDA(const std::int64_t r, eid_t& sum, const bool final) {
          if (final) boff(r) = sum;
          if (r < num_rows) sum += counts(first + r);
        });
    if (static_cast<eid_t>(batch.ids.extent(0)) < kept) {
      batch.ids = Kokkos::View<vid_t*, mem>(uninitialized("tessera::part::nbr_ids"), kept);
      batch.invalid = Kokkos::View<std::uint8_t*, mem>(uninitialized("tessera::part::nbr_invalid"), kept);
    }
    detail::write_neighbor_rows(space, first, num_rows, row_map, ends, keys, batch, true, first);
    Neighbors<mem> rows_of_batch = batch;
    rows_of_batch.ids = Kokkos::subview(batch.ids, std::make_pair(eid_t(0), kept));
    rows_of_batch.invalid = Kokkos::subview(batch.invalid, std::make_pair(eid_t(0), kept));
    visit(rows_of_batch, first, first + num_rows);
  }
  tessera::detail::counts_to_offsets_inplace(space, counts, std::int64_t(n));
  return level;
}

// Scratch of the derived neighbourhoods of one coarsening, sized by the finest level's rows (a
// coarse level's oversized rows hold exactly the fine level's entries, so no level needs more):
// derived rows go into `spare`, and the rows they replace become the next spare. A level then
// allocates nothing and, in one batch, reads nothing back. Row arrays keep their full capacity
// (ids.extent(0) is the capacity, not the row total); offsets are cut to the level's nodes + 1.
// keys holds min(capacity, limits.max_entries) entries: larger levels go in batches.
template <class MemorySpace>
struct NeighborWorkspace {
  Kokkos::View<eid_t*, MemorySpace> over;  // per finest node + 1
  detail::RowPackScratch<MemorySpace> pack;
  Neighbors<MemorySpace> spare;

  NeighborWorkspace(vid_t finest_nodes, eid_t capacity, const BatchLimits& limits)
      : over(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnbr_over"), finest_nodes + 1) {
    const bool batched = !fits_one_batch(finest_nodes, capacity, limits);
    pack.keys = Kokkos::View<std::int64_t*, MemorySpace>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnbr_keys"), std::min(capacity, limits.max_entries));
    if (batched)
      pack.rows = Kokkos::View<eid_t*, MemorySpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnbr_rows"),
                                                    finest_nodes + 1);
    pack.ends = Kokkos::View<eid_t*, MemorySpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnbr_ends"),
                                                  finest_nodes + 1);
    pack.counts = Kokkos::View<eid_t*, MemorySpace>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnbr_counts"), finest_nodes + 1);
    spare.offsets = Kokkos::View<eid_t*, MemorySpace>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_offsets"), finest_nodes + 1);
    spare.ids = Kokkos::View<vid_t*, MemorySpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_ids"),
                                                  capacity);
    spare.invalid = Kokkos::View<std::uint8_t*, MemorySpace>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::nbr_invalid"), capacity);
  }
};

namespace detail {

// The oversized rows [first, last) of coarse nodes: gamma of the fine rows of their members, id
// << 1 | the fine entry's invalid flag.
template <class ExecSpace>
void fill_coarse_neighbor_keys(const ExecSpace& space, const Neighbors<typename ExecSpace::memory_space>& fine,
                               const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& gamma,
                               const Kokkos::View<vid_t* [2], typename ExecSpace::memory_space>& members,
                               const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& over,
                               vid_t first, vid_t last, eid_t base,
                               const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& keys) {
  auto foff = fine.offsets;
  auto fids = fine.ids;
  auto finv = fine.invalid;
  Kokkos::parallel_for(
      "tessera::part::cnbr_fill", tessera::detail::LightRangePolicy<ExecSpace>(space, first, last),
      KOKKOS_LAMBDA(const std::int64_t x) {
        eid_t pos = over(x) - base;
        for (int k = 0; k < 2; ++k) {
          const vid_t a = members(x, k);
          if (a == invalid_vid) continue;
          for (eid_t i = foff(a); i < foff(a + 1); ++i)
            keys(pos++) = (std::int64_t(gamma(fids(i))) << 1) | std::int64_t(finv(i) != 0);
        }
      });
}

template <class ExecSpace>
struct CoarseNeighborKeys {
  Neighbors<typename ExecSpace::memory_space> fine;
  Kokkos::View<vid_t*, typename ExecSpace::memory_space> gamma;
  Kokkos::View<vid_t* [2], typename ExecSpace::memory_space> members;
  Kokkos::View<eid_t*, typename ExecSpace::memory_space> over;
  void operator()(const ExecSpace& space, vid_t first, vid_t last, eid_t base,
                  const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& keys) const {
    fill_coarse_neighbor_keys(space, fine, gamma, members, over, first, last, base, keys);
  }
};

}  // namespace detail

// N'(x) = gamma(N(a) U N(b)) \ {x} for the coarse node x = {a, b}. A coarse id reached through a
// flagged (invalid) entry is dropped (`purge`), or kept and flagged (streamed rows kept: the rows
// must stay the ones streaming would build, level_neighbors.hpp; the flag spares the proposals
// a pair known to be invalid). Written into ws.spare; `fine` becomes the spare.
template <class ExecSpace>
Neighbors<typename ExecSpace::memory_space> coarsen_neighbors(
    const ExecSpace& space, const Neighbors<typename ExecSpace::memory_space>& fine, vid_t num_coarse,
    const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& gamma,
    const Kokkos::View<vid_t* [2], typename ExecSpace::memory_space>& members,
    NeighborWorkspace<typename ExecSpace::memory_space>& ws, const BatchLimits& limits = {}, bool purge = true) {
  using mem = typename ExecSpace::memory_space;
  auto foff = fine.offsets;
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
  // One batch without a read-back when the keys hold the fine rows' capacity; else the plan
  // needs the level's total.
  const eid_t key_capacity = static_cast<eid_t>(ws.pack.keys.extent(0));
  eid_t total = key_capacity;
  BatchLimits level_limits = limits;
  level_limits.max_entries = key_capacity;
  if (!fits_one_batch(num_coarse, static_cast<eid_t>(fine.ids.extent(0)), level_limits)) {
    Kokkos::deep_copy(space, total, Kokkos::subview(over, std::int64_t(num_coarse)));
    space.fence();
  }
  const RowBatches batches = plan_row_batches(over, num_coarse, total, level_limits);
  // A coarse row longer than the keys is a batch of its own (plan_row_batches): the keys grow to
  // hold it (only under a tiny memory budget: the keys hold at least k_min_batch_entries).
  if (batches.max_entries > key_capacity)
    ws.pack.keys = Kokkos::View<std::int64_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::cnbr_keys"),
                                                    batches.max_entries);
  Neighbors<mem> out = ws.spare;
  out.offsets = Kokkos::subview(ws.spare.offsets, rows);
  ws.spare = fine;
  detail::RowPackScratch<mem> scratch = ws.pack;
  scratch.counts = Kokkos::subview(ws.pack.counts, rows);
  detail::pack_neighbor_rows(space, over, batches,
                             detail::CoarseNeighborKeys<ExecSpace>{fine, gamma, members, over}, scratch, out, false,
                             std::numeric_limits<eid_t>::max(), purge);
  return out;
}

}  // namespace tessera::partitioning
