#pragma once
// Explicit instantiation over the execution spaces Tessera builds its kernels for: the default
// space and, when a device backend is the default, the host space as well (CPU baselines and
// hybrid runs). This is the one place that knows which backends exist.
//
//   #define TESSERA_INST(Space) template Result algo<Space>(const Space&, ...);
//   TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
//
// Why kernels are instantiated in one translation unit, and why shared header helpers use
// functors instead of KOKKOS_LAMBDA: nvcc turns every __host__ __device__ lambda into a wrapper
// object whose host-side copy/call/delete function pointers live in an anonymous namespace, one
// set per translation unit, while the wrapper's copy constructor is an ordinary inline function
// the linker keeps from only one of them. When two translation units instantiate the same
// template containing a KOKKOS_LAMBDA with the same arguments, an object built in one can be
// copied by the other's constructor, whose pointers were never set: a call through a null
// pointer on the host (seen with nvcc 13: every partitioner test crashed). So a kernel template
// is instantiated for given types in exactly one .cpp file (this macro), and helpers that many
// files instantiate (core/kokkos_ext/scan.hpp, sort.hpp) are written as functors.
// scripts/check-lambda-odr.sh lists offending wrappers in a CUDA build.
#include <Kokkos_Core.hpp>

#if defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_HIP) || defined(KOKKOS_ENABLE_SYCL)
#define TESSERA_INSTANTIATE_FOR_EXEC_SPACES(MACRO) \
  MACRO(Kokkos::DefaultExecutionSpace)             \
  MACRO(Kokkos::DefaultHostExecutionSpace)
#else
#define TESSERA_INSTANTIATE_FOR_EXEC_SPACES(MACRO) MACRO(Kokkos::DefaultExecutionSpace)
#endif
