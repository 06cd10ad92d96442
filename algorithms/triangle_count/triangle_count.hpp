#pragma once
// Exact triangle counting on one node (paper 1, §II-B): every triangle is counted once by
// orienting the graph (degree order with id tie-break, or id order) and intersecting
// out-neighbourhoods along the DAG's edges.
//
// Input: an undirected CsrGraph as build_graph produces it (symmetric, sorted rows, no
// self-loops or duplicates). The execution space decides the backend; the same kernels serve
// CUDA and OpenMP (the CPU baseline of the paper).
#include <Kokkos_Core.hpp>

#include <memory>
#include <string>

#include "core/graph/csr_graph.hpp"
#include "core/graph/orientation.hpp"

namespace tessera {

// How the DAG's edges (tasks) are mapped onto the hardware.
enum class TriangleVariant {
  masked,  // §II-B1: masked (filtered) edges flattened into one task list, swept grid-stride;
           //         a team thread per task, vector lanes over the candidate list
  split,   // §II-B2: one team per task, team threads over the distance-2 neighbourhood
  automatic,
};

// How one task intersects two sorted neighbourhoods.
enum class Intersection {
  binary,  // each element of the shorter list is binary-searched in the longer (the paper's)
  merge,   // lanes merge contiguous chunks of both lists
  hash,    // hub vertices: the team hashes N+(v) once in scratch and probes it for every out-edge
  automatic,  // per task by degree ratio; hash for hub vertices (see README.md for the rule)
};

TriangleVariant parse_triangle_variant(const std::string& name);  // masked | split | auto
Intersection parse_intersection(const std::string& name);         // binary | merge | hash | auto
const char* to_string(TriangleVariant v);
const char* to_string(Intersection i);

struct TriangleCountParams {
  TriangleVariant variant = TriangleVariant::automatic;
  Intersection intersection = Intersection::automatic;
  Orientation orientation = Orientation::degree;
  bool per_vertex = false;  // also count triangles per vertex (and local clustering coefficients)
  // Masked kernel: each vector lane keeps its share of its thread's tasks, one reduction of the
  // lanes per thread (G2Miner's per-thread counters); false: a vector reduction after every task.
  // On by default since the grid is two waves (a thread has several tasks): 0.90-1.00x the time
  // of off there on the small SNAP graphs, 0.98x on kron20 (H200, measurements/2026-12-05-late/run8).
  bool lane_sums = true;
  // Masked and split kernels: teams launched, as a multiple of the threads the device keeps
  // resident (one wave fills it once; the teams sweep the tasks grid-stride). 0: automatic.
  int grid_waves = 0;
};

template <class MemorySpace>
struct TriangleCountResult {
  count_t triangles = 0;
  TriangleVariant variant = TriangleVariant::masked;  // what ran (automatic resolved)
  double preprocess_seconds = 0;  // relabeling, orientation, masking: the plan's, on every count of it
  // The counting kernels, from their first launch to the count on the host: `launches` kernel
  // launches (the task kernel, and the hub kernel when there are hubs) and one readback. A
  // process's first launch of a kernel also loads it (CUDA: lazy module loading, Kokkos' launch
  // attributes); warm_up_triangle_count moves that cost out, into its own timing.
  double count_seconds = 0;
  int launches = 0;
  int grid_waves = 0;             // the masked or split kernel's grid, resolved (see TriangleCountParams)
  eid_t tasks = 0;                // DAG edges left after masking
  // With per_vertex: triangles through each vertex (original ids), and the local clustering
  // coefficient 2 t(v) / (d(v) (d(v) - 1)) (0 for degree < 2).
  Kokkos::View<count_t*, MemorySpace> per_vertex;
  Kokkos::View<double*, MemorySpace> clustering;
};

namespace detail {
template <class MemorySpace>
struct CountingDag;
}

// A graph prepared for counting: the relabelled, oriented and masked DAG, the resolved variant
// and the device scalar the kernels add their counts to. prepare_triangle_count builds it (all of the
// preprocessing and every allocation of a count without per_vertex); count_triangles counts it
// any number of times without allocating (tessera run's repetitions keep one per input).
template <class MemorySpace>
struct TriangleCountPlan {
  std::shared_ptr<const detail::CountingDag<MemorySpace>> dag;
  // The input's row offsets (per-vertex results use its degrees; a caller keeping plans can
  // tell its graph by them: the plan holds the allocation, so no other graph can reuse it).
  Kokkos::View<const eid_t*, MemorySpace> graph_rows;
  TriangleCountParams params;
  TriangleVariant variant = TriangleVariant::masked;
  Kokkos::View<count_t, MemorySpace> sum;  // the task and hub kernels add to it: one readback for both
  typename Kokkos::View<count_t, MemorySpace>::HostMirror sum_host;
  double preprocess_seconds = 0;
  eid_t tasks = 0;
};

template <class ExecSpace>
TriangleCountPlan<typename ExecSpace::memory_space> prepare_triangle_count(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, const TriangleCountParams& params = {});

// Runs what count_triangles launches, with no work: the sum's reset, the plan's kernels
// (CountTarget::launch_empty) and the readback; returns the seconds it took. A process's first
// launch of a kernel loads it, so a one-shot count (the `tessera tc` command) times that here
// (`setup_s`) and its count_seconds is the count alone.
template <class ExecSpace>
double warm_up_triangle_count(const ExecSpace& space, const TriangleCountPlan<typename ExecSpace::memory_space>& plan);

template <class ExecSpace>
TriangleCountResult<typename ExecSpace::memory_space> count_triangles(
    const ExecSpace& space, const TriangleCountPlan<typename ExecSpace::memory_space>& plan);

// prepare_triangle_count, then count_triangles (preprocess_seconds is the preparation's).
template <class ExecSpace>
TriangleCountResult<typename ExecSpace::memory_space> triangle_count(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph,
    const TriangleCountParams& params = {});

}  // namespace tessera
