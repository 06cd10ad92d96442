#pragma once
// A device radix sort of 64-bit keys: CUB's on CUDA, the one backend-specific sort. sort_keys
// (sort.hpp) uses it for keys in CUDA memory; other backends have none and keep the bitonic
// sort. On the H200 the bitonic sort of the 16M (degree, id) keys of Kronecker scale 24 took 88
// ms, most of the distributed global order (and of the single-node relabel).
#include <Kokkos_Core.hpp>

#include <cstdint>

namespace tessera::kokkos_ext {

// Whether radix_sort_keys sorts keys of the default execution space (CUDA builds).
bool device_radix_sort_available();

// Sorts `keys` ascending on the default execution space; returns after the sort is complete.
// Only where device_radix_sort_available(); elsewhere an internal error.
void radix_sort_keys(const Kokkos::View<std::int64_t*, Kokkos::DefaultExecutionSpace::memory_space>& keys);

}  // namespace tessera::kokkos_ext
