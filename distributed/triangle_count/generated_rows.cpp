#include "distributed/triangle_count/generated_rows.hpp"

#include <Kokkos_Core.hpp>

#include <vector>

#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "io/generators/generator_spec.hpp"

namespace tessera::dist {

namespace {

using space = Kokkos::DefaultExecutionSpace;
using memory = space::memory_space;

// The arcs (row - begin, col) of one chunk whose row lies in [begin, end): both directions of
// every non-loop edge, as build_graph's symmetrization makes them. Appended to rows / cols.
void keep_own_arcs(const EdgeArrays<memory>& chunk, vid_t begin, vid_t end, std::vector<vid_t>& rows,
                   std::vector<vid_t>& cols) {
  const auto src = chunk.src;
  const auto dst = chunk.dst;
  const eid_t m = chunk.size();
  eid_t kept = 0;
  Kokkos::parallel_reduce(
      "tessera::dist::gen::count_own_arcs", Kokkos::RangePolicy<space, Kokkos::IndexType<eid_t>>(0, m),
      KOKKOS_LAMBDA(const eid_t e, eid_t& sum) {
        const vid_t u = src(e), v = dst(e);
        if (u == v) return;
        sum += (u >= begin && u < end ? 1 : 0) + (v >= begin && v < end ? 1 : 0);
      },
      kept);
  Kokkos::View<vid_t*, memory> r(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::rows"), kept);
  Kokkos::View<vid_t*, memory> c(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::cols"), kept);
  Kokkos::parallel_scan(
      "tessera::dist::gen::own_arcs", Kokkos::RangePolicy<space, Kokkos::IndexType<eid_t>>(0, m),
      KOKKOS_LAMBDA(const eid_t e, eid_t& offset, const bool final) {
        const vid_t u = src(e), v = dst(e);
        if (u == v) return;
        if (u >= begin && u < end) {
          if (final) {
            r(offset) = u - begin;
            c(offset) = v;
          }
          ++offset;
        }
        if (v >= begin && v < end) {
          if (final) {
            r(offset) = v - begin;
            c(offset) = u;
          }
          ++offset;
        }
      });
  const std::size_t at = rows.size();
  rows.resize(at + static_cast<std::size_t>(kept));
  cols.resize(at + static_cast<std::size_t>(kept));
  using HostView = Kokkos::View<vid_t*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  Kokkos::deep_copy(HostView(rows.data() + at, static_cast<std::size_t>(kept)), r);
  Kokkos::deep_copy(HostView(cols.data() + at, static_cast<std::size_t>(kept)), c);
}

}  // namespace

HostGraph kronecker_rows(const gen::KroneckerParams& p, vid_t begin, vid_t end, eid_t chunk_edges) {
  gen::validate(p);
  const vid_t n = static_cast<vid_t>(eid_t{1} << p.scale);
  TESSERA_REQUIRE(0 <= begin && begin <= end && end <= n && chunk_edges >= 1, "bad generated row range");
  const eid_t m = (eid_t{1} << p.scale) * static_cast<eid_t>(p.edge_factor);
  std::vector<vid_t> rows, cols;
  for (eid_t first = 0; first < m; first += chunk_edges)
    keep_own_arcs(gen::kronecker(space(), p, first, std::min(m, first + chunk_edges)), begin, end, rows, cols);

  // The arcs as a directed graph on the global ids (rows rebased to 0): build_graph sorts the
  // rows and drops duplicates. Self-loops were skipped above; a rebased row may equal its
  // (global) column, which build_graph must not take for a loop.
  EdgeArrays<memory> arcs;
  arcs.num_vertices = n;
  arcs.src = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::src"),
                                          rows.size());
  arcs.dst = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::dst"),
                                          cols.size());
  using HostView = Kokkos::View<const vid_t*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  Kokkos::deep_copy(arcs.src, HostView(rows.data(), rows.size()));
  Kokkos::deep_copy(arcs.dst, HostView(cols.data(), cols.size()));
  std::vector<vid_t>().swap(rows);
  std::vector<vid_t>().swap(cols);
  BuildOptions directed;
  directed.symmetrize = false;
  directed.remove_self_loops = false;
  const auto built = build_graph(space(), arcs, directed);

  const vid_t rows_here = end - begin;
  HostGraph out;
  out.row_map = HostGraph::row_map_type("tessera::dist::gen::row_map", static_cast<std::size_t>(rows_here) + 1);
  Kokkos::deep_copy(out.row_map, Kokkos::subview(built.row_map, Kokkos::make_pair(std::size_t{0}, std::size_t(rows_here) + 1)));
  const eid_t nnz = out.row_map(rows_here);
  out.entries = HostGraph::entries_type(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::entries"),
                                        static_cast<std::size_t>(nnz));
  Kokkos::deep_copy(out.entries, Kokkos::subview(built.entries, Kokkos::make_pair(eid_t{0}, nnz)));
  out.directed = false;
  return out;
}

bool kronecker_source(const std::string& source, gen::KroneckerParams& params) {
  const std::string prefix = "gen:";
  if (source.rfind(prefix, 0) != 0) return false;
  const auto spec = gen::parse_generator_spec(source.substr(prefix.size()));
  if (spec.kind != gen::GeneratorKind::kronecker && spec.kind != gen::GeneratorKind::rmat) return false;
  params = spec.kronecker;
  return true;
}

}  // namespace tessera::dist
