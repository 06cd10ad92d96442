#include "distributed/triangle_count/rank_setup.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/ipc_memory.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "distributed/triangle_count/partition.hpp"

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
  const eid_t* drm = dag.row_map.data();
  vid_t* de = dag.entries.data();
  Kokkos::parallel_for(
      "tessera::dist::tc::orient", Kokkos::RangePolicy<host_space>(0, n_local), [=](const vid_t i) {
        eid_t o = drm[i];
        for (eid_t a = rm(i); a < rm(i + 1); ++a)
          if (later(i, en(a))) de[o++] = en(a);
      });
  return dag;
}

namespace {

// The other ranks' degree slices read from their devices through CUDA IPC (every rank on one
// node): each rank exposes its own slice, maps the others' and copies them over the GPU link;
// the barrier keeps every slice alive until all have been read.
template <class Space>
void exchange_degrees_ipc(const Communicator& comm, const DistGraph& g,
                          const Kokkos::View<vid_t*, typename Space::memory_space>& degrees) {
  using memory = typename Space::memory_space;
  using unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  const int p = comm.size();
  const auto slice = [&](int r) {
    return std::make_pair(static_cast<std::size_t>(g.vertex_offsets[static_cast<std::size_t>(r)]),
                          static_cast<std::size_t>(g.vertex_offsets[static_cast<std::size_t>(r) + 1]));
  };
  const auto own = slice(comm.rank());
  kokkos_ext::SharedDeviceBuffer mine((own.second - own.first) * sizeof(vid_t));
  Kokkos::deep_copy(Kokkos::View<vid_t*, memory, unmanaged>(static_cast<vid_t*>(mine.data()), own.second - own.first),
                    Kokkos::subview(degrees, own));
  Space().fence();
  const kokkos_ext::IpcHandle handle = mine.handle();
  std::vector<kokkos_ext::IpcHandle> handles(static_cast<std::size_t>(p));
  TESSERA_MPI_CHECK(MPI_Allgather(&handle, sizeof handle, MPI_BYTE, handles.data(), sizeof handle, MPI_BYTE, comm.get()));
  for (int r = 0; r < p; ++r) {
    const auto s = slice(r);
    if (r == comm.rank() || s.second == s.first) continue;
    const kokkos_ext::MappedDeviceBuffer theirs(handles[static_cast<std::size_t>(r)]);
    Kokkos::deep_copy(Kokkos::subview(degrees, s),
                      Kokkos::View<const vid_t*, memory, unmanaged>(static_cast<const vid_t*>(theirs.data()), s.second - s.first));
    Space().fence();
  }
  TESSERA_MPI_CHECK(MPI_Barrier(comm.get()));
}

}  // namespace

template <class Space>
VertexOrder<Space> global_order(const Communicator& comm, const DistGraph& g,
                                const CsrGraph<typename Space::memory_space>& rows, Orientation orientation,
                                bool exchange_by_ipc) {
  using memory = typename Space::memory_space;
  const vid_t n = g.num_vertices;
  if (orientation == Orientation::id) {
    VertexOrder<Space> identity;
    identity.new_id = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::new_id"), n);
    identity.old_id = Kokkos::View<vid_t*, memory>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::old_id"), n);
    const auto new_id = identity.new_id, old_id = identity.old_id;
    Kokkos::parallel_for(
        "tessera::dist::tc::identity_order", Kokkos::RangePolicy<Space>(Space(), 0, n), KOKKOS_LAMBDA(const vid_t v) {
          new_id(v) = v;
          old_id(v) = v;
        });
    Space().fence();
    return identity;
  }
  // Every vertex's degree, in id order (owners hold contiguous ranges in rank order): the own
  // slice from the rows on Space, the others' through CUDA IPC or one all-gather on the host
  // (none with one rank: the degrees never leave the device).
  const int p = comm.size();
  const vid_t first = g.begin(), mine = g.end() - g.begin();
  Kokkos::View<vid_t*, memory> degrees(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::degrees"), n);
  const auto rm = rows.row_map;
  Kokkos::parallel_for(
      "tessera::dist::tc::own_degrees", Kokkos::RangePolicy<Space>(Space(), 0, mine),
      KOKKOS_LAMBDA(const vid_t i) { degrees(first + i) = static_cast<vid_t>(rm(i + 1) - rm(i)); });
  if (p > 1 && exchange_by_ipc) {
    Space().fence();
    exchange_degrees_ipc<Space>(comm, g, degrees);
  } else if (p > 1) {
    std::vector<int> counts(static_cast<std::size_t>(p)), displs(static_cast<std::size_t>(p));
    for (int r = 0; r < p; ++r) {
      displs[r] = g.vertex_offsets[static_cast<std::size_t>(r)];
      counts[r] = g.vertex_offsets[static_cast<std::size_t>(r) + 1] - displs[r];
    }
    Kokkos::View<vid_t*, host_memory> all(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::all_degrees"),
                                          n);
    const auto own = std::make_pair(static_cast<std::size_t>(first), static_cast<std::size_t>(first + mine));
    Kokkos::deep_copy(Kokkos::subview(all, own), Kokkos::subview(degrees, own));
    TESSERA_MPI_CHECK(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all.data(), counts.data(), displs.data(),
                                     MPI_INT32_T, comm.get()));
    for (int r = 0; r < p; ++r) {  // the others' slices (the own one is there already)
      const auto slice = std::make_pair(static_cast<std::size_t>(displs[r]), static_cast<std::size_t>(displs[r] + counts[r]));
      if (r != comm.rank() && counts[r] > 0) Kokkos::deep_copy(Kokkos::subview(degrees, slice), Kokkos::subview(all, slice));
    }
  }
  return order_by_degree(Space(), Kokkos::View<const vid_t*, memory>(degrees));
}

template <class Space>
RankDag<typename Space::memory_space> orient_on_rank(const DistGraph& g,
                                                     const CsrGraph<typename Space::memory_space>& rows,
                                                     const VertexOrder<Space>& order) {
  using memory = typename Space::memory_space;
  const auto dag = orient_rows_by_numbering(Space(), rows, g.begin(), Kokkos::View<const vid_t*, memory>(order.new_id));
  RankDag<memory> out;
  out.row_map = dag.row_map;
  out.entries = dag.entries;
  out.position = order.new_id;
  out.vertex = order.old_id;
  return out;
}

template <class Space>
void add_task_list(RankDag<typename Space::memory_space>& dag) {
  using memory = typename Space::memory_space;
  using policy = Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>;
  const auto row_map = dag.row_map;
  const std::int64_t n_local = static_cast<std::int64_t>(row_map.extent(0)) - 1;
  // Tasks: every out-edge but the last of its row (which has no candidate after it).
  Kokkos::View<eid_t*, memory> first_task(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::first_task"),
                                          static_cast<std::size_t>(n_local) + 1);
  const eid_t tasks = tessera::detail::chunked_scan<Space, eid_t>(
      "tessera::dist::tc::task_scan", Space(), n_local + 1,
      KOKKOS_LAMBDA(const std::int64_t i, eid_t& sum, const bool final) {
        if (final) first_task(i) = sum;
        if (i < n_local && row_map(i + 1) > row_map(i)) sum += row_map(i + 1) - row_map(i) - 1;
      });
  Kokkos::View<eid_t*, memory> task_pos(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::task_pos"), tasks);
  Kokkos::View<vid_t*, memory> task_src(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::task_src"), tasks);
  Kokkos::parallel_for(
      "tessera::dist::tc::tasks", policy(Space(), 0, n_local), KOKKOS_LAMBDA(const std::int64_t i) {
        eid_t t = first_task(i);
        for (eid_t j = row_map(i); j + 1 < row_map(i + 1); ++j, ++t) {
          task_pos(t) = j;
          task_src(t) = static_cast<vid_t>(i);
        }
      });
  Space().fence();
  dag.task_pos = task_pos;
  dag.task_src = task_src;
}

template <class Space>
eid_t estimated_work(const CsrGraph<typename Space::memory_space>& rows, const RankDag<typename Space::memory_space>& dag) {
  eid_t total = 0;
  const auto rm = rows.row_map;
  const auto drm = dag.row_map;
  Kokkos::parallel_reduce(
      "tessera::dist::tc::estimated_work", Kokkos::RangePolicy<Space>(Space(), 0, rows.num_vertices()),
      KOKKOS_LAMBDA(const vid_t i, eid_t& sum) { sum += vertex_work(rm(i + 1) - rm(i), drm(i + 1) - drm(i)); }, total);
  return total;
}

template <class Space>
count_t count_node_local_queries(const DistGraph& g, const RankDag<typename Space::memory_space>& dag,
                                 const NodeTopology& topology) {
  using memory = typename Space::memory_space;
  if (topology.local_size <= 1) return 0;  // no other rank on this node
  // Per rank: its first vertex, and whether it is another rank of this node.
  const int p = static_cast<int>(g.vertex_offsets.size()) - 1;
  Kokkos::View<vid_t*, host_memory> offsets("tessera::dist::tc::offsets", g.vertex_offsets.size());
  Kokkos::View<int*, host_memory> peer("tessera::dist::tc::node_peer", static_cast<std::size_t>(p));
  for (int r = 0; r <= p; ++r) offsets(r) = g.vertex_offsets[static_cast<std::size_t>(r)];
  for (int r = 0; r < p; ++r) peer(r) = r != g.rank && topology.same_node(r) ? 1 : 0;
  const auto first = Kokkos::create_mirror_view_and_copy(memory{}, offsets);
  const auto is_peer = Kokkos::create_mirror_view_and_copy(memory{}, peer);
  const auto row_map = dag.row_map;
  const auto entries = dag.entries;
  const auto vertex = dag.vertex;
  count_t total = 0;
  // Out-edge (v -> m) at index j: every later out-neighbour n of v makes one lookup (v; m, n).
  // A row per team thread, its vector lanes over the row (hub rows are long).
  using policy = Kokkos::TeamPolicy<Space>;
  using member = typename policy::member_type;
  constexpr bool gpu = tessera::detail::is_gpu_space<Space>();
  const int rows_per_team = gpu ? 8 : 1, lanes = gpu ? 32 : 1;
  const std::int64_t n_rows = static_cast<std::int64_t>(row_map.extent(0)) - 1;
  Kokkos::parallel_reduce(
      "tessera::dist::tc::node_local_queries",
      policy(Space(), static_cast<int>((n_rows + rows_per_team - 1) / rows_per_team), rows_per_team, lanes),
      KOKKOS_LAMBDA(const member& team, count_t& sum) {
        count_t team_sum = 0;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, rows_per_team),
            [&](const int r, count_t& row_sum) {
              const std::int64_t v = static_cast<std::int64_t>(team.league_rank()) * rows_per_team + r;
              if (v >= n_rows) return;
              const eid_t b = row_map(v), e = row_map(v + 1);
              count_t found = 0;
              Kokkos::parallel_reduce(
                  Kokkos::ThreadVectorRange(team, e - b),
                  [&](const eid_t k, count_t& f) {
                    const vid_t m = vertex(entries(b + k));
                    int lo = 0, hi = p;
                    while (hi - lo > 1) {
                      const int mid = (lo + hi) / 2;
                      if (first(mid) <= m)
                        lo = mid;
                      else
                        hi = mid;
                    }
                    if (is_peer(lo)) f += static_cast<count_t>(e - (b + k) - 1);
                  },
                  found);
              Kokkos::single(Kokkos::PerThread(team), [&]() { row_sum += found; });
            },
            team_sum);
        Kokkos::single(Kokkos::PerTeam(team), [&]() { sum += team_sum; });
      },
      total);
  return total;
}

#define TESSERA_INST(Space)                                                                                       \
  template VertexOrder<Space> global_order<Space>(const Communicator&, const DistGraph&,                        \
                                                  const CsrGraph<Space::memory_space>&, Orientation, bool);      \
  template RankDag<Space::memory_space> orient_on_rank<Space>(const DistGraph&, const CsrGraph<Space::memory_space>&, \
                                                              const VertexOrder<Space>&);                         \
  template void add_task_list<Space>(RankDag<Space::memory_space>&);                                              \
  template eid_t estimated_work<Space>(const CsrGraph<Space::memory_space>&, const RankDag<Space::memory_space>&);  \
  template count_t count_node_local_queries<Space>(const DistGraph&, const RankDag<Space::memory_space>&,          \
                                                   const NodeTopology&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::dist::detail
