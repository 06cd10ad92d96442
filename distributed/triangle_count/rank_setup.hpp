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

// The local rows oriented by the global order. Out-lists keep the rows' ascending id order:
// a triangle is found once, at its lowest vertex v, as the unordered pair {m, n} of N+(v)
// (positions i < j, so m is the smaller id), closed by n ∈ N(m). Id-sorted lists let the
// kernels intersect N+(v) after m with N(m) (shorter list searched in the longer) instead of
// searching every candidate.
struct LocalDag {
  SetupVector<eid_t> row_map;
  SetupVector<vid_t> entries;
  // Per entry: the neighbour's order key (its degree with the degree order, 0 with the id
  // order; ties go by id; degrees fit vertex ids). The remote scan pairs m with the
  // out-neighbours n after it.
  SetupVector<vid_t> key;

  // Is entry j after entry i in the global order?
  bool after(eid_t j, eid_t i) const {
    const vid_t kj = key[static_cast<std::size_t>(j)], ki = key[static_cast<std::size_t>(i)];
    return kj > ki || (kj == ki && entries[static_cast<std::size_t>(j)] > entries[static_cast<std::size_t>(i)]);
  }
};
// Collective (the degree order fetches ghost degrees).
LocalDag orient_local(const Communicator& comm, const DistGraph& g, Orientation orientation);

// Σ vertex_work over the rank's vertices (partition.hpp): what a work-balanced split evens out.
eid_t estimated_work(const DistGraph& g, const LocalDag& dag);

// Wedge lookups (v; m, n), n after m in the order, whose middle vertex m lives on another rank
// of this node: what MPI would carry and IPC serves in place.
count_t count_node_local_queries(const DistGraph& g, const LocalDag& dag, const NodeTopology& topology);

// The flattened task list: the source row of every DAG entry.
SetupVector<vid_t> task_sources(const LocalDag& dag);

// The flattened task list in Space's memory (the oriented rows themselves are uploaded once,
// by ReadableRows).
template <class Space>
Kokkos::View<const vid_t*, typename Space::memory_space> upload_task_sources(const LocalDag& dag) {
  const SetupVector<vid_t> source = task_sources(dag);
  Kokkos::View<vid_t*, typename Space::memory_space> out(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::dag_source"), source.size());
  Kokkos::deep_copy(out, HostUnmanaged<const vid_t>(source.data(), source.size()));
  return out;
}

}  // namespace tessera::dist::detail
