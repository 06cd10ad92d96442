// chunked_scan: exact exclusive prefix sums across chunk boundaries.
#include <doctest/doctest.h>

#include <limits>
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

TEST_CASE_TEMPLATE_DEFINE("chunked_scan_no_total writes the same prefix sums as chunked_scan", Space, scan_nt_cases) {
  using mem = typename Space::memory_space;
  const std::int64_t n = 1000;
  Kokkos::View<std::int64_t*, mem> out("out", n);
  std::vector<std::int64_t> expected(n);
  for (std::int64_t i = 0, running = 0; i < n; running += i % 3, ++i) expected[i] = running;
  for (std::int64_t chunk : {std::int64_t(7), tessera::detail::k_max_scan_chunk}) {  // several chunks, one
    Kokkos::deep_copy(out, -1);
    tessera::detail::chunked_scan_no_total<Space, std::int64_t>(
        "test::scan_nt", Space{}, n,
        KOKKOS_LAMBDA(const std::int64_t i, std::int64_t& sum, const bool final) {
          if (final) out(i) = sum;
          sum += i % 3;
        },
        chunk);
    CHECK(tessera::test::to_vector(out) == expected);
  }
}

// The entry after the counts is written, never read: a huge value there (the uninitialised
// memory that once overflowed the scan's unused total under UBSan) changes nothing.
TEST_CASE_TEMPLATE_DEFINE("counts_to_offsets_inplace ignores what the last entry held", Space, offsets_cases) {
  using mem = typename Space::memory_space;
  for (const std::int64_t n : {std::int64_t(0), std::int64_t(1), std::int64_t(1000)}) {
    Kokkos::View<std::int64_t*, mem> c("c", n + 1);
    Kokkos::parallel_for(
        "test::counts", Kokkos::RangePolicy<Space>(0, n + 1),
        KOKKOS_LAMBDA(const std::int64_t i) { c(i) = i < n ? i % 4 : std::numeric_limits<std::int64_t>::max(); });
    tessera::detail::counts_to_offsets_inplace(Space{}, c, n);
    std::vector<std::int64_t> expected(n + 1, 0);
    for (std::int64_t i = 0; i < n; ++i) expected[i + 1] = expected[i] + i % 4;
    CHECK(tessera::test::to_vector(c) == expected);
  }
}

TEST_CASE_TEMPLATE_APPLY(scan_cases, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(offsets_cases, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(scan_nt_cases, tessera::test::ExecSpaces);

// The GPU row-sorting strategy (thread / small team / full team by row length), run here on
// the host space so CI exercises it too.
#include <random>

#include "core/kokkos_ext/sort.hpp"

TEST_CASE("sort_rows_by_length sorts rows of every length class, values alongside") {
  using Space = Kokkos::DefaultHostExecutionSpace;
  std::mt19937 rng(7);
  const std::vector<std::int64_t> lengths{0, 1, 2, 31, 32, 33, 100, 1024, 1025, 5000, 3};
  std::vector<std::int64_t> row_map{0};
  std::vector<int> entries;
  for (auto len : lengths) {
    for (std::int64_t i = 0; i < len; ++i) entries.push_back(static_cast<int>(rng() % 1000));
    row_map.push_back(static_cast<std::int64_t>(entries.size()));
  }
  std::vector<double> values(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) values[i] = entries[i] * 0.5;  // value follows its key
  Kokkos::View<std::int64_t*, Kokkos::HostSpace> rm("rm", row_map.size());
  Kokkos::View<int*, Kokkos::HostSpace> ent("ent", entries.size());
  Kokkos::View<double*, Kokkos::HostSpace> val("val", values.size());
  std::copy(row_map.begin(), row_map.end(), rm.data());
  std::copy(entries.begin(), entries.end(), ent.data());
  std::copy(values.begin(), values.end(), val.data());
  tessera::detail::sort_rows_by_length(Space{}, rm, ent, val, true);
  for (std::size_t r = 0; r + 1 < row_map.size(); ++r) {
    std::vector<int> expected(entries.begin() + row_map[r], entries.begin() + row_map[r + 1]);
    std::sort(expected.begin(), expected.end());
    std::vector<int> got(ent.data() + row_map[r], ent.data() + row_map[r + 1]);
    CHECK(got == expected);
    for (auto j = row_map[r]; j < row_map[r + 1]; ++j) CHECK(val(j) == ent(j) * 0.5);
  }
  // The same rows again through one plan (the row classes found once), twice with new keys.
  const auto plan = tessera::detail::make_row_sort_plan(Space{}, rm);
  CHECK(plan.medium_rows.extent(0) == 3);  // lengths 33, 100 and 1024; 1025 and 5000 are long
  CHECK(plan.long_rows.extent(0) == 2);
  for (int round = 0; round < 2; ++round) {
    for (std::size_t i = 0; i < entries.size(); ++i) ent(i) = static_cast<int>(rng() % 1000);
    std::vector<int> before(ent.data(), ent.data() + entries.size());
    tessera::detail::sort_rows_by_length(Space{}, plan, rm, ent, ent, false);
    for (std::size_t r = 0; r + 1 < row_map.size(); ++r) {
      std::vector<int> expected(before.begin() + row_map[r], before.begin() + row_map[r + 1]);
      std::sort(expected.begin(), expected.end());
      CHECK(std::vector<int>(ent.data() + row_map[r], ent.data() + row_map[r + 1]) == expected);
    }
  }
}
