#include "distributed/triangle_count/rank_setup.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/error.hpp"

namespace tessera::dist::detail {

GhostDegrees exchange_ghost_degrees(const Communicator& comm, const DistGraph& g) {
  const int p = comm.size();
  GhostDegrees ghosts;
  // One bit per global vertex (n / 8 bytes), set in parallel, instead of sorting every
  // non-owned entry (O(m log m)).
  const auto e = g.local.entries;
  const vid_t first = g.begin(), last = g.end();
  Kokkos::View<unsigned*, host_memory> seen("tessera::dist::tc::ghost_bits", (static_cast<std::size_t>(g.num_vertices) + 31) / 32);
  Kokkos::parallel_for(
      "tessera::dist::tc::mark_ghosts", Kokkos::RangePolicy<host_space>(0, g.local.num_entries()), [=](const eid_t i) {
        const vid_t w = e(i);
        if (w < first || w >= last) Kokkos::atomic_fetch_or(&seen(w / 32), 1u << (w % 32));
      });
  for (std::size_t k = 0; k < seen.extent(0); ++k)
    for (unsigned bits = seen(k); bits != 0; bits &= bits - 1)
      ghosts.ids.push_back(static_cast<vid_t>(32 * k + static_cast<std::size_t>(__builtin_ctz(bits))));

  std::vector<int> send_counts(static_cast<std::size_t>(p), 0), send_displs(static_cast<std::size_t>(p), 0);
  for (vid_t w : ghosts.ids) ++send_counts[static_cast<std::size_t>(g.owner(w))];
  std::vector<int> recv_counts(static_cast<std::size_t>(p)), recv_displs(static_cast<std::size_t>(p), 0);
  TESSERA_MPI_CHECK(MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, comm.get()));
  for (int r = 1; r < p; ++r) {
    send_displs[r] = send_displs[r - 1] + send_counts[r - 1];
    recv_displs[r] = recv_displs[r - 1] + recv_counts[r - 1];
  }
  const std::size_t asked = static_cast<std::size_t>(recv_displs[p - 1] + recv_counts[p - 1]);
  std::vector<vid_t> requests(asked);
  TESSERA_MPI_CHECK(MPI_Alltoallv(ghosts.ids.data(), send_counts.data(), send_displs.data(), MPI_INT32_T,
                                  requests.data(), recv_counts.data(), recv_displs.data(), MPI_INT32_T, comm.get()));
  std::vector<eid_t> answers(asked);
  const vid_t b = g.begin();
  for (std::size_t i = 0; i < asked; ++i) {
    TESSERA_REQUIRE(g.owns(requests[i]), "degree request for vertex " << requests[i] << " not owned here");
    answers[i] = g.local.row_map(requests[i] - b + 1) - g.local.row_map(requests[i] - b);
  }
  ghosts.degrees.resize(ghosts.ids.size());
  TESSERA_MPI_CHECK(MPI_Alltoallv(answers.data(), recv_counts.data(), recv_displs.data(), MPI_INT64_T,
                                  ghosts.degrees.data(), send_counts.data(), send_displs.data(), MPI_INT64_T,
                                  comm.get()));
  ghosts.by_vertex.assign(static_cast<std::size_t>(g.num_vertices), -1);
  for (std::size_t k = 0; k < ghosts.ids.size(); ++k)
    ghosts.by_vertex[static_cast<std::size_t>(ghosts.ids[k])] = static_cast<vid_t>(ghosts.degrees[k]);
  return ghosts;
}

LocalDag orient_local(const Communicator& comm, const DistGraph& g, Orientation orientation) {
  const vid_t n_local = g.end() - g.begin();
  const vid_t b = g.begin();
  const auto rm = g.local.row_map;
  const auto en = g.local.entries;
  const bool by_degree = orientation == Orientation::degree;
  GhostDegrees ghosts;
  if (by_degree) ghosts = exchange_ghost_degrees(comm, g);
  const vid_t* ghost_degree = ghosts.by_vertex.data();
  const vid_t first = g.begin(), last = g.end();
  // A vertex's order key (degree; the id breaks ties), in O(1): own rows or the ghost slots.
  auto key_of = [=](vid_t w) -> vid_t {
    if (!by_degree) return 0;
    return w >= first && w < last ? static_cast<vid_t>(rm(w - b + 1) - rm(w - b)) : ghost_degree[w];
  };
  auto later = [=](vid_t i, vid_t w) {  // is neighbour w after local vertex i in the order?
    const vid_t kv = key_of(b + i), kw = key_of(w);
    return kv < kw || (kv == kw && b + i < w);
  };
  SetupVector<eid_t> out_degree(static_cast<std::size_t>(n_local));
  eid_t* od = out_degree.data();
  Kokkos::parallel_for(
      "tessera::dist::tc::out_degree", Kokkos::RangePolicy<host_space>(0, n_local), [=](const vid_t i) {
        eid_t c = 0;
        for (eid_t a = rm(i); a < rm(i + 1); ++a) c += later(i, en(a)) ? 1 : 0;
        od[i] = c;
      });
  LocalDag dag;
  dag.row_map.assign(static_cast<std::size_t>(n_local) + 1, 0);
  for (vid_t i = 0; i < n_local; ++i) dag.row_map[i + 1] = dag.row_map[i] + out_degree[i];
  dag.entries.resize(static_cast<std::size_t>(dag.row_map.back()));
  dag.key.resize(dag.entries.size());
  const eid_t* drm = dag.row_map.data();
  vid_t* de = dag.entries.data();
  vid_t* dk = dag.key.data();
  Kokkos::parallel_for(
      "tessera::dist::tc::orient", Kokkos::RangePolicy<host_space>(0, n_local), [=](const vid_t i) {
        eid_t o = drm[i];
        for (eid_t a = rm(i); a < rm(i + 1); ++a)
          if (later(i, en(a))) {
            de[o] = en(a);
            dk[o++] = key_of(en(a));
          }
      });
  return dag;
}

eid_t estimated_work(const DistGraph& g, const LocalDag& dag) {
  eid_t total = 0;
  const auto rm = g.local.row_map;
  const eid_t* drm = dag.row_map.data();
  Kokkos::parallel_reduce(
      "tessera::dist::tc::estimated_work", Kokkos::RangePolicy<host_space>(0, g.end() - g.begin()),
      [=](const vid_t i, eid_t& sum) { sum += vertex_work(rm(i + 1) - rm(i), drm[i + 1] - drm[i]); }, total);
  return total;
}

SetupVector<vid_t> task_sources(const LocalDag& dag) {
  SetupVector<vid_t> source(dag.entries.size());
  vid_t* out = source.data();
  const eid_t* drm = dag.row_map.data();
  Kokkos::parallel_for(
      "tessera::dist::tc::task_sources",
      Kokkos::RangePolicy<host_space>(0, static_cast<vid_t>(dag.row_map.size()) - 1), [=](const vid_t v) {
        for (eid_t a = drm[v]; a < drm[v + 1]; ++a) out[a] = v;
      });
  return source;
}

count_t count_node_local_queries(const DistGraph& g, const LocalDag& dag, const NodeTopology& topology) {
  count_t total = 0;
  if (topology.local_size <= 1) return 0;  // no other rank on this node
  // Per row, the out-neighbours after entry i in the order are those ranked above it: one sort
  // of the row's (key, id) pairs instead of comparing every pair.
  Kokkos::parallel_reduce(
      "tessera::dist::tc::node_local_queries", Kokkos::RangePolicy<host_space>(0, g.end() - g.begin()),
      [&](const vid_t v, count_t& sum) {
        const eid_t rb = dag.row_map[v], re = dag.row_map[v + 1];
        bool any = false;
        for (eid_t i = rb; i < re && !any; ++i) {
          const int owner = g.owner(dag.entries[i]);
          any = owner != g.rank && topology.same_node(owner);
        }
        if (!any) return;
        std::vector<std::pair<vid_t, vid_t>> order;
        order.reserve(static_cast<std::size_t>(re - rb));
        for (eid_t i = rb; i < re; ++i) order.emplace_back(dag.key[i], dag.entries[i]);
        std::sort(order.begin(), order.end());
        for (eid_t i = rb; i < re; ++i) {
          const int owner = g.owner(dag.entries[i]);
          if (owner == g.rank || !topology.same_node(owner)) continue;
          const auto at = std::lower_bound(order.begin(), order.end(), std::make_pair(dag.key[i], dag.entries[i]));
          sum += static_cast<count_t>(order.end() - at - 1);
        }
      },
      total);
  return total;
}

}  // namespace tessera::dist::detail
