#pragma once
// Execution-space traits the kernels size themselves with; the one place that knows which
// backends are GPUs.
#include <Kokkos_Core.hpp>

#include <algorithm>

#include "core/kokkos_ext/kokkos_kernels_compat.hpp"

namespace tessera::detail {

template <class ExecSpace>
constexpr bool is_gpu_space() {
  return kk_compat::is_gpu_exec_space<ExecSpace>();
}

// Vector lanes per team thread for per-item work of about `mean_length` elements: a power of
// two up to the warp width on GPUs, 1 on host backends (their vector lanes are the loop).
template <class ExecSpace>
int vector_length_for(double mean_length) {
  if constexpr (!is_gpu_space<ExecSpace>()) {
    return 1;
  } else {
    const int max_lanes = std::min(32, static_cast<int>(Kokkos::TeamPolicy<ExecSpace>::vector_length_max()));
    int lanes = 1;
    while (lanes < max_lanes && lanes < mean_length) lanes *= 2;
    return lanes;
  }
}

}  // namespace tessera::detail
