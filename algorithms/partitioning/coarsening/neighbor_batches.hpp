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

#include "algorithms/partitioning/common/row_batches.hpp"
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

// From the device memory available and CoarseningParams::neighbor_batch_nodes.
inline BatchLimits batch_limits(std::uint64_t available_bytes, vid_t forced_rows) {
  BatchLimits b;
  b.max_entries = std::max<eid_t>(k_min_batch_entries, static_cast<eid_t>(available_bytes / k_batch_memory_fraction /
                                                                          k_batch_bytes_per_entry));
  b.max_rows = forced_rows;
  return b;
}

}  // namespace tessera::partitioning
