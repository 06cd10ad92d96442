#include "distributed/triangle_count/rank_setup.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace tessera::dist::detail {

GhostDegrees exchange_ghost_degrees(const Communicator& comm, const DistGraph& g) {
  const int p = comm.size();
  GhostDegrees ghosts;
  const auto& e = g.local.entries;
  for (std::size_t i = 0; i < e.extent(0); ++i)
    if (!g.owns(e(i))) ghosts.ids.push_back(e(i));
  std::sort(ghosts.ids.begin(), ghosts.ids.end());
  ghosts.ids.erase(std::unique(ghosts.ids.begin(), ghosts.ids.end()), ghosts.ids.end());

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
  return ghosts;
}

LocalDag orient_local(const Communicator& comm, const DistGraph& g, Orientation orientation) {
  const vid_t n_local = g.end() - g.begin();
  const vid_t b = g.begin();
  const auto rm = g.local.row_map;
  const auto en = g.local.entries;
  const eid_t m = g.local.num_entries();
  // Per entry: the neighbour's order key (degree; the id breaks ties).
  std::vector<eid_t> key(static_cast<std::size_t>(m), 0);
  if (orientation == Orientation::degree) {
    const GhostDegrees ghosts = exchange_ghost_degrees(comm, g);
    eid_t* k = key.data();
    Kokkos::parallel_for(
        "tessera::dist::tc::neighbour_degrees", Kokkos::RangePolicy<host_space>(0, m), [&, k](const eid_t i) {
          const vid_t w = en(i);
          k[i] = g.owns(w) ? rm(w - b + 1) - rm(w - b) : ghosts.at(w);
        });
  }
  LocalDag dag;
  dag.row_map.assign(static_cast<std::size_t>(n_local) + 1, 0);
  const bool by_degree = orientation == Orientation::degree;
  auto later = [&](vid_t i, eid_t a) {  // is neighbour entry a after local vertex i in the order?
    const eid_t kv = by_degree ? rm(i + 1) - rm(i) : 0;
    const eid_t ka = key[static_cast<std::size_t>(a)];
    return kv < ka || (kv == ka && b + i < en(a));
  };
  std::vector<eid_t> out_degree(static_cast<std::size_t>(n_local), 0);
  eid_t* od = out_degree.data();
  Kokkos::parallel_for(
      "tessera::dist::tc::out_degree", Kokkos::RangePolicy<host_space>(0, n_local), [&, od](const vid_t i) {
        eid_t c = 0;
        for (eid_t a = rm(i); a < rm(i + 1); ++a) c += later(i, a) ? 1 : 0;
        od[i] = c;
      });
  for (vid_t i = 0; i < n_local; ++i) dag.row_map[i + 1] = dag.row_map[i] + out_degree[i];
  dag.entries.resize(static_cast<std::size_t>(dag.row_map.back()));
  const eid_t* drm = dag.row_map.data();
  vid_t* de = dag.entries.data();
  Kokkos::parallel_for(
      "tessera::dist::tc::orient", Kokkos::RangePolicy<host_space>(0, n_local), [&, drm, de](const vid_t i) {
        eid_t o = drm[i];
        for (eid_t a = rm(i); a < rm(i + 1); ++a)
          if (later(i, a)) de[o++] = en(a);
      });
  return dag;
}

count_t count_node_local_queries(const DistGraph& g, const LocalDag& dag, const NodeTopology& topology) {
  count_t total = 0;
  const vid_t n_local = g.end() - g.begin();
  for (vid_t v = 0; v < n_local; ++v)
    for (eid_t i = dag.row_map[v]; i < dag.row_map[v + 1]; ++i) {
      const int owner = g.owner(dag.entries[i]);
      if (owner != g.rank && topology.same_node(owner)) total += static_cast<count_t>(dag.row_map[v + 1] - i - 1);
    }
  return total;
}

}  // namespace tessera::dist::detail
