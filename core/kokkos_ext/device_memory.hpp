#pragma once
#include <cstdint>

namespace tessera::kokkos_ext {

// Bytes the default execution space can still allocate: the device's free memory on GPU backends
// (cudaMemGetInfo), the host's available memory otherwise; never more than
// TESSERA_MEMORY_BUDGET_MB or the cap of core/util/memory_budget.hpp. What algorithms size their
// batches from.
std::uint64_t available_device_memory_bytes();

}  // namespace tessera::kokkos_ext
