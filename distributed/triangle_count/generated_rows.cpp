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
// every non-loop edge, as build_graph's symmetrization makes them. Counted when `rows` is
// empty, else written at `at` onwards; returns how many.
struct OwnArcs {
  Kokkos::View<const vid_t*, memory> src, dst;
  vid_t begin, end;

  eid_t count() const {
    const auto s = src, d = dst;
    const vid_t b = begin, e = end;
    eid_t kept = 0;
    Kokkos::parallel_reduce(
        "tessera::dist::gen::count_own_arcs", Kokkos::RangePolicy<space, Kokkos::IndexType<eid_t>>(0, s.extent(0)),
        KOKKOS_LAMBDA(const eid_t i, eid_t& sum) {
          const vid_t u = s(i), v = d(i);
          if (u != v) sum += (u >= b && u < e ? 1 : 0) + (v >= b && v < e ? 1 : 0);
        },
        kept);
    return kept;
  }

  eid_t write(const Kokkos::View<vid_t*, memory>& rows, const Kokkos::View<vid_t*, memory>& cols, eid_t at) const {
    const auto s = src, d = dst;
    const vid_t b = begin, e = end;
    eid_t written = 0;
    Kokkos::parallel_scan(
        "tessera::dist::gen::own_arcs", Kokkos::RangePolicy<space, Kokkos::IndexType<eid_t>>(0, s.extent(0)),
        KOKKOS_LAMBDA(const eid_t i, eid_t& offset, const bool final) {
          const vid_t u = s(i), v = d(i);
          if (u == v) return;
          if (u >= b && u < e) {
            if (final) {
              rows(at + offset) = u - b;
              cols(at + offset) = v;
            }
            ++offset;
          }
          if (v >= b && v < e) {
            if (final) {
              rows(at + offset) = v - b;
              cols(at + offset) = u;
            }
            ++offset;
          }
        },
        written);
    return written;
  }
};

}  // namespace

DeviceGraph kronecker_rows_on_device(const gen::KroneckerParams& p, vid_t begin, vid_t end, eid_t chunk_edges) {
  gen::validate(p);
  const vid_t n = static_cast<vid_t>(eid_t{1} << p.scale);
  TESSERA_REQUIRE(0 <= begin && begin <= end && end <= n && chunk_edges >= 1, "bad generated row range");
  const eid_t m = (eid_t{1} << p.scale) * static_cast<eid_t>(p.edge_factor);
  // Two sweeps of the stream (generating is cheaper than moving the arcs through the host):
  // count this range's arcs, then write them into arrays of exactly that size.
  auto chunk = [&](eid_t first) {
    const auto edges = gen::kronecker(space(), p, first, std::min(m, first + chunk_edges));
    return OwnArcs{edges.src, edges.dst, begin, end};
  };
  eid_t total = 0;
  for (eid_t first = 0; first < m; first += chunk_edges) total += chunk(first).count();
  EdgeArrays<memory> arcs;
  arcs.num_vertices = n;
  arcs.src = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::src"),
                                          static_cast<std::size_t>(total));
  arcs.dst = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::dst"),
                                          static_cast<std::size_t>(total));
  eid_t at = 0;
  for (eid_t first = 0; first < m; first += chunk_edges) at += chunk(first).write(arcs.src, arcs.dst, at);
  TESSERA_REQUIRE(at == total, "generated arcs: counted " << total << ", wrote " << at);

  // The arcs as a directed graph on the global ids (rows rebased to 0): build_graph sorts the
  // rows and drops duplicates. Self-loops were skipped above; a rebased row may equal its
  // (global) column, which build_graph must not take for a loop.
  BuildOptions directed;
  directed.symmetrize = false;
  directed.remove_self_loops = false;
  const auto built = build_graph(space(), arcs, directed);

  const vid_t rows_here = end - begin;
  DeviceGraph out;
  out.row_map = Kokkos::subview(built.row_map, Kokkos::make_pair(std::size_t{0}, std::size_t(rows_here) + 1));
  eid_t nnz = 0;
  Kokkos::deep_copy(nnz, Kokkos::subview(built.row_map, std::size_t(rows_here)));
  out.entries = Kokkos::subview(built.entries, Kokkos::make_pair(eid_t{0}, nnz));
  out.directed = false;
  return out;
}

HostGraph kronecker_rows(const gen::KroneckerParams& p, vid_t begin, vid_t end, eid_t chunk_edges) {
  return mirror_graph<Kokkos::HostSpace>(kronecker_rows_on_device(p, begin, end, chunk_edges));
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
