#pragma once
// Atomic helpers valid on Kokkos 3.4 and 4.x: Kokkos::atomic_increment is deprecated in Kokkos 4
// and gone when deprecated code is off, while atomic_add exists in both.
#include <Kokkos_Core.hpp>

namespace tessera::detail {

template <class T>
KOKKOS_INLINE_FUNCTION void atomic_increment(T* p) {
  Kokkos::atomic_add(p, T(1));
}

}  // namespace tessera::detail
