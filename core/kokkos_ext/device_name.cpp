// Backend-specific: asks the CUDA runtime for the GPU name and count when CUDA is the default backend.
#include "core/kokkos_ext/device_name.hpp"

#include <Kokkos_Core.hpp>

#include <fstream>
#include <string>

#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime.h>
#endif

namespace tessera::detail {

namespace {
std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      auto pos = line.find(':');
      if (pos != std::string::npos) return line.substr(line.find_first_not_of(' ', pos + 1));
    }
  }
  return "unknown CPU";
}
}  // namespace

std::string default_device_name() {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Kokkos::DefaultExecutionSpace, Kokkos::Cuda>) {
    cudaDeviceProp prop;
    int device = Kokkos::Cuda().cuda_device();
    if (cudaGetDeviceProperties(&prop, device) == cudaSuccess) return prop.name;
    return "unknown CUDA device";
  }
#endif
  return cpu_model();
}

int visible_device_count() {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Kokkos::DefaultExecutionSpace, Kokkos::Cuda>) {
    int count = 0;
    return cudaGetDeviceCount(&count) == cudaSuccess ? count : 0;
  }
#endif
  return 0;
}

}  // namespace tessera::detail
