#pragma once
// Kokkos Kernels' triangle counting, wrapped as the baseline our own kernels are compared with.
// Two methods, both driven entirely by Kokkos Kernels 3.4.01 kernels (details in BASELINE.md):
//
//  - triangle_ll: KokkosGraph::Experimental::triangle_generic with SPGEMM_KK_TRIANGLE_LL
//    (L x L masked by L, B compressed into 32-column bit sets). Host spaces only: in 3.4.01
//    the GPU functor of that kernel (TriangleCount::operator()(GPUTag)) has an empty body, so
//    on CUDA it visits nothing and returns 0.
//  - spgemm_masked: KokkosSparse::spgemm (the native KK algorithm) computes C = L·L over row
//    blocks whose wedge count fits a budget, and the triangles are Σ C(i,k) over (i,k) ∈ L
//    (the masked-SpGEMM formulation). Exact on host spaces. On CUDA (H200, CUDA 13) 3.4.01's
//    SpGEMM is unreliable: right on the Kronecker graphs we benchmark, wrong and
//    run-to-run different on ego-Facebook, an illegal memory access on some small graphs.
//    GPU runs therefore need allow_unreliable_gpu = true, and the caller must check the count
//    (the benchmark does, against an independent reference).
//
// `automatic` picks triangle_ll on host spaces and spgemm_masked on GPU spaces.
//
// Input: an undirected CsrGraph as build_graph produces it (symmetric, sorted rows, no
// self-loops or duplicates). We orient it by degree (tessera::orient, Orientation::degree) and
// hand that DAG to Kokkos Kernels as L, so Kokkos Kernels neither sorts nor builds one itself
// (both of its own paths are broken on CUDA in 3.4.01). Every triangle has exactly one source
// vertex in the DAG and is counted once from it.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>

#include "core/graph/csr_graph.hpp"
#include "core/types.hpp"

namespace tessera {

enum class KokkosKernelsMethod { automatic, triangle_ll, spgemm_masked };

std::string to_string(KokkosKernelsMethod method);

struct KokkosKernelsTriangleParams {
  KokkosKernelsMethod method = KokkosKernelsMethod::automatic;
  // spgemm_masked: most wedges (an upper bound on the entries of C) one SpGEMM call may
  // produce; rows are grouped into blocks under this bound, a longer row gets a block alone.
  // Each entry costs Kokkos Kernels about 12 bytes (column + value) plus its temporaries.
  std::uint64_t max_block_wedges = std::uint64_t{1} << 28;
  // spgemm_masked on a GPU space: run it although its counts cannot be trusted (see above).
  bool allow_unreliable_gpu = false;
};

struct KokkosKernelsTriangleResult {
  count_t triangles = 0;
  KokkosKernelsMethod method = KokkosKernelsMethod::automatic;  // the one that ran
  double preprocess_seconds = 0;  // orientation (the L Kokkos Kernels is given)
  double count_seconds = 0;       // Kokkos Kernels' kernels plus the final sum, fenced
  std::size_t blocks = 0;         // spgemm_masked: SpGEMM calls (1 for triangle_ll)
};

template <class ExecSpace>
KokkosKernelsTriangleResult kokkos_kernels_triangle_count(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& g,
    const KokkosKernelsTriangleParams& params = {});

}  // namespace tessera
