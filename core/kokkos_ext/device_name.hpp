#pragma once
#include <string>

namespace tessera::detail {
// Name of the device the default execution space runs on: the GPU's name for device
// backends, the CPU model for host backends.
std::string default_device_name();
// GPUs the default execution space could use (CUDA builds: cudaGetDeviceCount, callable before
// Kokkos is initialised); 0 on host backends.
int visible_device_count();
}  // namespace tessera::detail
