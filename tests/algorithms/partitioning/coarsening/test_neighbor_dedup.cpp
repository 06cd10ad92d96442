// The hash deduplication of oversized neighbour rows (coarsening/neighbor_dedup.hpp) against a
// sort-and-merge reference: every row ends sorted with each id once and the OR of its flags, or,
// when its distinct ids overflow both tables, with every key sorted (which the rows' reader
// merges the same way). Rows of every kind: empty, in the shared table, in the global table,
// overflowing both; tiny tables force the last two on random rows, the default tables on large
// ones; a bound on the ids sizes the tables for a level.
#include <doctest/doctest.h>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "algorithms/partitioning/coarsening/neighbor_dedup.hpp"
#include "tests/support/spaces.hpp"

using namespace tessera;

namespace {

using IdFlags = std::vector<std::pair<std::int64_t, int>>;  // (id, OR of its flags), by id

IdFlags merged(const std::vector<std::int64_t>& keys) {  // the reference: sort and merge
  std::map<std::int64_t, int> m;
  for (const std::int64_t k : keys) m[k >> 1] |= int(k & 1);
  return IdFlags(m.begin(), m.end());
}

// Runs dedup_neighbor_rows on the rows (after a leading gap, so rows do not start at 0).
template <class Space>
std::vector<std::vector<std::int64_t>> dedup(const std::vector<std::vector<std::int64_t>>& rows, std::int64_t id_bound,
                                             int shared_bits, int global_bits) {
  using mem = typename Space::memory_space;
  const std::int64_t n = static_cast<std::int64_t>(rows.size());
  Kokkos::View<eid_t*, Kokkos::HostSpace> offsets("test::rows", n + 1);
  offsets(0) = 3;
  for (std::int64_t r = 0; r < n; ++r) offsets(r + 1) = offsets(r) + static_cast<eid_t>(rows[r].size());
  Kokkos::View<std::int64_t*, Kokkos::HostSpace> keys("test::keys", offsets(n));
  for (std::int64_t r = 0; r < n; ++r)
    for (std::size_t i = 0; i < rows[r].size(); ++i) keys(offsets(r) + i) = rows[r][i];
  const auto d_offsets = Kokkos::create_mirror_view_and_copy(mem{}, offsets);
  const auto d_keys = Kokkos::create_mirror_view_and_copy(mem{}, keys);
  const Kokkos::View<eid_t*, mem> d_ends("test::ends", n);
  partitioning::detail::dedup_neighbor_rows(Space{}, n, d_offsets, d_keys, d_ends, id_bound, shared_bits, global_bits);
  Space{}.fence();
  const auto out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, d_keys);
  const auto ends = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, d_ends);
  std::vector<std::vector<std::int64_t>> run;  // each row's keys after the deduplication
  for (std::int64_t r = 0; r < n; ++r) {
    REQUIRE(ends(r) >= offsets(r));
    REQUIRE(ends(r) <= offsets(r + 1));
    run.emplace_back(out.data() + offsets(r), out.data() + ends(r));
  }
  return run;
}

// Row r is `distinct` ids of [0, range) each repeated up to `repeat` times, some flagged.
std::vector<std::int64_t> random_row(std::mt19937& rng, int distinct, std::int64_t range, int repeat) {
  std::vector<std::int64_t> ids;
  while (static_cast<int>(ids.size()) < distinct) {
    while (static_cast<int>(ids.size()) < distinct) ids.push_back(static_cast<std::int64_t>(rng() % range));
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  }
  std::vector<std::int64_t> keys;
  for (const std::int64_t id : ids)
    for (int c = 1 + static_cast<int>(rng() % repeat); c > 0; --c) keys.push_back(id << 1 | std::int64_t(rng() % 7 == 0));
  std::shuffle(keys.begin(), keys.end(), rng);
  return keys;
}

// Checks every row: sorted, the reference ids and flags, and compacted unless it overflowed.
void check_rows(const std::vector<std::vector<std::int64_t>>& in,
                const std::vector<std::vector<std::int64_t>>& out, int compacted_up_to) {
  for (std::size_t r = 0; r < in.size(); ++r) {
    CAPTURE(r);
    const IdFlags want = merged(in[r]);
    CHECK(std::is_sorted(out[r].begin(), out[r].end()));
    CHECK(merged(out[r]) == want);
    if (static_cast<int>(want.size()) <= compacted_up_to) {
      CHECK(out[r].size() == want.size());
    } else {
      CHECK(out[r].size() == in[r].size());  // overflowed: every key, sorted
    }
  }
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("neighbour dedup: tiny tables, rows in shared, global and sorted", Space, dedup_tiny) {
  // shared 2^4 slots (12 ids), global 2^6 (48 ids); more distinct ids: the row sorted whole.
  std::mt19937 rng(11);
  std::vector<std::vector<std::int64_t>> rows;
  rows.push_back({});
  rows.push_back({7 << 1 | 1});
  rows.push_back({5 << 1, 5 << 1 | 1, 5 << 1});  // one id, flagged by its second occurrence
  for (int distinct : {1, 3, 12, 13, 30, 48, 49, 64, 200})
    for (int range : {60, 1000, 1 << 30}) {
      if (distinct > range) continue;
      rows.push_back(random_row(rng, distinct, range, 5));
    }
  const auto run = dedup<Space>(rows, std::int64_t(1) << 30, 4, 6);
  check_rows(rows, run, 48);
  CHECK(run[2] == std::vector<std::int64_t>{5 << 1 | 1});
  CHECK(run[0].empty());
}

TEST_CASE_TEMPLATE_DEFINE("neighbour dedup: default tables, a row beyond shared memory and one beyond both", Space,
                          dedup_default) {
  std::mt19937 rng(4);
  std::vector<std::vector<std::int64_t>> rows;
  rows.push_back(random_row(rng, 900, 1 << 20, 40));      // shared memory on every backend
  rows.push_back(random_row(rng, 7000, 1 << 24, 3));      // over 3/4 x 2^13: the global table
  rows.push_back(random_row(rng, 60000, 1 << 24, 2));     // over 2^16 slots' 3/4: still the global table
  rows.push_back(random_row(rng, 200000, 1 << 24, 1));    // over 3/4 x 2^18: sorted whole
  const auto run = dedup<Space>(rows, std::int64_t(1) << 24, partitioning::detail::k_dedup_max_shared_bits,
                                partitioning::detail::k_dedup_max_table_bits);
  check_rows(rows, run, (1 << 18) - 1 - ((1 << 18) - 1) / 4);  // 196,608 ids: 3/4 of the slots
}

TEST_CASE_TEMPLATE_DEFINE("neighbour dedup: a level's node count sizes the global table", Space, dedup_bounded) {
  // 2^6 global slots hold 48 ids: a bound of 40 ids makes rows of 40 distinct ids among many
  // keys fit (sized by the bound, not the keys); rows of 40-48 ids under a bound of 1,000
  // would fit too, and over 48 they overflow whatever the bound.
  std::mt19937 rng(23);
  std::vector<std::vector<std::int64_t>> rows;
  for (int distinct : {1, 20, 40}) rows.push_back(random_row(rng, distinct, 40, 50));
  check_rows(rows, dedup<Space>(rows, 40, 4, 6), 48);
  std::vector<std::vector<std::int64_t>> wide;
  for (int distinct : {30, 48, 49, 300}) wide.push_back(random_row(rng, distinct, 1000, 3));
  check_rows(wide, dedup<Space>(wide, 1000, 4, 6), 48);
}

TEST_CASE_TEMPLATE_APPLY(dedup_tiny, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(dedup_default, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(dedup_bounded, tessera::test::ExecSpaces);
