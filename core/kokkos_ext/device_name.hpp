#pragma once
#include <string>

namespace tessera::detail {
// Name of the device the default execution space runs on: the GPU's name for device
// backends, the CPU model for host backends.
std::string default_device_name();
}  // namespace tessera::detail
