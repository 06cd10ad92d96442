#pragma once
// Preprocessing shared by the counting kernels (paper 1, §II-B1 "filter/mask"):
//  1. rank vertices (degree order: relabel by ascending (degree, id); id order: keep ids), so
//     that the DAG keeps u -> v iff u < v and every row is sorted by rank;
//  2. orient: each triangle {a < b < c} is then found exactly once, at task (a, b) with
//     c in N+(a) after b and in N+(b);
//  3. mask: drop tasks that cannot close a wedge (no candidate after b in N+(a), or N+(b)
//     empty) and flatten the rest into one task list (source vertex, position of b).
#include <Kokkos_Core.hpp>

#include "core/graph/csr_graph.hpp"
#include "core/graph/orientation.hpp"
#include "algorithms/triangle_count/triangle_count.hpp"

namespace tessera::detail {

template <class MemorySpace>
struct CountingDag {
  CsrGraph<MemorySpace> dag;                  // oriented, ids = ranks
  Kokkos::View<vid_t*, MemorySpace> new_id;   // original id -> rank (extent 0: identity)
  Kokkos::View<vid_t*, MemorySpace> task_src; // masked tasks: source vertex a
  Kokkos::View<eid_t*, MemorySpace> task_pos; // ... and the position of b in dag.entries
  Kokkos::View<vid_t*, MemorySpace> hubs;     // sources left to the hub (hash) kernel
  eid_t max_hub_out_degree = 0;
  double mean_candidates = 0;                 // average candidate-list length of a task
};

// The sources whose tasks are counted: those whose original vertex (old_id of their position)
// lies in [first, last), so a distributed rank holding the node's whole DAG counts only its own
// rows' triangles; old_id of extent 0: every source (one node).
template <class MemorySpace>
struct CountedSources {
  Kokkos::View<const vid_t*, MemorySpace> old_id;
  vid_t first = 0, last = 0;
  KOKKOS_INLINE_FUNCTION bool counts(vid_t a) const {
    return old_id.extent(0) == 0 || (old_id(a) >= first && old_id(a) < last);
  }
};

// Which sources go to the hub kernel: those with out-degree in [from, max] (from = 0: none),
// and only if there are at least min_count of them (else none: see triangle_count.cpp).
struct HubRule {
  eid_t from = 0;
  eid_t max = 0;
  eid_t min_count = 0;
};

// The counting DAG of g; the sources the hub rule selects go to `hubs` instead of the task list.
template <class ExecSpace>
CountingDag<typename ExecSpace::memory_space> build_counting_dag(const ExecSpace& space,
                                                                 const CsrGraph<typename ExecSpace::memory_space>& g,
                                                                 Orientation orientation, HubRule hubs);

// Step 3 of the above over an oriented DAG whose ids are positions in the order (rows sorted):
// the masked task list and hubs of the counted sources.
template <class ExecSpace>
CountingDag<typename ExecSpace::memory_space> mask_counting_dag(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& dag,
    const CountedSources<typename ExecSpace::memory_space>& sources, HubRule hubs);

// The single-node counting of a ready DAG (ids = positions in the order, rows sorted): masking
// for the counted sources and the kernels, with triangle_count's automatic choices of variant,
// intersection and hubs (params.per_vertex and params.orientation are not used). Defined in
// triangle_count.cpp, beside the kernels' only instantiation.
template <class ExecSpace>
count_t count_oriented(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& dag,
                       const CountedSources<typename ExecSpace::memory_space>& sources,
                       const TriangleCountParams& params = {});

}  // namespace tessera::detail
