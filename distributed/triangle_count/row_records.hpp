#pragma once
// The rows message format's records (compact_format.hpp) for every destination, built at once
// and in parallel on the space the rank counts in (the device for GPU ranks: paper 1 §II-B2's
// sender side without host work per query or per entry) from the rank's oriented rows: per row
// v and destination d that owns at least one of v's parents (an out-neighbour with a candidate
// after it), one record. The records come to the host in one copy; the remote scan then only
// hands spans of whole records to the messenger (a one-thread host scan over every query was
// the MPI-only gpu variant's bottleneck).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <vector>

#include "distributed/triangle_count/dist_graph.hpp"
#include "distributed/triangle_count/known_vertices.hpp"

namespace tessera::dist::detail {

struct RowRecords {
  vid_t rows = 0;
  int ranks = 0;
  // Slot d * rows + v: where the record of row v for destination d starts in `words` (records
  // of one destination are contiguous, in row order) and the queries before it, each with one
  // more slot at the end per destination layout (offsets are exclusive prefix sums over all
  // slots, so slot d * rows + rows = (d + 1) * rows is destination d + 1's start).
  Kokkos::View<eid_t*, Kokkos::HostSpace> offset;
  Kokkos::View<std::uint64_t*, Kokkos::HostSpace> queries_before;
  Kokkos::View<vid_t*, Kokkos::HostSpace> words;

  eid_t begin(int d, vid_t v) const { return offset(static_cast<std::size_t>(d) * rows + v); }
  std::uint64_t queries(int d, vid_t v) const { return queries_before(static_cast<std::size_t>(d) * rows + v); }
};

// Records of the rows (row_map rebased, entries = positions in the order, vertex = position ->
// vertex), in Space's memory, for every rank not readable here.
template <class Space>
RowRecords build_row_records(const Kokkos::View<const eid_t*, typename Space::memory_space>& row_map,
                             const Kokkos::View<const vid_t*, typename Space::memory_space>& entries,
                             const KnownVertices<typename Space::memory_space>& vertex, const DistGraph& g,
                             const std::vector<char>& readable);

}  // namespace tessera::dist::detail
