// Backend-specific: asks the CUDA runtime for the free device memory when CUDA is the default
// backend.
#include "core/kokkos_ext/device_memory.hpp"

#include <Kokkos_Core.hpp>

#include <type_traits>

#include "core/util/memory_budget.hpp"

#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime.h>
#endif

namespace tessera::kokkos_ext {

std::uint64_t available_device_memory_bytes() {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Kokkos::DefaultExecutionSpace, Kokkos::Cuda>) {
    std::size_t free_bytes = 0, total_bytes = 0;
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess) {
      const std::uint64_t budget = memory_budget_limit_bytes();
      return budget != 0 && budget < free_bytes ? budget : free_bytes;
    }
  }
#endif
  return available_memory_bytes();
}

}  // namespace tessera::kokkos_ext
