#pragma once
// Row sorts for the partitioner's CRS scratch arrays. Rows here are short (a net's pins, a node's
// gathered blocks), where Kokkos Kernels' per-row radix sort on 64-bit keys spends its time on
// digit passes; host backends therefore sort each row with std::sort in a parallel loop. Device
// backends use core/kokkos_ext/sort.hpp. Equal keys only ever carry values whose order does not
// matter to the callers (they are summed), so results are identical either way.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/sort.hpp"

namespace tessera::partitioning::detail {

// A row map sorted once (contraction, neighbourhoods): on GPUs without the row classes' two
// read-back scans (sort_rows_without_sync).
template <class ExecSpace, class RowMap, class Keys>
void sort_rows(const ExecSpace& space, const RowMap& row_map, const Keys& keys) {
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) {
    tessera::detail::sort_rows_without_sync(space, row_map, keys);
  } else {
    const std::int64_t n = static_cast<std::int64_t>(row_map.extent(0)) - 1;
    Kokkos::parallel_for(
        "tessera::part::sort_rows", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, n),
        [=](const std::int64_t r) { std::sort(keys.data() + row_map(r), keys.data() + row_map(r + 1)); });
    space.fence();
  }
}

// The row classes of a row map the caller sorts again and again (see RowSortPlan in
// core/kokkos_ext/sort.hpp); empty on host backends, which need none.
template <class ExecSpace, class RowMap>
tessera::detail::RowSortPlan<typename ExecSpace::memory_space> make_row_sort_plan(const ExecSpace& space,
                                                                                const RowMap& row_map) {
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) return tessera::detail::make_row_sort_plan(space, row_map);
  return {};
}

// sort_rows(space, row_map, keys) with the row classes found once by make_row_sort_plan.
template <class ExecSpace, class RowMap, class Keys>
void sort_rows(const ExecSpace& space, const tessera::detail::RowSortPlan<typename ExecSpace::memory_space>& plan,
               const RowMap& row_map, const Keys& keys) {
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>())
    tessera::detail::sort_rows(space, plan, row_map, keys);
  else
    sort_rows(space, row_map, keys);
}

// Sorts each row by key, permuting `values` alongside.
template <class ExecSpace, class RowMap, class Keys, class Values>
void sort_rows(const ExecSpace& space, const RowMap& row_map, const Keys& keys, const Values& values) {
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) {
    tessera::detail::sort_rows(space, row_map, keys, values);
  } else {
    using key_t = typename Keys::non_const_value_type;
    using value_t = typename Values::non_const_value_type;
    const std::int64_t n = static_cast<std::int64_t>(row_map.extent(0)) - 1;
    Kokkos::parallel_for(
        "tessera::part::sort_rows_kv", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, n),
        [=](const std::int64_t r) {
          const auto b = row_map(r), e = row_map(r + 1);
          std::vector<std::pair<key_t, value_t>> row;
          row.reserve(e - b);
          for (auto i = b; i < e; ++i) row.emplace_back(keys(i), values(i));
          std::sort(row.begin(), row.end());
          for (auto i = b; i < e; ++i) {
            keys(i) = row[i - b].first;
            values(i) = row[i - b].second;
          }
        });
    space.fence();
  }
}

}  // namespace tessera::partitioning::detail
