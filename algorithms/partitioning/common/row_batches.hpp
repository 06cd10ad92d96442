#pragma once
// Kernels over the rows of a CRS array in batches of consecutive rows, so that scratch growing
// with the rows' entries is sized for one batch: the coarsening's neighbourhoods
// (coarsening/neighbor_batches.hpp) and refinement's gathered move proposals
// (refinement/move_proposals.cpp). Every row is computed by itself, so results never depend on
// the batches; one batch (the common case) reads nothing back to the host.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "core/types.hpp"

namespace tessera::partitioning {

// How large one batch may be.
struct BatchLimits {
  eid_t max_entries = std::numeric_limits<eid_t>::max();  // entries (from memory)
  vid_t max_rows = 0;                                      // rows (forced by an option; 0: no limit)
};

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
