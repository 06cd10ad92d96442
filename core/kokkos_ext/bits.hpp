#pragma once
// Bit counting on every backend: the hardware's count-leading-zeros instruction where kernels
// run (one instruction on CUDA and HIP devices, where a shift loop costs six per bit), the
// compiler builtin on hosts. Kokkos 4.1 has Kokkos::bit_width; 3.4 has nothing of the kind.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

namespace tessera::detail {

// The number of bits needed to write x (0 for 0): floor(log2 x) + 1.
template <class Unsigned>
KOKKOS_INLINE_FUNCTION int bit_width(Unsigned x) {
  static_assert(std::is_unsigned_v<Unsigned> && sizeof(Unsigned) <= 8);
  if (x == 0) return 0;
  if constexpr (sizeof(Unsigned) <= 4) {
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
    return 32 - __clz(static_cast<unsigned>(x));
#else
    return 32 - __builtin_clz(static_cast<unsigned>(x));
#endif
  } else {
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
    return 64 - __clzll(static_cast<unsigned long long>(x));
#else
    return 64 - __builtin_clzll(static_cast<unsigned long long>(x));
#endif
  }
}

}  // namespace tessera::detail
