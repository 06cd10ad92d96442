#pragma once
// Small scan helpers shared by the partitioner's stages. Functors, not KOKKOS_LAMBDAs: several
// translation units instantiate them with the same types (core/kokkos_ext/instantiate.hpp says why
// that rules out extended lambdas).
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/kokkos_ext/scan.hpp"

namespace tessera::partitioning::detail {

template <class View>
struct ExclusiveScanInPlace {
  View c;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, typename View::non_const_value_type& sum,
                                         const bool final) const {
    const auto x = c(i);
    if (final) c(i) = sum;
    sum += x;
  }
};

// In-place exclusive prefix sum of c[0, len); returns the total.
template <class ExecSpace, class View>
typename View::non_const_value_type exclusive_scan_inplace(const ExecSpace& space, const View& c, std::int64_t len) {
  using value = typename View::non_const_value_type;
  return tessera::detail::chunked_scan<ExecSpace, value>("tessera::part::exclusive_scan", space, len,
                                                         ExclusiveScanInPlace<View>{c});
}

// The same without reading the total back (no wait for the device).
template <class ExecSpace, class View>
void exclusive_scan_inplace_no_total(const ExecSpace& space, const View& c, std::int64_t len) {
  using value = typename View::non_const_value_type;
  tessera::detail::chunked_scan_no_total<ExecSpace, value>("tessera::part::exclusive_scan", space, len,
                                                           ExclusiveScanInPlace<View>{c});
}

}  // namespace tessera::partitioning::detail
