#include "distributed/triangle_count/generated_rows.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <limits>
#include <vector>

#include "core/error.hpp"
#include "distributed/mpi/communicator.hpp"
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

// The arcs (row rebased to 0, global column) as rows 0..rows-1: build_graph sorts the rows and
// drops duplicates. Self-loops were skipped when the arcs were kept; a rebased row may equal its
// (global) column, which build_graph must not take for a loop.
DeviceGraph rows_of_arcs(const EdgeArrays<memory>& arcs, vid_t rows_here) {
  BuildOptions directed;
  directed.symmetrize = false;
  directed.remove_self_loops = false;
  const auto built = build_graph(space(), arcs, directed);
  DeviceGraph out;
  out.row_map = Kokkos::subview(built.row_map, Kokkos::make_pair(std::size_t{0}, std::size_t(rows_here) + 1));
  eid_t nnz = 0;
  Kokkos::deep_copy(nnz, Kokkos::subview(built.row_map, std::size_t(rows_here)));
  out.entries = Kokkos::subview(built.entries, Kokkos::make_pair(eid_t{0}, nnz));
  out.directed = false;
  return out;
}

// The rank of the block holding v (blocks: ranks + 1 ascending offsets).
int block_of(const std::vector<vid_t>& blocks, vid_t v) {
  return static_cast<int>(std::upper_bound(blocks.begin(), blocks.end(), v) - blocks.begin()) - 1;
}

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

  return rows_of_arcs(arcs, end - begin);
}

HostGraph kronecker_rows(const gen::KroneckerParams& p, vid_t begin, vid_t end, eid_t chunk_edges) {
  return mirror_graph<Kokkos::HostSpace>(kronecker_rows_on_device(p, begin, end, chunk_edges));
}

HostGraph kronecker_share_rows(MPI_Comm comm, const gen::KroneckerParams& p, const std::vector<vid_t>& blocks, eid_t& input,
                               eid_t chunk_edges) {
  gen::validate(p);
  int ranks = 1, me = 0;
  TESSERA_MPI_CHECK(MPI_Comm_size(comm, &ranks));
  TESSERA_MPI_CHECK(MPI_Comm_rank(comm, &me));
  TESSERA_REQUIRE(blocks.size() == static_cast<std::size_t>(ranks) + 1 && chunk_edges >= 1, "bad blocks for generated rows");
  const eid_t m = (eid_t{1} << p.scale) * static_cast<eid_t>(p.edge_factor);
  const eid_t first = m * me / ranks, last = m * (me + 1) / ranks;
  // This rank's share of the stream, both directions of every non-loop edge, by block owner
  // (as (row, column) word pairs).
  std::vector<std::vector<vid_t>> to(static_cast<std::size_t>(ranks));
  for (eid_t c = first; c < last; c += chunk_edges) {
    const auto edges = gen::kronecker(space(), p, c, std::min(last, c + chunk_edges));
    const auto src = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, edges.src);
    const auto dst = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, edges.dst);
    for (std::size_t i = 0; i < src.extent(0); ++i) {
      const vid_t u = src(i), v = dst(i);
      if (u == v) continue;
      auto& a = to[static_cast<std::size_t>(block_of(blocks, u))];
      a.push_back(u);
      a.push_back(v);
      auto& b = to[static_cast<std::size_t>(block_of(blocks, v))];
      b.push_back(v);
      b.push_back(u);
    }
  }
  input += last - first;
  std::vector<int> send(static_cast<std::size_t>(ranks)), sdispl(send), recv(send), rdispl(send);
  std::vector<vid_t> words;
  for (int r = 0; r < ranks; ++r) {
    TESSERA_USER_REQUIRE(to[r].size() <= static_cast<std::size_t>(std::numeric_limits<int>::max()),
                         "generated arcs for one rank exceed MPI's int counts; use more ranks");
    sdispl[r] = static_cast<int>(words.size());
    send[r] = static_cast<int>(to[r].size());
    words.insert(words.end(), to[r].begin(), to[r].end());
    std::vector<vid_t>().swap(to[r]);
  }
  TESSERA_MPI_CHECK(MPI_Alltoall(send.data(), 1, MPI_INT, recv.data(), 1, MPI_INT, comm));
  for (int r = 1; r < ranks; ++r) rdispl[r] = rdispl[r - 1] + recv[r - 1];
  std::vector<vid_t> got(static_cast<std::size_t>(rdispl[ranks - 1] + recv[ranks - 1]));
  TESSERA_MPI_CHECK(MPI_Alltoallv(words.data(), send.data(), sdispl.data(), MPI_INT32_T, got.data(), recv.data(), rdispl.data(),
                                  MPI_INT32_T, comm));
  std::vector<vid_t>().swap(words);
  const vid_t b0 = blocks[static_cast<std::size_t>(me)], e0 = blocks[static_cast<std::size_t>(me) + 1];
  const std::size_t arcs_here = got.size() / 2;
  Kokkos::View<vid_t*, Kokkos::HostSpace> rows("tessera::dist::gen::share_src", arcs_here), cols("tessera::dist::gen::share_dst", arcs_here);
  for (std::size_t k = 0; k < arcs_here; ++k) {
    rows(k) = got[2 * k] - b0;
    cols(k) = got[2 * k + 1];
  }
  EdgeArrays<memory> arcs;
  arcs.num_vertices = static_cast<vid_t>(eid_t{1} << p.scale);
  arcs.src = Kokkos::create_mirror_view_and_copy(memory{}, rows);
  arcs.dst = Kokkos::create_mirror_view_and_copy(memory{}, cols);
  auto block = mirror_graph<Kokkos::HostSpace>(rows_of_arcs(arcs, e0 - b0));
  input += block.num_entries();
  return block;
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
