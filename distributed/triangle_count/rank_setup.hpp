#pragma once
// A rank's setup before counting (paper 1, §II): its rows uploaded to the space it counts in
// and oriented there by the global vertex order (positions from split_order.hpp), the task
// list, the estimated work and the node-local query count.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

#include "core/error.hpp"
#include "core/graph/csr_graph.hpp"
#include "core/graph/orientation.hpp"
#include "distributed/mpi/communicator.hpp"
#include "distributed/mpi/node_topology.hpp"
#include "distributed/triangle_count/dist_graph.hpp"
#include "distributed/triangle_count/known_vertices.hpp"
#include "distributed/triangle_count/split_order.hpp"
#include "distributed/triangle_count/wedge_kernels.hpp"

namespace tessera::dist::detail {

using host_space = Kokkos::DefaultHostExecutionSpace;
using host_memory = Kokkos::HostSpace;
using device_space = Kokkos::DefaultExecutionSpace;

// This rank's rows oriented on the space it counts in, as the single-node degree DAG restricted
// to them (paper 1, §II; core/graph/orientation.hpp): each out-list N+(v) holds the
// out-neighbours' positions in the global order, ascending, so the candidates after an
// out-neighbour are the list's suffix (as on one node). The positions are found without any
// rank knowing all n (split_order.hpp); rows stay indexed by the rank's own vertex ids, and
// `vertex` maps the positions this rank meets (its own vertices and their neighbours) back to
// vertices (whose owner holds the row).
template <class Memory>
struct RankDag {
  Kokkos::View<const eid_t*, Memory> row_map;   // local row i = vertex begin + i
  Kokkos::View<const vid_t*, Memory> entries;   // out-neighbours' positions in the order, ascending
  KnownVertices<Memory> vertex;                 // position -> vertex, for the known vertices
  // The task list (add_task_list): out-edges with at least one candidate after them (their
  // index in entries, and their source row).
  Kokkos::View<const eid_t*, Memory> task_pos;
  Kokkos::View<const vid_t*, Memory> task_src;
};

// The rank's own full rows (row_map rebased to 0, global ids) in Space's memory: uploaded once
// (or taken where the reader built them), oriented there and, by variants that receive flat
// queries, searched by them.
template <class Space>
CsrGraph<typename Space::memory_space> upload_rows(const DistGraph& g) {
  if constexpr (std::is_same_v<typename Space::memory_space, DeviceGraph::memory_space>)
    if (g.device_local.row_map.extent(0) == g.local.row_map.extent(0)) return g.device_local;
  return mirror_graph<typename Space::memory_space>(g.local);
}

// The rank's rows (renamed in `order`, in Space's memory) oriented by the global order.
template <class Space>
RankDag<typename Space::memory_space> orient_on_rank(const SplitOrder<typename Space::memory_space>& order);

// Every vertex's position, all-gathered, as a dense position -> vertex map: only for the
// gathered DAG, whose rank holds the whole oriented graph anyway. Collective.
template <class Space>
KnownVertices<typename Space::memory_space> all_positions(const Communicator& comm, const DistGraph& g,
                                                          const RankDag<typename Space::memory_space>& dag);

// The task list of count_closed_wedges (the partly readable case; the gathered DAG masks its own).
template <class Space>
void add_task_list(RankDag<typename Space::memory_space>& dag);

// Σ vertex_work over the rank's vertices (partition.hpp): what a work-balanced split evens out.
template <class Space>
eid_t estimated_work(const CsrGraph<typename Space::memory_space>& rows, const RankDag<typename Space::memory_space>& dag);

// Wedge lookups (v; m, n), n after m in the order, whose middle vertex m lives on another rank
// of this node: what MPI would carry and IPC serves in place.
template <class Space>
count_t count_node_local_queries(const DistGraph& g, const RankDag<typename Space::memory_space>& dag,
                                 const NodeTopology& topology);

}  // namespace tessera::dist::detail
