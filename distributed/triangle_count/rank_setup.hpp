#pragma once
// A rank's setup before counting (paper 1, §II): the degrees of its ghosts (non-owned
// neighbours), its rows oriented by the global vertex order, and their upload to the space the
// rank counts in.
#include <memory>
#include <string>
#include <algorithm>
#include <type_traits>
#include <utility>

#include <Kokkos_Core.hpp>

#include <vector>

#include "core/error.hpp"
#include "core/graph/csr_graph.hpp"
#include "core/graph/orientation.hpp"
#include "distributed/mpi/communicator.hpp"
#include "distributed/mpi/node_topology.hpp"
#include "distributed/triangle_count/dist_graph.hpp"
#include "distributed/triangle_count/wedge_kernels.hpp"

namespace tessera::dist::detail {

using host_space = Kokkos::DefaultHostExecutionSpace;
using host_memory = Kokkos::HostSpace;
using device_space = Kokkos::DefaultExecutionSpace;
template <class T>
using HostUnmanaged = Kokkos::View<T*, host_memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

// Degrees of the non-owned neighbours (ghosts), fetched from their owners with two
// MPI_Alltoallv rounds. Ghost ids are sorted; owners are contiguous in id, so the requests to
// one owner are one contiguous run. Looked up through one slot per global vertex (4n bytes, not
// the graph): a binary search per entry was most of the setup on large graphs.
struct GhostDegrees {
  std::vector<vid_t> ids;
  std::vector<eid_t> degrees;
  std::vector<vid_t> by_vertex;  // degree of ghost w at [w], -1 for the others

  eid_t at(vid_t w) const {
    const vid_t d = by_vertex[static_cast<std::size_t>(w)];
    TESSERA_REQUIRE(d >= 0, "vertex " << w << " is not a known ghost");
    return d;
  }
};
// Collective over `comm`.
GhostDegrees exchange_ghost_degrees(const Communicator& comm, const DistGraph& g);

// Vectors whose resize leaves new elements default-initialised (not zeroed): the setup arrays
// (gigabytes at kron24) are written once in parallel, and zero-filling them first was a serial
// pass over all of them, which also made one thread touch every page.
template <class T>
struct NoInitAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = NoInitAllocator<U>;
  };
  NoInitAllocator() = default;
  template <class U>
  NoInitAllocator(const NoInitAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
template <class T>
using SetupVector = std::vector<T, NoInitAllocator<T>>;

// The local rows oriented by the degree (or id) order on the host: only their out-degrees are
// used, by the work-balanced split (dist_graph.cpp). Counting orients on its own space
// (orient_on_rank).
struct LocalDag {
  SetupVector<eid_t> row_map;
  SetupVector<vid_t> entries;
};
// Collective (the degree order fetches ghost degrees).
LocalDag orient_local(const Communicator& comm, const DistGraph& g, Orientation orientation);

// This rank's rows oriented on the space it counts in, as the single-node degree DAG restricted
// to them (paper 1, §II; core/graph/orientation.hpp): the global order is a numbering every
// rank computes alike from every vertex's degree (one MPI_Allgatherv of n degrees, then a sort
// on the rank's space), and each out-list N+(v) holds the out-neighbours' positions in that
// order, ascending, so the candidates after an out-neighbour are the list's suffix (as on one
// node). Rows stay indexed by the rank's own vertex ids; `vertex` maps a position back to the
// vertex (whose owner holds its row).
template <class Memory>
struct RankDag {
  Kokkos::View<const eid_t*, Memory> row_map;   // local row i = vertex begin + i
  Kokkos::View<const vid_t*, Memory> entries;   // out-neighbours' positions in the order, ascending
  Kokkos::View<const vid_t*, Memory> position;  // vertex -> position (n)
  Kokkos::View<const vid_t*, Memory> vertex;    // position -> vertex (n)
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

// The order's numbering on Space: every vertex's degree (the own ones from `rows`, the rank's
// full rows on Space) all-gathered (degree order), or the identity (id order). With
// `exchange_by_ipc` (every rank on this node, CUDA IPC available) the degrees go device to
// device through IPC instead of through the host. Collective.
template <class Space>
VertexOrder<Space> global_order(const Communicator& comm, const DistGraph& g,
                                const CsrGraph<typename Space::memory_space>& rows, Orientation orientation,
                                bool exchange_by_ipc = false);

// Orients `rows` (the rank's own, in Space's memory) by `order`.
template <class Space>
RankDag<typename Space::memory_space> orient_on_rank(const DistGraph& g,
                                                     const CsrGraph<typename Space::memory_space>& rows,
                                                     const VertexOrder<Space>& order);

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
