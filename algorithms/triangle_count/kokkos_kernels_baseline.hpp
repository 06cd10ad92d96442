#pragma once
// Kokkos Kernels' triangle counting (KokkosGraph::Experimental::triangle_generic with the
// SPGEMM_KK_TRIANGLE_LL algorithm), wrapped as the baseline our own kernels are compared with.
//
// Input: an undirected CsrGraph as build_graph produces it (symmetric, sorted rows, no
// self-loops or duplicates). We orient it by degree (tessera::orient, Orientation::degree) and
// hand that DAG to Kokkos Kernels as its "lower triangle", so Kokkos Kernels neither sorts nor
// builds one itself (both of its own paths are broken on CUDA in 3.4.01; see BASELINE.md).
// The count is exact: every triangle has one source vertex in the DAG and is found from it.
#include <Kokkos_Core.hpp>

#include "core/graph/csr_graph.hpp"
#include "core/types.hpp"

namespace tessera {

struct KokkosKernelsTriangleResult {
  count_t triangles = 0;
  double preprocess_seconds = 0;  // orientation (the lower triangle Kokkos Kernels is given)
  double count_seconds = 0;       // triangle_generic plus the final sum, fenced
};

template <class ExecSpace>
KokkosKernelsTriangleResult kokkos_kernels_triangle_count(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& g);

}  // namespace tessera
