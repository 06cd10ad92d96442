#pragma once
// Sorting each row of a CRS array of short rows (a net's pins, a node's gathered blocks), on any
// backend. Kokkos Kernels' per-row radix sort on 64-bit keys spends its time on digit passes for
// such rows, so host backends sort each row with std::sort in a parallel loop; device backends
// use sort.hpp. Equal keys must only carry values whose order does not matter to the caller (the
// host and device sorts may order them differently). Functors, not lambdas: several translation
// units instantiate these with the same types (instantiate.hpp says why).
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/sort.hpp"

namespace tessera::detail {

template <class RowMap, class Keys>
struct HostRowSort {  // std::sort of row r's keys
  RowMap row_map;
  Keys keys;
  void operator()(const std::int64_t r) const { std::sort(keys.data() + row_map(r), keys.data() + row_map(r + 1)); }
};

template <class RowMap, class Keys, class Values>
struct HostRowSortWithValues {  // std::sort of row r's (key, value) pairs
  RowMap row_map;
  Keys keys;
  Values values;
  void operator()(const std::int64_t r) const {
    using key_t = typename Keys::non_const_value_type;
    using value_t = typename Values::non_const_value_type;
    const auto b = row_map(r), e = row_map(r + 1);
    std::vector<std::pair<key_t, value_t>> row;
    row.reserve(e - b);
    for (auto i = b; i < e; ++i) row.emplace_back(keys(i), values(i));
    std::sort(row.begin(), row.end());
    for (auto i = b; i < e; ++i) {
      keys(i) = row[i - b].first;
      values(i) = row[i - b].second;
    }
  }
};

template <class ExecSpace>
using HostRowPolicy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;

// Sorts the keys of every row (a row map sorted once: on GPUs without the row classes' two
// read-back scans, sort_rows_without_sync).
template <class ExecSpace, class RowMap, class Keys>
void sort_each_row(const ExecSpace& space, const RowMap& row_map, const Keys& keys) {
  if constexpr (is_gpu_space<ExecSpace>()) {
    sort_rows_without_sync(space, row_map, keys);
  } else {
    const std::int64_t n = static_cast<std::int64_t>(row_map.extent(0)) - 1;
    Kokkos::parallel_for("tessera::sort_each_row", HostRowPolicy<ExecSpace>(space, 0, n),
                         HostRowSort<RowMap, Keys>{row_map, keys});
    space.fence();
  }
}

// The row classes of a row map the caller sorts again and again (RowSortPlan in sort.hpp);
// empty on host backends, which need none.
template <class ExecSpace, class RowMap>
RowSortPlan<typename ExecSpace::memory_space> plan_each_row_sort(const ExecSpace& space, const RowMap& row_map) {
  if constexpr (is_gpu_space<ExecSpace>()) return make_row_sort_plan(space, row_map);
  return {};
}

// sort_each_row(space, row_map, keys) with the row classes found once by plan_each_row_sort.
template <class ExecSpace, class RowMap, class Keys>
void sort_each_row(const ExecSpace& space, const RowSortPlan<typename ExecSpace::memory_space>& plan,
                   const RowMap& row_map, const Keys& keys) {
  if constexpr (is_gpu_space<ExecSpace>())
    sort_rows(space, plan, row_map, keys);
  else
    sort_each_row(space, row_map, keys);
}

// Sorts every row by key, permuting `values` alongside.
template <class ExecSpace, class RowMap, class Keys, class Values>
void sort_each_row(const ExecSpace& space, const RowMap& row_map, const Keys& keys, const Values& values) {
  if constexpr (is_gpu_space<ExecSpace>()) {
    sort_rows(space, row_map, keys, values);
  } else {
    const std::int64_t n = static_cast<std::int64_t>(row_map.extent(0)) - 1;
    Kokkos::parallel_for("tessera::sort_each_row_kv", HostRowPolicy<ExecSpace>(space, 0, n),
                         HostRowSortWithValues<RowMap, Keys, Values>{row_map, keys, values});
    space.fence();
  }
}

}  // namespace tessera::detail
