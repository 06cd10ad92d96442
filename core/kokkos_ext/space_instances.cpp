#include "core/kokkos_ext/space_instances.hpp"

#include <type_traits>

#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"

#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime.h>
#endif

namespace tessera::kokkos_ext {

template <class ExecSpace>
SpaceInstances<ExecSpace>::SpaceInstances(int count) {
  TESSERA_REQUIRE(count >= 1, "at least one execution space instance, asked for " << count);
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<ExecSpace, Kokkos::Cuda>) {
    for (int i = 0; i < count; ++i) {
      cudaStream_t stream = nullptr;
      const cudaError_t rc = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
      TESSERA_REQUIRE(rc == cudaSuccess, "cudaStreamCreate failed: " << cudaGetErrorString(rc));
      streams_.push_back(stream);
      spaces_.emplace_back(stream);
    }
    return;
  }
#endif
  spaces_.assign(static_cast<std::size_t>(count), ExecSpace());
}

template <class ExecSpace>
SpaceInstances<ExecSpace>::~SpaceInstances() {
  for (const auto& s : spaces_) s.fence();
  spaces_.clear();  // the instances release their resources before their streams go
#if defined(KOKKOS_ENABLE_CUDA)
  for (void* s : streams_) cudaStreamDestroy(static_cast<cudaStream_t>(s));
#endif
}

#define TESSERA_INST(Space) template class SpaceInstances<Space>;
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::kokkos_ext
