// sort_keys: the radix sort (CUDA device memory) and the bitonic sort (elsewhere) agree with
// std::sort, on sizes off a power of two and on keys packed as (degree, id).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "core/kokkos_ext/sort.hpp"
#include "tests/support/spaces.hpp"

TEST_CASE_TEMPLATE_DEFINE("sort_keys sorts 64-bit keys as std::sort does", Space, sort_keys_cases) {
  using mem = typename Space::memory_space;
  std::mt19937_64 rng(42);
  for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(1000), std::size_t(100003)}) {
    std::vector<std::int64_t> keys(n);
    for (std::size_t i = 0; i < n; ++i) keys[i] = (static_cast<std::int64_t>(rng() % 50) << 32) | static_cast<std::int64_t>(i);
    std::shuffle(keys.begin(), keys.end(), rng);
    Kokkos::View<std::int64_t*, Kokkos::HostSpace> host("keys", n);
    std::copy(keys.begin(), keys.end(), host.data());
    Kokkos::View<std::int64_t*, mem> on_space("keys", n);
    Kokkos::deep_copy(on_space, host);
    tessera::detail::sort_keys<Space>(on_space);
    std::sort(keys.begin(), keys.end());
    INFO("n = " << n);
    CHECK(tessera::test::to_vector(on_space) == keys);
  }
}

TEST_CASE_TEMPLATE_APPLY(sort_keys_cases, tessera::test::ExecSpaces);
