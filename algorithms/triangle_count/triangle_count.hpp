#pragma once
// Exact triangle counting on one node (paper 1, §II-B): every triangle is counted once by
// orienting the graph (degree order with id tie-break, or id order) and intersecting
// out-neighbourhoods along the DAG's edges.
//
// Input: an undirected CsrGraph as build_graph produces it (symmetric, sorted rows, no
// self-loops or duplicates). The execution space decides the backend; the same kernels serve
// CUDA and OpenMP (the CPU baseline of the paper).
#include <Kokkos_Core.hpp>

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
};

template <class MemorySpace>
struct TriangleCountResult {
  count_t triangles = 0;
  TriangleVariant variant = TriangleVariant::masked;  // what ran (automatic resolved)
  double preprocess_seconds = 0;  // relabeling, orientation, masking
  double count_seconds = 0;       // the counting kernels
  eid_t tasks = 0;                // DAG edges left after masking
  // With per_vertex: triangles through each vertex (original ids), and the local clustering
  // coefficient 2 t(v) / (d(v) (d(v) - 1)) (0 for degree < 2).
  Kokkos::View<count_t*, MemorySpace> per_vertex;
  Kokkos::View<double*, MemorySpace> clustering;
};

template <class ExecSpace>
TriangleCountResult<typename ExecSpace::memory_space> triangle_count(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph,
    const TriangleCountParams& params = {});

}  // namespace tessera
