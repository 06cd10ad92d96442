#pragma once
// Sorting a 1-D View of trivially copyable records with a comparator. Callers use a strict total
// order (unique keys), so the result is the same on every backend: host backends use std::sort
// (O(n log n) on one thread), device backends Kokkos Kernels' bitonic sort.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>

#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/kokkos_kernels_compat.hpp"

namespace tessera::detail {

template <class ExecSpace, class View, class Comparator>
void sort_with(const ExecSpace& space, const View& v, const Comparator& comp) {
  if (v.extent(0) < 2) return;
  if constexpr (!is_gpu_space<ExecSpace>() &&
                Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename View::memory_space>::accessible) {
    space.fence();
    std::sort(v.data(), v.data() + v.extent(0),
              [&](const typename View::value_type& a, const typename View::value_type& b) { return comp(a, b); });
  } else {
    kk_compat::bitonic_sort<ExecSpace>(v, comp);
  }
}

}  // namespace tessera::detail
