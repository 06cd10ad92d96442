#pragma once
// Atomic helpers valid on Kokkos 3.4 and 4.x.
//
// 64-bit integers: Kokkos 3.4 has CUDA atomics for int, unsigned int and unsigned long long only;
// std::int64_t (long) and std::uint64_t (unsigned long) go through a compare-and-swap loop, which
// under contention retries once per competing thread. 64k-rand's coarse levels (issue 23) had
// thousands of threads adding into a few hundred int64 counters, bins and gains: the
// contraction's incidence count and fill, the proposals' score bins and the in-sequence event
// gains took 110 of the run's 136 kernel seconds on an H200. The helpers below add through the
// native unsigned 64-bit atomic (two's complement: the same bits for signed values).
// Kokkos::atomic_increment is deprecated in Kokkos 4 and gone when deprecated code is off, while
// atomic_add exists in both.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

namespace tessera::detail {

template <class T>
inline constexpr bool is_64bit_integer_v = std::is_integral_v<T> && sizeof(T) == sizeof(unsigned long long);

// *p += v, returning the old value; 64-bit integers through the native unsigned atomic.
template <class T>
KOKKOS_INLINE_FUNCTION T atomic_fetch_add(T* p, const T v) {
  if constexpr (is_64bit_integer_v<T>)
    return static_cast<T>(Kokkos::atomic_fetch_add(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v)));
  else
    return Kokkos::atomic_fetch_add(p, v);
}

template <class T>
KOKKOS_INLINE_FUNCTION void atomic_add(T* p, const T v) {
  if constexpr (is_64bit_integer_v<T>)
    Kokkos::atomic_add(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
  else
    Kokkos::atomic_add(p, v);
}

template <class T>
KOKKOS_INLINE_FUNCTION void atomic_increment(T* p) {
  atomic_add(p, T(1));
}

}  // namespace tessera::detail
