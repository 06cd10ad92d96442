#pragma once
// Explicit instantiation over the execution spaces Tessera builds its kernels for: the default
// space and, when a device backend is the default, the host space as well (CPU baselines and
// hybrid runs). This is the one place that knows which backends exist.
//
//   #define TESSERA_INST(Space) template Result algo<Space>(const Space&, ...);
//   TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#include <Kokkos_Core.hpp>

#if defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_HIP) || defined(KOKKOS_ENABLE_SYCL)
#define TESSERA_INSTANTIATE_FOR_EXEC_SPACES(MACRO) \
  MACRO(Kokkos::DefaultExecutionSpace)             \
  MACRO(Kokkos::DefaultHostExecutionSpace)
#else
#define TESSERA_INSTANTIATE_FOR_EXEC_SPACES(MACRO) MACRO(Kokkos::DefaultExecutionSpace)
#endif
