#pragma once
// Counter-based hashing shared by the generators: every random value is a pure function of
// (key, counter), so generated graphs and labels are identical on every backend and thread count.
#include <Kokkos_Core.hpp>

#include <cstdint>

namespace tessera::gen::detail {

// splitmix64 finaliser: a bijective 64-bit mix with good avalanche.
KOKKOS_INLINE_FUNCTION std::uint64_t mix64(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Random 64 bits for (key, counter): independent-looking for distinct counters.
KOKKOS_INLINE_FUNCTION std::uint64_t hash2(std::uint64_t key, std::uint64_t counter) {
  return mix64(key ^ mix64(counter));
}

}  // namespace tessera::gen::detail
