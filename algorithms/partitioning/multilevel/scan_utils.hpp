#pragma once
// Small scan helpers shared by the partitioner's stages (free functions: nvcc does not accept
// device lambdas inside host lambdas).
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/kokkos_ext/scan.hpp"

namespace tessera::partitioning::detail {

// In-place exclusive prefix sum of c[0, len); returns the total.
template <class ExecSpace, class View>
typename View::non_const_value_type exclusive_scan_inplace(const ExecSpace& space, const View& c, std::int64_t len) {
  using value = typename View::non_const_value_type;
  return tessera::detail::chunked_scan<ExecSpace, value>(
      "tessera::part::exclusive_scan", space, len, KOKKOS_LAMBDA(const std::int64_t i, value& sum, const bool final) {
        const value x = c(i);
        if (final) c(i) = sum;
        sum += x;
      });
}

}  // namespace tessera::partitioning::detail
