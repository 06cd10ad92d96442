#include "distributed/triangle_count/row_records.hpp"

#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "distributed/triangle_count/compact_format.hpp"
#include "distributed/triangle_count/wedge_kernels.hpp"

namespace tessera::dist::detail {

namespace {

template <class T, class Memory>
Kokkos::View<T*, Kokkos::HostSpace> to_host(const Kokkos::View<T*, Memory>& v) {
  return Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, v);
}

}  // namespace

template <class Space>
RowRecords build_row_records(const Kokkos::View<const eid_t*, typename Space::memory_space>& row_map,
                             const Kokkos::View<const vid_t*, typename Space::memory_space>& entries,
                             const KnownVertices<typename Space::memory_space>& vertex, const DistGraph& g,
                             const std::vector<char>& readable) {
  using memory = typename Space::memory_space;
  using policy = Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>;
  RowRecords out;
  out.rows = static_cast<vid_t>(row_map.extent(0)) - 1;
  out.ranks = static_cast<int>(readable.size());
  const vid_t n = out.rows;
  const int p = out.ranks;
  const std::int64_t slots = static_cast<std::int64_t>(p) * n;
  // Each entry's owner, once (a position lookup is a binary search), -1 when readable here.
  Kokkos::View<vid_t*, Kokkos::HostSpace> host_offsets("tessera::dist::tc::record_offsets", g.vertex_offsets.size());
  Kokkos::View<char*, Kokkos::HostSpace> host_skip("tessera::dist::tc::record_skip", readable.size());
  for (std::size_t r = 0; r < g.vertex_offsets.size(); ++r) host_offsets(r) = g.vertex_offsets[r];
  for (std::size_t r = 0; r < readable.size(); ++r) host_skip(r) = readable[r];
  const auto offsets = Kokkos::create_mirror_view_and_copy(memory{}, host_offsets);
  const auto skip = Kokkos::create_mirror_view_and_copy(memory{}, host_skip);
  Kokkos::View<int*, memory> owner(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::entry_owner"),
                                   entries.extent(0));
  Kokkos::parallel_for(
      "tessera::dist::tc::entry_owner", policy(Space(), 0, static_cast<std::int64_t>(entries.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t i) {
        const int r = owner_by_offsets(offsets, p, vertex(entries(i)));
        owner(i) = skip(r) ? -1 : r;
      });
  // The record of (d, v): its first parent, how many, and Σ (L - 1 - i) queries.
  auto record_of = KOKKOS_LAMBDA(const int d, const vid_t v, eid_t& first, eid_t& parents, std::uint64_t& queries) {
    const eid_t rb = row_map(v), re = row_map(v + 1);
    first = -1;
    parents = 0;
    queries = 0;
    for (eid_t i = rb; i + 1 < re; ++i)
      if (owner(i) == d) {
        if (first < 0) first = i;
        ++parents;
        queries += static_cast<std::uint64_t>(re - i - 1);
      }
  };
  Kokkos::View<eid_t*, memory> offset(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::record_offset"),
                                      static_cast<std::size_t>(slots) + 1);
  Kokkos::View<std::uint64_t*, memory> queries_before(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::record_queries"), static_cast<std::size_t>(slots) + 1);
  // Sizes, then exclusive prefix sums over the slots (destination-major: each destination's
  // records are contiguous).
  Kokkos::parallel_for(
      "tessera::dist::tc::record_sizes", policy(Space(), 0, slots), KOKKOS_LAMBDA(const std::int64_t s) {
        eid_t first = 0, parents = 0;
        std::uint64_t queries = 0;
        record_of(static_cast<int>(s / n), static_cast<vid_t>(s % n), first, parents, queries);
        offset(s) = parents > 0 ? 2 + (row_map(s % n + 1) - first) + parents : 0;
        queries_before(s) = queries;
      });
  const eid_t words = tessera::detail::chunked_scan<Space, eid_t>(
      "tessera::dist::tc::record_offsets", Space(), slots + 1, KOKKOS_LAMBDA(const std::int64_t s, eid_t& sum, const bool final) {
        const eid_t w = s < slots ? offset(s) : 0;
        if (final) offset(s) = sum;
        sum += w;
      });
  tessera::detail::chunked_scan<Space, std::uint64_t>(
      "tessera::dist::tc::record_queries", Space(), slots + 1,
      KOKKOS_LAMBDA(const std::int64_t s, std::uint64_t& sum, const bool final) {
        const std::uint64_t q = s < slots ? queries_before(s) : 0;
        if (final) queries_before(s) = sum;
        sum += q;
      });
  Kokkos::View<vid_t*, memory> record(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::records"),
                                      static_cast<std::size_t>(words));
  Kokkos::parallel_for(
      "tessera::dist::tc::records", policy(Space(), 0, slots), KOKKOS_LAMBDA(const std::int64_t s) {
        if (offset(s + 1) == offset(s)) return;
        const int d = static_cast<int>(s / n);
        const vid_t v = static_cast<vid_t>(s % n);
        eid_t first = 0, parents = 0;
        std::uint64_t q = 0;
        record_of(d, v, first, parents, q);
        const eid_t re = row_map(v + 1);
        eid_t w = offset(s);
        record(w++) = encode_parent(static_cast<vid_t>(parents));
        record(w++) = static_cast<vid_t>(re - first);
        for (eid_t i = first; i < re; ++i) record(w++) = entries(i);
        for (eid_t i = first; i + 1 < re; ++i)
          if (owner(i) == d) record(w++) = static_cast<vid_t>(i - first);
      });
  Space().fence();
  out.offset = to_host(offset);
  out.queries_before = to_host(queries_before);
  out.words = to_host(record);
  return out;
}

#define TESSERA_INST(Space)                                                                                                   \
  template RowRecords build_row_records<Space>(const Kokkos::View<const eid_t*, Space::memory_space>&,                      \
                                               const Kokkos::View<const vid_t*, Space::memory_space>&,                      \
                                               const KnownVertices<Space::memory_space>&, const DistGraph&,                 \
                                               const std::vector<char>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::dist::detail
