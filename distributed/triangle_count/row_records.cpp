#include "distributed/triangle_count/row_records.hpp"

#include "distributed/triangle_count/compact_format.hpp"

namespace tessera::dist::detail {

namespace {

using host_space = Kokkos::DefaultHostExecutionSpace;

// Owner of a vertex from the vertex offsets (p + 1 of them).
int owner_of(const vid_t* offsets, int p, vid_t v) {
  int lo = 0, hi = p;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (offsets[mid] <= v)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

}  // namespace

RowRecords build_row_records(const Kokkos::View<const eid_t*, Kokkos::HostSpace>& row_map,
                             const Kokkos::View<const vid_t*, Kokkos::HostSpace>& entries,
                             const Kokkos::View<const vid_t*, Kokkos::HostSpace>& vertex, const DistGraph& g,
                             const std::vector<char>& readable) {
  RowRecords out;
  out.rows = static_cast<vid_t>(row_map.extent(0)) - 1;
  out.ranks = static_cast<int>(readable.size());
  const vid_t n = out.rows;
  const int p = out.ranks;
  const std::int64_t slots = static_cast<std::int64_t>(p) * n;
  const vid_t* offsets = g.vertex_offsets.data();
  const char* skip = readable.data();
  // The record of (d, v): its first parent and how many; Σ (L - 1 - i) queries.
  auto record_of = [=](int d, vid_t v, eid_t& first, eid_t& parents, std::uint64_t& queries) {
    const eid_t rb = row_map(v), re = row_map(v + 1);
    first = -1;
    parents = 0;
    queries = 0;
    if (skip[d]) return;
    for (eid_t i = rb; i + 1 < re; ++i)
      if (owner_of(offsets, p, vertex(entries(i))) == d) {
        if (first < 0) first = i;
        ++parents;
        queries += static_cast<std::uint64_t>(re - i - 1);
      }
  };
  out.offset = Kokkos::View<eid_t*, Kokkos::HostSpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::record_offset"),
                                                       static_cast<std::size_t>(slots) + 1);
  out.queries_before = Kokkos::View<std::uint64_t*, Kokkos::HostSpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::record_queries"), static_cast<std::size_t>(slots) + 1);
  const auto offset = out.offset;
  const auto queries_before = out.queries_before;
  Kokkos::parallel_for(
      "tessera::dist::tc::record_sizes", Kokkos::RangePolicy<host_space, Kokkos::Schedule<Kokkos::Dynamic>, Kokkos::IndexType<std::int64_t>>(0, slots),
      [=](const std::int64_t s) {
        eid_t first = 0, parents = 0;
        std::uint64_t queries = 0;
        record_of(static_cast<int>(s / n), static_cast<vid_t>(s % n), first, parents, queries);
        offset(s) = parents > 0 ? 2 + (row_map(s % n + 1) - first) + parents : 0;
        queries_before(s) = queries;
      });
  // Exclusive prefix sums over the slots (destination-major: each destination's records are
  // contiguous), one pass per array.
  eid_t words = 0;
  std::uint64_t queries = 0;
  for (std::int64_t s = 0; s < slots; ++s) {
    const eid_t w = offset(s);
    const std::uint64_t q = queries_before(s);
    offset(s) = words;
    queries_before(s) = queries;
    words += w;
    queries += q;
  }
  offset(slots) = words;
  queries_before(slots) = queries;
  out.words = Kokkos::View<vid_t*, Kokkos::HostSpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::records"),
                                                      static_cast<std::size_t>(words));
  const auto record = out.words;
  Kokkos::parallel_for(
      "tessera::dist::tc::records", Kokkos::RangePolicy<host_space, Kokkos::Schedule<Kokkos::Dynamic>, Kokkos::IndexType<std::int64_t>>(0, slots),
      [=](const std::int64_t s) {
        if (offset(s + 1) == offset(s)) return;
        const int d = static_cast<int>(s / n);
        const vid_t v = static_cast<vid_t>(s % n);
        eid_t first = 0, parents = 0;
        std::uint64_t q = 0;
        record_of(d, v, first, parents, q);
        const eid_t re = row_map(v + 1);
        vid_t* w = record.data() + offset(s);
        *w++ = encode_parent(static_cast<vid_t>(parents));
        *w++ = static_cast<vid_t>(re - first);
        for (eid_t i = first; i < re; ++i) *w++ = entries(i);
        for (eid_t i = first; i + 1 < re; ++i)
          if (owner_of(offsets, p, vertex(entries(i))) == d) *w++ = static_cast<vid_t>(i - first);
      });
  return out;
}

}  // namespace tessera::dist::detail
