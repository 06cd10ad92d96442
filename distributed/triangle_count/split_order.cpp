#include "distributed/triangle_count/split_order.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/sort.hpp"

namespace tessera::dist::detail {

namespace {

using host_memory = Kokkos::HostSpace;
using index_policy = Kokkos::IndexType<std::int64_t>;

KOKKOS_INLINE_FUNCTION int bits_set(unsigned w) {
  int c = 0;
  for (; w != 0; w &= w - 1) ++c;
  return c;
}

// The non-owned neighbours: one bit per global vertex (n / 8 bytes) set in parallel, and each
// bit word's count of ghosts before it (a sort of every non-owned entry was O(m log m)). The
// rank of a ghost among the ghosts is then O(1): the word's count plus the bits below it.
template <class Memory>
struct GhostSet {
  Kokkos::View<vid_t*, Memory> ids;  // ascending
  Kokkos::View<unsigned*, Memory> bits;
  Kokkos::View<std::int64_t*, Memory> before_word;

  KOKKOS_INLINE_FUNCTION std::int64_t rank_of(vid_t w) const {
    const unsigned below = bits(w / 32) & ((1u << (w % 32)) - 1u);
    return before_word(w / 32) + bits_set(below);
  }
};

template <class Space>
GhostSet<typename Space::memory_space> ghost_set(const CsrGraph<typename Space::memory_space>& rows, vid_t first,
                                                 vid_t last, vid_t n) {
  using memory = typename Space::memory_space;
  const std::int64_t words = (static_cast<std::int64_t>(n) + 31) / 32;
  GhostSet<memory> out;
  out.bits = Kokkos::View<unsigned*, memory>("tessera::dist::tc::ghost_bits", static_cast<std::size_t>(words));
  out.before_word = Kokkos::View<std::int64_t*, memory>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::ghosts_before_word"), static_cast<std::size_t>(words));
  const auto seen = out.bits;
  const auto before_word = out.before_word;
  const auto e = rows.entries;
  Kokkos::parallel_for(
      "tessera::dist::tc::mark_ghosts", Kokkos::RangePolicy<Space, index_policy>(Space(), 0, rows.num_entries()),
      KOKKOS_LAMBDA(const std::int64_t i) {
        const vid_t w = e(i);
        if (w < first || w >= last) Kokkos::atomic_fetch_or(&seen(w / 32), 1u << (w % 32));
      });
  const std::int64_t count = tessera::detail::chunked_scan<Space, std::int64_t>(
      "tessera::dist::tc::ghosts_before_word", Space(), words,
      KOKKOS_LAMBDA(const std::int64_t k, std::int64_t& sum, const bool final) {
        if (final) before_word(k) = sum;
        sum += bits_set(seen(k));
      });
  out.ids = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::ghosts"),
                                         static_cast<std::size_t>(count));
  const auto ghosts = out.ids;
  Kokkos::parallel_for(
      "tessera::dist::tc::ghost_list", Kokkos::RangePolicy<Space, index_policy>(Space(), 0, words),
      KOKKOS_LAMBDA(const std::int64_t k) {
        const unsigned w = seen(k);
        std::int64_t at = before_word(k);
        for (int b = 0; b < 32; ++b)
          if ((w >> b) & 1u) ghosts(at++) = static_cast<vid_t>(32 * k + b);
      });
  Space().fence();
  return out;
}

// Positions of the own vertices (row i = vertex first + i). Degree order: the three terms of
// split_order.hpp, from the histograms of the ranks' degrees.
template <class Space>
Kokkos::View<vid_t*, typename Space::memory_space> own_positions(const Communicator& comm,
                                                                 const CsrGraph<typename Space::memory_space>& rows,
                                                                 vid_t first, Orientation orientation,
                                                                 std::int64_t& bytes_sent) {
  using memory = typename Space::memory_space;
  using policy = Kokkos::RangePolicy<Space>;
  const vid_t mine = rows.num_vertices();
  Kokkos::View<vid_t*, memory> position(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::own_positions"),
                                        static_cast<std::size_t>(mine));
  if (orientation == Orientation::id) {
    Kokkos::parallel_for(
        "tessera::dist::tc::id_positions", policy(Space(), 0, mine), KOKKOS_LAMBDA(const vid_t i) { position(i) = first + i; });
    Space().fence();
    return position;
  }
  const auto rm = rows.row_map;
  Kokkos::View<vid_t*, memory> degree(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::own_degrees"),
                                      static_cast<std::size_t>(mine));
  vid_t local_max = 0;
  Kokkos::parallel_reduce(
      "tessera::dist::tc::own_degrees", policy(Space(), 0, mine),
      KOKKOS_LAMBDA(const vid_t i, vid_t& top) {
        degree(i) = static_cast<vid_t>(rm(i + 1) - rm(i));
        if (degree(i) > top) top = degree(i);
      },
      Kokkos::Max<vid_t>(local_max));
  local_max = std::max<vid_t>(local_max, 0);  // a Max reduction over no vertices is the lowest int
  vid_t max_degree = 0;
  TESSERA_MPI_CHECK(MPI_Allreduce(&local_max, &max_degree, 1, MPI_INT32_T, MPI_MAX, comm.get()));
  const std::size_t bins = static_cast<std::size_t>(max_degree) + 1;
  // The own vertices in (degree, id) order give the rank's histogram without atomics (a GPU's
  // low-degree bins would take millions of them): each degree's run in that order.
  const auto order = order_by_degree(Space(), Kokkos::View<const vid_t*, memory>(degree));
  const auto k = order.new_id;
  if (comm.size() == 1) {  // alone: the position is the rank in the own order
    Kokkos::parallel_for(
        "tessera::dist::tc::own_order_positions", policy(Space(), 0, mine), KOKKOS_LAMBDA(const vid_t i) { position(i) = k(i); });
    Space().fence();
    return position;
  }
  const auto sorted = order.old_id;
  Kokkos::View<std::int64_t*, memory> histogram("tessera::dist::tc::degree_histogram", bins);
  Kokkos::parallel_for(  // -start of each run, then + its end: its length
      "tessera::dist::tc::degree_run_starts", policy(Space(), 0, mine), KOKKOS_LAMBDA(const vid_t j) {
        const vid_t d = degree(sorted(j));
        if (j == 0 || degree(sorted(j - 1)) != d) histogram(d) = -static_cast<std::int64_t>(j);
      });
  Kokkos::parallel_for(
      "tessera::dist::tc::degree_run_ends", policy(Space(), 0, mine), KOKKOS_LAMBDA(const vid_t j) {
        const vid_t d = degree(sorted(j));
        if (j + 1 == mine || degree(sorted(j + 1)) != d) histogram(d) += j + 1;
      });
  std::vector<std::int64_t> local(bins), global(bins), before(bins, 0);
  Kokkos::deep_copy(Kokkos::View<std::int64_t*, host_memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(local.data(), bins),
                    histogram);
  TESSERA_MPI_CHECK(MPI_Allreduce(local.data(), global.data(), int(bins), MPI_INT64_T, MPI_SUM, comm.get()));
  TESSERA_MPI_CHECK(MPI_Exscan(local.data(), before.data(), int(bins), MPI_INT64_T, MPI_SUM, comm.get()));
  if (comm.rank() == 0) std::fill(before.begin(), before.end(), 0);  // MPI_Exscan leaves it undefined
  bytes_sent += static_cast<std::int64_t>(3 * bins * sizeof(std::int64_t));
  // offset[d]: the position of this rank's first vertex of degree d, minus the own vertices of
  // smaller degree (which order_by_degree below counts in k).
  std::int64_t smaller = 0, own_smaller = 0;
  for (std::size_t d = 0; d < bins; ++d) {
    const std::int64_t off = smaller + before[d] - own_smaller;
    smaller += global[d];
    own_smaller += local[d];
    local[d] = off;
  }
  Kokkos::deep_copy(histogram, Kokkos::View<const std::int64_t*, host_memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(
                                   local.data(), bins));
  Kokkos::parallel_for(
      "tessera::dist::tc::degree_positions", policy(Space(), 0, mine),
      KOKKOS_LAMBDA(const vid_t i) { position(i) = static_cast<vid_t>(k(i) + histogram(degree(i))); });
  Space().fence();
  return position;
}

// The ghosts' positions from their owners: ghost ids are ascending and owners hold contiguous
// ranges in rank order, so the requests to one owner are one run. Host buffers (MPI).
std::vector<vid_t> ghost_positions(const Communicator& comm, const DistGraph& g, const std::vector<vid_t>& ghosts,
                                   const std::vector<vid_t>& own_position, std::int64_t& bytes_sent) {
  const int p = comm.size();
  std::vector<int> send_counts(static_cast<std::size_t>(p), 0), send_displs(static_cast<std::size_t>(p), 0);
  for (vid_t w : ghosts) ++send_counts[static_cast<std::size_t>(g.owner(w))];
  std::vector<int> recv_counts(static_cast<std::size_t>(p)), recv_displs(static_cast<std::size_t>(p), 0);
  TESSERA_MPI_CHECK(MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, comm.get()));
  for (int r = 1; r < p; ++r) {
    send_displs[r] = send_displs[r - 1] + send_counts[r - 1];
    recv_displs[r] = recv_displs[r - 1] + recv_counts[r - 1];
  }
  const std::size_t asked = static_cast<std::size_t>(recv_displs[p - 1] + recv_counts[p - 1]);
  std::vector<vid_t> requests(asked);
  TESSERA_MPI_CHECK(MPI_Alltoallv(ghosts.data(), send_counts.data(), send_displs.data(), MPI_INT32_T, requests.data(),
                                  recv_counts.data(), recv_displs.data(), MPI_INT32_T, comm.get()));
  const vid_t b = g.begin();
  for (vid_t& w : requests) {
    TESSERA_REQUIRE(g.owns(w), "position request for vertex " << w << " not owned here");
    w = own_position[static_cast<std::size_t>(w - b)];
  }
  std::vector<vid_t> answers(ghosts.size());
  TESSERA_MPI_CHECK(MPI_Alltoallv(requests.data(), recv_counts.data(), recv_displs.data(), MPI_INT32_T, answers.data(),
                                  send_counts.data(), send_displs.data(), MPI_INT32_T, comm.get()));
  bytes_sent += static_cast<std::int64_t>((ghosts.size() + asked) * sizeof(vid_t) + 2 * p * sizeof(int));
  return answers;
}

template <class T, class Memory>
std::vector<T> to_vector(const Kokkos::View<T*, Memory>& v) {
  std::vector<T> out(v.extent(0));
  Kokkos::deep_copy(Kokkos::View<T*, host_memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(out.data(), out.size()), v);
  return out;
}

template <class Memory>
Kokkos::View<vid_t*, Memory> to_view(const std::vector<vid_t>& v, const char* label) {
  Kokkos::View<vid_t*, Memory> out(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), v.size());
  Kokkos::deep_copy(out, Kokkos::View<const vid_t*, host_memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(v.data(), v.size()));
  return out;
}

}  // namespace

template <class Space>
SplitOrder<typename Space::memory_space> split_order(const Communicator& comm, const DistGraph& g,
                                                     const CsrGraph<typename Space::memory_space>& rows,
                                                     Orientation orientation) {
  using memory = typename Space::memory_space;
  using policy = Kokkos::RangePolicy<Space, index_policy>;
  const vid_t n = g.num_vertices, first = g.begin(), last = g.end(), mine = last - first;
  SplitOrder<memory> out;
  const auto ghost = ghost_set<Space>(rows, first, last, n);
  const auto ghosts = ghost.ids;
  const std::vector<vid_t> ghost_list = to_vector(ghosts);
  const vid_t below = static_cast<vid_t>(std::lower_bound(ghost_list.begin(), ghost_list.end(), first) - ghost_list.begin());
  const std::int64_t known = static_cast<std::int64_t>(ghost_list.size()) + mine;
  out.ghosts = static_cast<std::int64_t>(ghost_list.size());
  out.first_index = below;

  const auto own = own_positions<Space>(comm, rows, first, orientation, out.bytes_sent);
  const auto ghost_pos = orientation == Orientation::id || comm.size() == 1  // ids, or no ghosts
                             ? ghosts
                             : to_view<memory>(ghost_positions(comm, g, ghost_list, to_vector(own), out.bytes_sent),
                                               "tessera::dist::tc::ghost_positions");
  // Index k among the known vertices in id order: ghosts below the own range, the own range,
  // the ghosts above.
  Kokkos::View<vid_t*, memory> position_of_index(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::index_position"),
                                                 static_cast<std::size_t>(known));
  auto id_of_index = KOKKOS_LAMBDA(const std::int64_t k)->vid_t {
    return k < below ? ghosts(k) : k < below + mine ? static_cast<vid_t>(first + (k - below)) : ghosts(k - mine);
  };
  Kokkos::parallel_for(
      "tessera::dist::tc::index_positions", policy(Space(), 0, known), KOKKOS_LAMBDA(const std::int64_t k) {
        position_of_index(k) = k < below ? ghost_pos(k) : k < below + mine ? own(k - below) : ghost_pos(k - mine);
      });
  out.position_of_index = position_of_index;

  // The rows renamed to indices (unchanged when every neighbour is owned and the range starts at 0).
  out.rows = rows;
  if (!(ghost_list.empty() && first == 0)) {
    out.rows.entries = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::index_rows"),
                                                    rows.entries.extent(0));
    const auto in = rows.entries, renamed = out.rows.entries;
    Kokkos::parallel_for(
        "tessera::dist::tc::index_rows", policy(Space(), 0, rows.num_entries()), KOKKOS_LAMBDA(const std::int64_t i) {
          const vid_t w = in(i);
          if (w >= first && w < last) {
            renamed(i) = below + (w - first);
          } else {
            const std::int64_t k = ghost.rank_of(w);
            renamed(i) = static_cast<vid_t>(k < below ? k : k + mine);
          }
        });
  }

  // The known vertices by position: when the rank knows more than half of them (typical of
  // power-law graphs at few ranks: the hubs' neighbours are everywhere), an n-entry map with -1
  // for the unknown positions, smaller than sorted (position, vertex) pairs and read without a
  // search; otherwise the pairs, sorted by a sort of (position, index) keys.
  out.known.count = known;
  if (2 * known > static_cast<std::int64_t>(n)) {
    Kokkos::View<vid_t*, memory> id(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::known_ids"), n);
    if (known < n) Kokkos::deep_copy(Space(), id, vid_t(-1));
    Kokkos::parallel_for(
        "tessera::dist::tc::dense_known", policy(Space(), 0, known),
        KOKKOS_LAMBDA(const std::int64_t k) { id(position_of_index(k)) = id_of_index(k); });
    out.known.id = id;
  } else {
    Kokkos::View<std::int64_t*, memory> keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::known_keys"),
                                             static_cast<std::size_t>(known));
    Kokkos::parallel_for(
        "tessera::dist::tc::known_keys", policy(Space(), 0, known),
        KOKKOS_LAMBDA(const std::int64_t k) { keys(k) = (static_cast<std::int64_t>(position_of_index(k)) << 32) | k; });
    tessera::detail::sort_keys<Space>(keys);
    Kokkos::View<vid_t*, memory> position(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::known_positions"),
                                          static_cast<std::size_t>(known));
    Kokkos::View<vid_t*, memory> id(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::known_ids"),
                                    static_cast<std::size_t>(known));
    Kokkos::parallel_for(
        "tessera::dist::tc::known_by_position", policy(Space(), 0, known), KOKKOS_LAMBDA(const std::int64_t k) {
          position(k) = static_cast<vid_t>(keys(k) >> 32);
          id(k) = id_of_index(keys(k) & 0xffffffff);
        });
    out.known.position = position;
    out.known.id = id;
  }
  Space().fence();
  return out;
}

template <class Space>
Kokkos::View<eid_t*, typename Space::memory_space> oriented_out_degrees(const SplitOrder<typename Space::memory_space>& order) {
  using memory = typename Space::memory_space;
  const auto rm = order.rows.row_map;
  const auto e = order.rows.entries;
  const auto pos = order.position_of_index;
  const vid_t first = order.first_index;
  const vid_t rows = order.rows.num_vertices();
  Kokkos::View<eid_t*, memory> out(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::out_degrees"),
                                   static_cast<std::size_t>(rows));
  Kokkos::parallel_for(
      "tessera::dist::tc::out_degrees", Kokkos::RangePolicy<Space>(Space(), 0, rows), KOKKOS_LAMBDA(const vid_t i) {
        eid_t later = 0;
        for (eid_t a = rm(i); a < rm(i + 1); ++a) later += pos(e(a)) > pos(first + i) ? 1 : 0;
        out(i) = later;
      });
  Space().fence();
  return out;
}

#define TESSERA_INST(Space)                                                                                          \
  template SplitOrder<Space::memory_space> split_order<Space>(const Communicator&, const DistGraph&,                \
                                                              const CsrGraph<Space::memory_space>&, Orientation);   \
  template Kokkos::View<eid_t*, Space::memory_space> oriented_out_degrees<Space>(const SplitOrder<Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::dist::detail
