#pragma once
// Atomic helpers valid on Kokkos 3.4 and 4.x: Kokkos::atomic_increment is deprecated in Kokkos 4
// and gone when deprecated code is off, while atomic_add exists in both.
#include <Kokkos_Core.hpp>

#include <type_traits>

#include "core/types.hpp"

namespace tessera::detail {

template <class T>
KOKKOS_INLINE_FUNCTION void atomic_increment(T* p) {
  Kokkos::atomic_add(p, T(1));
}

// Adds v to *p with the native 64-bit atomic where there is one: Kokkos 3.4 has a CUDA atomicAdd
// overload for unsigned long long only, and count_t (std::uint64_t) is unsigned long on Linux,
// which would go through a compare-and-swap loop.
KOKKOS_INLINE_FUNCTION void atomic_add_count(count_t* p, count_t v) {
  static_assert(sizeof(count_t) == sizeof(unsigned long long) && std::is_unsigned_v<count_t>);
  Kokkos::atomic_add(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
}

}  // namespace tessera::detail
