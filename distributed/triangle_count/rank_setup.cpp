#include "distributed/triangle_count/rank_setup.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "distributed/triangle_count/partition.hpp"

namespace tessera::dist::detail {

template <class Space>
RankDag<typename Space::memory_space> orient_on_rank(const SplitOrder<typename Space::memory_space>& order) {
  using memory = typename Space::memory_space;
  const auto dag = orient_rows_by_numbering(Space(), order.rows, order.first_index, order.position_of_index);
  RankDag<memory> out;
  out.row_map = dag.row_map;
  out.entries = dag.entries;
  out.vertex = order.known;
  return out;
}

template <class Space>
KnownVertices<typename Space::memory_space> all_positions(const Communicator& comm, const DistGraph& g,
                                                          const RankDag<typename Space::memory_space>& dag) {
  using memory = typename Space::memory_space;
  if (comm.size() == 1) return dag.vertex;  // one rank knows every vertex (and another one may too: still collective)
  const int p = comm.size();
  const vid_t n = g.num_vertices, first = g.begin(), mine = g.end() - g.begin();
  // The own vertices' positions, in id order: looked up in the known ones (own rows only).
  Kokkos::View<vid_t*, memory> own("tessera::dist::tc::own_positions", static_cast<std::size_t>(mine));
  const auto known = dag.vertex;
  const bool dense = known.dense();
  Kokkos::parallel_for(
      "tessera::dist::tc::own_positions_by_id",
      Kokkos::RangePolicy<Space, Kokkos::IndexType<std::int64_t>>(Space(), 0, static_cast<std::int64_t>(known.id.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t k) {
        const vid_t v = known.id(k);
        if (v >= first && v < first + mine) own(v - first) = dense ? static_cast<vid_t>(k) : known.position(k);
      });
  std::vector<vid_t> position(static_cast<std::size_t>(n));
  Kokkos::deep_copy(Kokkos::View<vid_t*, host_memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(position.data() + first,
                                                                                               static_cast<std::size_t>(mine)),
                    own);
  std::vector<int> counts(static_cast<std::size_t>(p)), displs(static_cast<std::size_t>(p));
  for (int r = 0; r < p; ++r) {
    displs[r] = g.vertex_offsets[static_cast<std::size_t>(r)];
    counts[r] = g.vertex_offsets[static_cast<std::size_t>(r) + 1] - displs[r];
  }
  TESSERA_MPI_CHECK(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, position.data(), counts.data(), displs.data(),
                                   MPI_INT32_T, comm.get()));
  Kokkos::View<vid_t*, memory> by_vertex(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::all_positions"),
                                         static_cast<std::size_t>(n));
  Kokkos::deep_copy(by_vertex, Kokkos::View<const vid_t*, host_memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(
                                   position.data(), position.size()));
  Kokkos::View<vid_t*, memory> id(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::all_vertices"),
                                  static_cast<std::size_t>(n));
  Kokkos::parallel_for(
      "tessera::dist::tc::all_vertices", Kokkos::RangePolicy<Space>(Space(), 0, n),
      KOKKOS_LAMBDA(const vid_t v) { id(by_vertex(v)) = v; });
  Space().fence();
  KnownVertices<memory> out;
  out.id = id;
  out.count = n;
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
                    if (is_peer(owner_by_offsets(first, p, vertex(entries(b + k)))))
                      f += static_cast<count_t>(e - (b + k) - 1);
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
  template RankDag<Space::memory_space> orient_on_rank<Space>(const SplitOrder<Space::memory_space>&);              \
  template KnownVertices<Space::memory_space> all_positions<Space>(const Communicator&, const DistGraph&,             \
                                                                   const RankDag<Space::memory_space>&);             \
  template void add_task_list<Space>(RankDag<Space::memory_space>&);                                              \
  template eid_t estimated_work<Space>(const CsrGraph<Space::memory_space>&, const RankDag<Space::memory_space>&);  \
  template count_t count_node_local_queries<Space>(const DistGraph&, const RankDag<Space::memory_space>&,          \
                                                   const NodeTopology&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::dist::detail
