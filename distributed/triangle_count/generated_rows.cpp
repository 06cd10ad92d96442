#include "distributed/triangle_count/generated_rows.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <limits>
#include <vector>

#include "core/error.hpp"
#include "core/kokkos_ext/scan.hpp"
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

// The rank of the block holding v (blocks: ranks + 1 ascending offsets, blocks[0] <= v <
// blocks[ranks]): the last k with blocks[k] <= v, so an empty block never owns a vertex.
KOKKOS_INLINE_FUNCTION int block_of(const vid_t* blocks, int ranks, vid_t v) {
  int lo = 0, hi = ranks;  // blocks[lo] <= v < blocks[hi]
  while (hi - lo > 1) {
    const int mid = lo + (hi - lo) / 2;
    if (blocks[mid] <= v) lo = mid;
    else hi = mid;
  }
  return lo;
}

// One chunk's arcs sorted by the block of their row, on the device: arc 2i is (src(i), dst(i)),
// arc 2i + 1 its reverse, loops dropped. A counting sort that does not depend on thread
// scheduling: the arcs are cut into tiles; each tile counts its arcs per block serially, an
// exclusive scan of the counts in (block, tile) order gives every tile its first slot in every
// block, and each tile writes its arcs there in order. Every block thus receives the chunk's
// arcs in stream order (the order the former host loop pushed them in).
struct RoutedChunk {
  static constexpr eid_t k_tile = 256;
  Kokkos::View<const vid_t*, memory> src, dst, blocks;
  int ranks;
  eid_t tiles;
  Kokkos::View<eid_t*, memory> slots;  // (block, tile) -> first slot of the tile in the block
  std::vector<eid_t> block_first;        // slots(block, 0), on the host

  RoutedChunk(const Kokkos::View<const vid_t*, memory>& s, const Kokkos::View<const vid_t*, memory>& d,
              const Kokkos::View<const vid_t*, memory>& b)
      : src(s), dst(d), blocks(b), ranks(static_cast<int>(b.extent(0)) - 1),
        tiles((2 * static_cast<eid_t>(s.extent(0)) + k_tile - 1) / k_tile),
        slots("tessera::dist::gen::route_slots", static_cast<std::size_t>(ranks * tiles + 1)) {}

  // Calls f(row, column) for the arcs of tile t (of `arcs` in all) in stream order, loops skipped:
  // what count() tallies and scatter() writes, in the same order.
  template <class F>
  KOKKOS_INLINE_FUNCTION static void for_each_arc(const Kokkos::View<const vid_t*, memory>& s,
                                                  const Kokkos::View<const vid_t*, memory>& d, eid_t t, eid_t arcs, F&& f) {
    const eid_t stop = t * k_tile + k_tile < arcs ? t * k_tile + k_tile : arcs;
    for (eid_t a = t * k_tile; a < stop; ++a) {
      const vid_t u = s(a / 2), v = d(a / 2);
      if (u == v) continue;
      if (a % 2 == 0) f(u, v);
      else f(v, u);
    }
  }

  // Counts, scans; returns the chunk's arcs per block (host).
  std::vector<eid_t> count() {
    const auto s = src, d = dst, b = blocks;
    const auto c = slots;
    const int p = ranks;
    const eid_t t_count = tiles, arcs = 2 * static_cast<eid_t>(s.extent(0));
    Kokkos::parallel_for(
        "tessera::dist::gen::route_count", Kokkos::RangePolicy<space, Kokkos::IndexType<eid_t>>(0, t_count),
        KOKKOS_LAMBDA(const eid_t t) {
          for_each_arc(s, d, t, arcs, [&](vid_t row, vid_t) { ++c(block_of(b.data(), p, row) * t_count + t); });
        });
    detail::exclusive_scan_inplace(space(), c, static_cast<std::int64_t>(c.extent(0)));
    Kokkos::View<eid_t*, memory> block_starts("tessera::dist::gen::route_firsts", static_cast<std::size_t>(p) + 1);
    Kokkos::parallel_for(
        "tessera::dist::gen::route_firsts", Kokkos::RangePolicy<space>(0, p + 1),
        KOKKOS_LAMBDA(const int r) { block_starts(r) = c(r * t_count); });
    const auto firsts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, block_starts);
    std::vector<eid_t> per_block(static_cast<std::size_t>(p));
    block_first.assign(static_cast<std::size_t>(p), 0);
    for (int r = 0; r < p; ++r) {
      block_first[r] = firsts(r);
      per_block[r] = firsts(r + 1) - firsts(r);
    }
    return per_block;
  }

  // After count(): writes every arc as the word pair (row, column) at words[2 (base[block] + k)],
  // k its place among the chunk's arcs of its block (the slots are consumed).
  void scatter(const Kokkos::View<vid_t*, memory>& words, const std::vector<eid_t>& base) const {
    Kokkos::View<eid_t*, Kokkos::HostSpace> shift("tessera::dist::gen::route_shift", base.size());
    for (std::size_t r = 0; r < base.size(); ++r) shift(r) = base[r] - block_first[r];
    const auto at = Kokkos::create_mirror_view_and_copy(memory{}, shift);
    const auto s = src, d = dst, b = blocks;
    const auto c = slots;
    const int p = ranks;
    const eid_t t_count = tiles, arcs = 2 * static_cast<eid_t>(s.extent(0));
    Kokkos::parallel_for(
        "tessera::dist::gen::route_scatter", Kokkos::RangePolicy<space, Kokkos::IndexType<eid_t>>(0, t_count),
        KOKKOS_LAMBDA(const eid_t t) {
          for_each_arc(s, d, t, arcs, [&](vid_t row, vid_t col) {
            const int r = block_of(b.data(), p, row);
            const eid_t k = at(r) + c(r * t_count + t)++;
            words(2 * k) = row;
            words(2 * k + 1) = col;
          });
        });
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

  return rows_of_arcs(arcs, end - begin);
}

HostGraph kronecker_rows(const gen::KroneckerParams& p, vid_t begin, vid_t end, eid_t chunk_edges) {
  return mirror_graph<Kokkos::HostSpace>(kronecker_rows_on_device(p, begin, end, chunk_edges));
}

namespace {

// This rank's share of the stream, edges [first, last), routed on the device: chunk by chunk,
// each chunk's arcs sorted by block into one device buffer (chunk after chunk), then copied to
// the host laid out by block (one contiguous piece per (block, chunk); a single piece per block
// when the share fits one chunk). `words` gets the (row, column) pairs, `send` the words per block.
Kokkos::View<vid_t*, Kokkos::HostSpace> routed_share(const gen::KroneckerParams& p, const std::vector<vid_t>& blocks, eid_t first,
                                                     eid_t last, eid_t chunk_edges, std::vector<eid_t>& send) {
  const int ranks = static_cast<int>(blocks.size()) - 1;
  Kokkos::View<vid_t*, Kokkos::HostSpace> host_blocks("tessera::dist::gen::blocks", blocks.size());
  for (std::size_t k = 0; k < blocks.size(); ++k) host_blocks(k) = blocks[k];
  const Kokkos::View<const vid_t*, memory> dev_blocks = Kokkos::create_mirror_view_and_copy(memory{}, host_blocks);
  // At most two arcs of two words per edge; loops leave the tail unused.
  Kokkos::View<vid_t*, memory> routed(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::routed"),
                                      static_cast<std::size_t>(4 * (last - first)));
  std::vector<std::vector<eid_t>> per_chunk;  // arcs per block of every chunk
  eid_t at = 0;                               // arcs routed so far
  for (eid_t c = first; c < last; c += chunk_edges) {
    const auto edges = gen::kronecker(space(), p, c, std::min(last, c + chunk_edges));
    RoutedChunk chunk(edges.src, edges.dst, dev_blocks);
    per_chunk.push_back(chunk.count());
    std::vector<eid_t> base(static_cast<std::size_t>(ranks), at);  // the chunk's first arc of every block
    for (int r = 1; r < ranks; ++r) base[r] = base[r - 1] + per_chunk.back()[r - 1];
    chunk.scatter(routed, base);
    at = base[ranks - 1] + per_chunk.back()[ranks - 1];
  }
  send.assign(static_cast<std::size_t>(ranks), 0);
  for (const auto& counts : per_chunk)
    for (int r = 0; r < ranks; ++r) send[r] += 2 * counts[r];
  Kokkos::View<vid_t*, Kokkos::HostSpace> words(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::words"),
                                                static_cast<std::size_t>(2 * at));
  if (per_chunk.size() == 1) {
    Kokkos::deep_copy(words, Kokkos::subview(routed, Kokkos::make_pair(std::size_t{0}, std::size_t(2 * at))));
    return words;
  }
  // Chunk-major on the device, block-major on the host: one copy per (chunk, block) piece.
  std::vector<eid_t> to(static_cast<std::size_t>(ranks), 0);  // next host word of every block
  for (int r = 1; r < ranks; ++r) to[r] = to[r - 1] + send[r - 1];
  eid_t from = 0;
  for (const auto& counts : per_chunk)
    for (int r = 0; r < ranks; ++r) {
      const auto piece = [&](eid_t w) { return Kokkos::make_pair(std::size_t(w), std::size_t(w + 2 * counts[r])); };
      if (counts[r] > 0) Kokkos::deep_copy(Kokkos::subview(words, piece(to[r])), Kokkos::subview(routed, piece(from)));
      to[r] += 2 * counts[r];
      from += 2 * counts[r];
    }
  return words;
}

// MPI's displacements and counts are ints: a clear error instead of an overflow.
std::vector<int> int_counts(const std::vector<eid_t>& words) {
  std::vector<int> out(words.size());
  eid_t total = 0;
  for (std::size_t r = 0; r < words.size(); ++r) {
    total += words[r];
    TESSERA_USER_REQUIRE(total <= std::numeric_limits<int>::max(),
                         "generated arcs for one rank exceed MPI's int counts; use more ranks");
    out[r] = static_cast<int>(words[r]);
  }
  return out;
}

}  // namespace

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
  // (as (row, column) word pairs), routed on the device; the host only hands it to MPI.
  std::vector<eid_t> words_to;
  auto words = routed_share(p, blocks, first, last, chunk_edges, words_to);
  input += last - first;
  const std::vector<int> send = int_counts(words_to);
  std::vector<int> sdispl(send.size(), 0), recv(send.size()), rdispl(send.size(), 0);
  for (int r = 1; r < ranks; ++r) sdispl[r] = sdispl[r - 1] + send[r - 1];
  TESSERA_MPI_CHECK(MPI_Alltoall(send.data(), 1, MPI_INT, recv.data(), 1, MPI_INT, comm));
  const std::vector<int> recv_checked = int_counts(std::vector<eid_t>(recv.begin(), recv.end()));
  for (int r = 1; r < ranks; ++r) rdispl[r] = rdispl[r - 1] + recv_checked[r - 1];
  Kokkos::View<vid_t*, Kokkos::HostSpace> got(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::got"),
                                              static_cast<std::size_t>(rdispl[ranks - 1] + recv[ranks - 1]));
  TESSERA_MPI_CHECK(MPI_Alltoallv(words.data(), send.data(), sdispl.data(), MPI_INT32_T, got.data(), recv.data(), rdispl.data(),
                                  MPI_INT32_T, comm));
  words = {};
  // One upload; the pairs split into rebased rows and columns on the device.
  const auto pairs = Kokkos::create_mirror_view_and_copy(memory{}, got);
  got = {};
  const vid_t b0 = blocks[static_cast<std::size_t>(me)], e0 = blocks[static_cast<std::size_t>(me) + 1];
  const std::size_t arcs_here = pairs.extent(0) / 2;
  EdgeArrays<memory> arcs;
  arcs.num_vertices = static_cast<vid_t>(eid_t{1} << p.scale);
  arcs.src = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::share_src"), arcs_here);
  arcs.dst = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::gen::share_dst"), arcs_here);
  const auto rows = arcs.src, cols = arcs.dst;
  Kokkos::parallel_for(
      "tessera::dist::gen::split_pairs", Kokkos::RangePolicy<space, Kokkos::IndexType<eid_t>>(0, static_cast<eid_t>(arcs_here)),
      KOKKOS_LAMBDA(const eid_t k) {
        rows(k) = pairs(2 * k) - b0;
        cols(k) = pairs(2 * k + 1);
      });
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
