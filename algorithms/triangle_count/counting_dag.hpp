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

// Sources with out-degree in [hub_from, hub_max] go to `hubs` instead of the task list
// (hub_from = 0: no hubs).
template <class ExecSpace>
CountingDag<typename ExecSpace::memory_space> build_counting_dag(const ExecSpace& space,
                                                                 const CsrGraph<typename ExecSpace::memory_space>& g,
                                                                 Orientation orientation, eid_t hub_from, eid_t hub_max);

}  // namespace tessera::detail
