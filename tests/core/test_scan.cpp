// chunked_scan: exact exclusive prefix sums across chunk boundaries.
#include <doctest/doctest.h>

#include <numeric>

#include "core/kokkos_ext/scan.hpp"
#include "tests/support/spaces.hpp"

TEST_CASE_TEMPLATE_DEFINE("chunked_scan matches a serial exclusive scan for any chunk size", Space, scan_cases) {
  using mem = typename Space::memory_space;
  const std::int64_t n = 1000;
  Kokkos::View<std::int64_t*, mem> out("out", n);
  for (std::int64_t chunk : {std::int64_t(1), std::int64_t(7), std::int64_t(999), std::int64_t(1000),
                             tessera::detail::k_max_scan_chunk}) {
    Kokkos::deep_copy(out, -1);
    const auto total = tessera::detail::chunked_scan<Space, std::int64_t>(
        "test::scan", Space{}, n,
        KOKKOS_LAMBDA(const std::int64_t i, std::int64_t& sum, const bool final) {
          if (final) out(i) = sum;
          sum += i % 5;
        },
        chunk);
    std::vector<std::int64_t> expected(n);
    std::int64_t running = 0;
    for (std::int64_t i = 0; i < n; ++i) {
      expected[i] = running;
      running += i % 5;
    }
    CHECK(total == running);
    CHECK(tessera::test::to_vector(out) == expected);
  }
  CHECK(tessera::detail::chunked_scan<Space, std::int64_t>(
            "test::empty", Space{}, 0, KOKKOS_LAMBDA(const std::int64_t, std::int64_t& sum, const bool) { ++sum; }) == 0);
}

TEST_CASE_TEMPLATE_APPLY(scan_cases, tessera::test::ExecSpaces);
