#pragma once
// Sorting primitives, wrapped so the rest of Tessera does not depend on where Kokkos Kernels
// keeps them (kokkos_kernels_compat.hpp resolves the release) or on how each backend is best
// served: a strategy switch changes this file only.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "core/kokkos_ext/kokkos_kernels_compat.hpp"
#include "core/kokkos_ext/radix_sort.hpp"
#include "core/kokkos_ext/scan.hpp"

namespace tessera::detail {

// Rows up to this length are sorted by one thread (insertion sort); longer ones by a team.
inline constexpr std::int64_t k_thread_sorted_row = 32;
// Rows longer than this get the largest team the kernel allows.
inline constexpr std::int64_t k_medium_row = 1024;

// The kernels below are functors, not KOKKOS_LAMBDAs: many translation units instantiate these
// helpers with the same types (see the note on extended lambdas in core/kokkos_ext/instantiate.hpp).

template <class RowMap, class Position>
struct RowLengthSelect {  // scan: position of each row whose length lies in (min_len, max_len]
  RowMap row_map;
  Position position;
  std::int64_t min_len, max_len;
  KOKKOS_INLINE_FUNCTION bool selected(const std::int64_t r) const {
    const std::int64_t len = static_cast<std::int64_t>(row_map(r + 1) - row_map(r));
    return len > min_len && len <= max_len;
  }
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t r, std::int64_t& sum, const bool final) const {
    if (selected(r)) {
      if (final) position(r) = sum;
      ++sum;
    }
  }
};

template <class Select, class Rows>
struct RowLengthGather {
  Select select;
  Rows rows;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t r) const {
    if (select.selected(r)) rows(select.position(r)) = r;
  }
};

// Ids of the rows whose length lies in (min_len, max_len].
template <class ExecSpace, class RowMap>
Kokkos::View<std::int64_t*, typename ExecSpace::memory_space> rows_with_length(const ExecSpace& space,
                                                                              const RowMap& row_map,
                                                                              std::int64_t min_len,
                                                                              std::int64_t max_len) {
  using ids = Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>;
  const std::int64_t n = static_cast<std::int64_t>(row_map.extent(0)) - 1;
  const RowLengthSelect<RowMap, ids> select{
      row_map, ids(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::sort_rows::position"), n), min_len, max_len};
  const std::int64_t count = chunked_scan<ExecSpace, std::int64_t>("tessera::sort_rows::select", space, n, select);
  ids rows(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::sort_rows::rows"), count);
  Kokkos::parallel_for("tessera::sort_rows::gather",
                       Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, n),
                       RowLengthGather<RowLengthSelect<RowMap, ids>, ids>{select, rows});
  return rows;
}

template <class Rows, class RowMap, class Entries, class Values>
struct TeamRowSort {  // one team sorts one row (bitonic)
  Rows rows;
  RowMap row_map;
  Entries entries;
  Values values;
  bool with_values;
  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    const std::int64_t r = rows(team.league_rank());
    const auto row = Kokkos::make_pair(static_cast<std::int64_t>(row_map(r)), static_cast<std::int64_t>(row_map(r + 1)));
    if (with_values)
      kk_compat::team_sort_by_key(team, Kokkos::subview(entries, row), Kokkos::subview(values, row));
    else
      kk_compat::team_sort(team, Kokkos::subview(entries, row));
  }
};

// Sorts the given rows with one team per row (bitonic).
template <class ExecSpace, class Rows, class RowMap, class Entries, class Values>
void sort_rows_in_teams(const ExecSpace& space, const Rows& rows, const RowMap& row_map, const Entries& entries,
                        const Values& values, bool with_values, int wanted_team_size) {
  using team_policy = Kokkos::TeamPolicy<ExecSpace>;
  if (rows.extent(0) == 0) return;
  const TeamRowSort<Rows, RowMap, Entries, Values> body{rows, row_map, entries, values, with_values};
  const int league = static_cast<int>(rows.extent(0));
  const int team_size =
      std::min(wanted_team_size, team_policy(space, league, 1).team_size_max(body, Kokkos::ParallelForTag()));
  Kokkos::parallel_for("tessera::sort_rows::team", team_policy(space, league, team_size), body);
}

template <class RowMap, class Entries, class Values>
struct ShortRowSort {  // one thread sorts one row of at most k_thread_sorted_row entries (insertion)
  RowMap row_map;
  Entries entries;
  Values values;
  bool with_values;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t r) const {
    using key_type = typename Entries::non_const_value_type;
    using value_type = typename Values::non_const_value_type;
    const auto begin = row_map(r), end = row_map(r + 1);
    if (end - begin > k_thread_sorted_row) return;
    for (auto i = begin + 1; i < end; ++i) {
      const key_type key = entries(i);
      value_type value{};
      if (with_values) value = values(i);
      auto j = i;
      for (; j > begin && entries(j - 1) > key; --j) {
        entries(j) = entries(j - 1);
        if (with_values) values(j) = values(j - 1);
      }
      entries(j) = key;
      if (with_values) values(j) = value;
    }
  }
};

// The GPU strategy's row classes of one row map: rows longer than one thread sorts, up to
// k_medium_row (small teams), and longer (full teams). Finding them costs two scans whose totals
// are read back to the host, so callers that sort rows of the same row map again and again (the
// partitioner's refinement repetitions) find them once (make_row_sort_plan) and pass the plan.
template <class MemorySpace>
struct RowSortPlan {
  Kokkos::View<std::int64_t*, MemorySpace> medium_rows, long_rows;
};

template <class ExecSpace, class RowMap>
RowSortPlan<typename ExecSpace::memory_space> make_row_sort_plan(const ExecSpace& space, const RowMap& row_map) {
  RowSortPlan<typename ExecSpace::memory_space> plan;
  plan.medium_rows = rows_with_length(space, row_map, k_thread_sorted_row, k_medium_row);
  plan.long_rows = rows_with_length(space, row_map, k_medium_row, INT64_MAX);
  return plan;
}

// GPU strategy: row length decides the worker (one thread, a small team, or a full team), so
// hub rows of skewed graphs do not serialize on a team sized for the average row.
template <class ExecSpace, class RowMap, class Entries, class Values>
void sort_rows_by_length(const ExecSpace& space, const RowSortPlan<typename ExecSpace::memory_space>& plan,
                         const RowMap& row_map, const Entries& entries, const Values& values, bool with_values) {
  const std::int64_t n = static_cast<std::int64_t>(row_map.extent(0)) - 1;
  Kokkos::parallel_for("tessera::sort_rows::short",
                       Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, n),
                       ShortRowSort<RowMap, Entries, Values>{row_map, entries, values, with_values});
  sort_rows_in_teams(space, plan.medium_rows, row_map, entries, values, with_values, 64);
  sort_rows_in_teams(space, plan.long_rows, row_map, entries, values, with_values, 1024);
}

template <class ExecSpace, class RowMap, class Entries, class Values>
void sort_rows_by_length(const ExecSpace& space, const RowMap& row_map, const Entries& entries,
                         const Values& values, bool with_values) {
  sort_rows_by_length(space, make_row_sort_plan(space, row_map), row_map, entries, values, with_values);
}

template <class RowMap, class Entries>
struct StridedTeamRowSort {  // team t sorts the rows t, t + league, ... whose length lies in (min_len, max_len]
  RowMap row_map;
  Entries entries;
  std::int64_t num_rows, min_len, max_len;
  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    for (std::int64_t r = team.league_rank(); r < num_rows; r += team.league_size()) {
      const std::int64_t b = static_cast<std::int64_t>(row_map(r)), e = static_cast<std::int64_t>(row_map(r + 1));
      if (e - b <= min_len || e - b > max_len) continue;
      kk_compat::team_sort(team, Kokkos::subview(entries, Kokkos::make_pair(b, e)));
      team.team_barrier();
    }
  }
};

// Sorts the rows whose length lies in (min_len, max_len] with at most max_league teams, each
// striding over the rows (no row list, so nothing is read back to the host).
template <class ExecSpace, class RowMap, class Entries>
void sort_rows_in_strided_teams(const ExecSpace& space, const RowMap& row_map, const Entries& entries,
                                std::int64_t min_len, std::int64_t max_len, int max_league, int wanted_team_size) {
  using team_policy = Kokkos::TeamPolicy<ExecSpace>;
  const std::int64_t n = static_cast<std::int64_t>(row_map.extent(0)) - 1;
  if (n <= 0) return;
  const StridedTeamRowSort<RowMap, Entries> body{row_map, entries, n, min_len, max_len};
  const int league = static_cast<int>(std::min<std::int64_t>(n, max_league));
  const int team_size =
      std::min(wanted_team_size, team_policy(space, league, 1).team_size_max(body, Kokkos::ParallelForTag()));
  Kokkos::parallel_for("tessera::sort_rows::strided_team", team_policy(space, league, team_size), body);
}

// Sorts every row of a CRS structure ascending (entries only) without reading anything back to
// the host (GPU backends): the row classes of sort_rows_by_length, but the team kernels run a
// bounded league whose teams stride over all rows and skip those of other classes. For callers
// that sort a row map once (a plan would cost two read-back scans for one sort).
template <class ExecSpace, class RowMap, class Entries>
void sort_rows_without_sync(const ExecSpace& space, const RowMap& row_map, const Entries& entries) {
  static_assert(kk_compat::is_gpu_exec_space<ExecSpace>(), "the strided row sort is the GPU strategy");
  const std::int64_t n = static_cast<std::int64_t>(row_map.extent(0)) - 1;
  if (n <= 0) return;
  Kokkos::parallel_for("tessera::sort_rows::short",
                       Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, n),
                       ShortRowSort<RowMap, Entries, Entries>{row_map, entries, entries, false});
  // Leagues: enough small teams to fill a large GPU, and two full teams per multiprocessor.
  sort_rows_in_strided_teams(space, row_map, entries, k_thread_sorted_row, k_medium_row, 8192, 64);
  sort_rows_in_strided_teams(space, row_map, entries, k_medium_row, INT64_MAX, 512, 1024);
}

// Sorts every row of a CRS structure ascending (entries only), with the row classes of
// make_row_sort_plan(space, row_map). GPU backends only.
template <class ExecSpace, class RowMap, class Entries>
void sort_rows(const ExecSpace& space, const RowSortPlan<typename ExecSpace::memory_space>& plan,
               const RowMap& row_map, const Entries& entries) {
  static_assert(kk_compat::is_gpu_exec_space<ExecSpace>(), "row sort plans are the GPU strategy");
  sort_rows_by_length(space, plan, row_map, entries, entries, false);
}

// Sorts every row of a CRS structure ascending (entries only).
template <class ExecSpace, class RowMap, class Entries>
void sort_rows(const ExecSpace& space, const RowMap& row_map, const Entries& entries) {
  if constexpr (kk_compat::is_gpu_exec_space<ExecSpace>())
    sort_rows_by_length(space, row_map, entries, entries, false);
  else
    kk_compat::sort_crs_graph<ExecSpace, RowMap, Entries>(row_map, entries);  // radix per row
}

// Sorts every row ascending by entry, permuting `values` alongside.
template <class ExecSpace, class RowMap, class Entries, class Values>
void sort_rows(const ExecSpace& space, const RowMap& row_map, const Entries& entries, const Values& values) {
  if constexpr (kk_compat::is_gpu_exec_space<ExecSpace>())
    sort_rows_by_length(space, row_map, entries, values, true);
  else
    kk_compat::sort_crs_matrix<ExecSpace, RowMap, Entries, Values>(row_map, entries, values);
}

// Sorts a 1-D View of integer keys ascending, in parallel: 64-bit keys in the device memory of
// a CUDA build by a radix sort (radix_sort.hpp), everything else bitonic (deterministic and
// insensitive to key distribution, unlike bin sorting on skewed keys).
template <class ExecSpace, class View>
void sort_keys(const View& keys) {
  if (keys.extent(0) < 2) return;
  using device_memory = Kokkos::DefaultExecutionSpace::memory_space;
  if constexpr (kk_compat::is_gpu_exec_space<ExecSpace>() &&
                std::is_same_v<typename View::non_const_value_type, std::int64_t> &&
                std::is_same_v<typename View::memory_space, device_memory>) {
    if (kokkos_ext::device_radix_sort_available()) {
      kokkos_ext::radix_sort_keys(Kokkos::View<std::int64_t*, device_memory>(keys));
      return;
    }
  }
  kk_compat::bitonic_sort<ExecSpace>(keys);
}

}  // namespace tessera::detail
