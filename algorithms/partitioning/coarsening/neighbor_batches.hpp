#pragma once
// Coarsening in batches over nodes (paper 3, §VII-B: "running coarsening kernels in batches over
// nodes and keeping only a few nodes' neighborhoods in device memory at once"). The scratch that
// grows with the neighbourhoods — the oversized rows hashed before deduplication (8 bytes an
// entry) and the proposal histograms (12 bytes an entry) — is sized for one batch of consecutive
// rows, and the kernels run batch after batch. Every row is computed by itself, so the results do
// not depend on the batches: one batch (the common case) runs exactly the unbatched kernels.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/types.hpp"

namespace tessera::partitioning {

// Bytes of batch scratch per neighbour entry: a sort key, and a histogram bin with its inbound
// intersection counter.
inline constexpr std::int64_t k_batch_bytes_per_entry = 8 + 8 + 4;
// The share of the device memory available when coarsening starts that batch scratch may take:
// an eighth, so that the materialised rows themselves (5 bytes an entry, twice: the rows and the
// spare they are derived into) keep the rest (allen-v1: 2 x 18 GB of rows, 17 GB of scratch).
inline constexpr std::int64_t k_batch_memory_fraction = 8;
inline constexpr eid_t k_min_batch_entries = eid_t(1) << 12;
// Materialised rows (NeighborRows::automatic): an id and a flag byte an entry, twice (the rows and
// the spare they are derived into), within 3/8 of the available memory, so that rows and batch
// scratch together stay within half of it (issue 23's memory goal). 64k-rand, 256k-rand and the 1M
// network (79, 71 and 57 GB of rows, measurements/partition-memory-20261202) stream on an H200;
// allen-v1 (2 x 18 GB) and every smaller network keep their rows.
inline constexpr std::int64_t k_row_bytes_per_entry = 2 * (sizeof(vid_t) + 1);

// The most neighbour entries the materialised rows may hold when `available_bytes` are free.
inline eid_t materialised_row_budget(std::uint64_t available_bytes) {
  return static_cast<eid_t>(available_bytes / 8 * 3 / k_row_bytes_per_entry);
}

// How large one batch may be.
struct BatchLimits {
  eid_t max_entries = std::numeric_limits<eid_t>::max();  // neighbour entries (from memory)
  vid_t max_rows = 0;                                      // rows (forced by the option; 0: no limit)
};

// From the device memory available and CoarseningParams::neighbor_batch_nodes.
inline BatchLimits batch_limits(std::uint64_t available_bytes, vid_t forced_rows) {
  BatchLimits b;
  b.max_entries = std::max<eid_t>(k_min_batch_entries, static_cast<eid_t>(available_bytes / k_batch_memory_fraction /
                                                                          k_batch_bytes_per_entry));
  b.max_rows = forced_rows;
  return b;
}

// Consecutive row ranges: batch b holds rows [rows[b], rows[b + 1]) and entries [entries[b],
// entries[b + 1]) of the row map it was planned over.
struct RowBatches {
  std::vector<vid_t> rows;
  std::vector<eid_t> entries;
  eid_t max_entries = 0;  // the most entries of one batch
  vid_t max_rows = 0;     // the most rows of one batch
  std::size_t count() const { return rows.size() - 1; }
};

// One batch of every row, when rows [0, num_rows) with `total` entries fit the limits.
inline bool fits_one_batch(vid_t num_rows, eid_t total, const BatchLimits& limits) {
  return total <= limits.max_entries && (limits.max_rows == 0 || num_rows <= limits.max_rows);
}

// Greedy plan over a row map (num_rows + 1 offsets; read to the host when more than one batch is
// needed): a batch grows while it stays within both limits; a row larger than max_entries is a
// batch of its own.
template <class RowMap>
RowBatches plan_row_batches(const RowMap& row_map, vid_t num_rows, eid_t total, const BatchLimits& limits) {
  RowBatches b;
  if (fits_one_batch(num_rows, total, limits)) {
    b.rows = {0, num_rows};
    b.entries = {0, total};
    b.max_entries = total;
    b.max_rows = num_rows;
    return b;
  }
  const auto offsets = Kokkos::create_mirror_view_and_copy(
      Kokkos::HostSpace{}, Kokkos::subview(row_map, std::make_pair(std::int64_t(0), std::int64_t(num_rows) + 1)));
  b.rows.push_back(0);
  b.entries.push_back(offsets(0));
  for (vid_t r = 0; r < num_rows; ++r) {
    const vid_t first = b.rows.back();
    const bool full = r > first && (offsets(r + 1) - b.entries.back() > limits.max_entries ||
                                    (limits.max_rows > 0 && r - first >= limits.max_rows));
    if (full) {
      b.rows.push_back(r);
      b.entries.push_back(offsets(r));
    }
  }
  b.rows.push_back(num_rows);
  b.entries.push_back(offsets(num_rows));
  for (std::size_t i = 0; i < b.count(); ++i) {
    b.max_entries = std::max(b.max_entries, b.entries[i + 1] - b.entries[i]);
    b.max_rows = std::max(b.max_rows, b.rows[i + 1] - b.rows[i]);
  }
  return b;
}

}  // namespace tessera::partitioning
