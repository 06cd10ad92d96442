#pragma once
// Prefix scans over ranges of any length.
//
// Kokkos 3.4's CUDA parallel_scan computes its grid with 32-bit ints, so a range longer than
// about 2^31 elements (a symmetrized 1B-edge graph) silently yields a wrong scan. This helper
// runs the scan in chunks of at most 2^30 elements, carrying the running total between them;
// on other backends and newer Kokkos it costs one extra launch per 2^30 elements.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/kokkos_ext/launch.hpp"

namespace tessera::detail {

inline constexpr std::int64_t k_max_scan_chunk = std::int64_t(1) << 30;

// The scan body of one chunk: the caller's body, offset by the previous chunks' total. A functor,
// not a KOKKOS_LAMBDA: see the note on extended lambdas in core/kokkos_ext/instantiate.hpp.
template <class Value, class Body>
struct OffsetScanBody {
  using value_type = Value;
  Body body;
  Value base;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, Value& partial, const bool final) const {
    Value running = partial + base;
    body(i, running, final);
    partial = running - base;
  }
};

// Like Kokkos::parallel_scan over [0, n) with `body(i, Value& partial, bool final)`; returns
// the total. The body sees the exclusive prefix in `partial` (plus the previous chunks' total)
// and adds element i's contribution to it. `chunk` is only lowered by tests.
template <class ExecSpace, class Value, class Body>
Value chunked_scan(const std::string& label, const ExecSpace& space, std::int64_t n, const Body& body,
                   std::int64_t chunk = k_max_scan_chunk) {
  using policy = tessera::detail::LightRangePolicy<ExecSpace>;
  Value offset = 0;
  for (std::int64_t begin = 0; begin < n; begin += chunk) {
    const std::int64_t end = std::min(n, begin + chunk);
    Value chunk_total = 0;
    Kokkos::parallel_scan(label, policy(space, begin, end), OffsetScanBody<Value, Body>{body, offset}, chunk_total);
    offset += chunk_total;
  }
  return offset;
}

// chunked_scan for callers that need the prefix sums but not the total: a scan that returns its
// total to the host waits for the device, this one does not (when n fits one chunk; longer
// ranges carry the chunk totals through the host as chunked_scan does).
template <class ExecSpace, class Value, class Body>
void chunked_scan_no_total(const std::string& label, const ExecSpace& space, std::int64_t n, const Body& body,
                           std::int64_t chunk = k_max_scan_chunk) {
  using policy = tessera::detail::LightRangePolicy<ExecSpace>;
  if (n <= chunk) {
    if (n > 0) Kokkos::parallel_scan(label, policy(space, 0, n), OffsetScanBody<Value, Body>{body, Value(0)});
    return;
  }
  chunked_scan<ExecSpace, Value>(label, space, n, body, chunk);
}

template <class View>
struct ExclusiveScanInPlace {  // c(i) becomes the sum of c[0, i); entries from `len` on read as 0
  View c;
  std::int64_t len;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, typename View::non_const_value_type& sum,
                                         const bool final) const {
    const auto x = i < len ? c(i) : typename View::non_const_value_type(0);
    if (final) c(i) = sum;
    sum += x;
  }
};

// In-place exclusive prefix sum of c[0, len); returns the total.
template <class ExecSpace, class View>
typename View::non_const_value_type exclusive_scan_inplace(const ExecSpace& space, const View& c, std::int64_t len) {
  using value = typename View::non_const_value_type;
  return chunked_scan<ExecSpace, value>("tessera::exclusive_scan", space, len, ExclusiveScanInPlace<View>{c, len});
}

// Counts to CSR offsets in place, without reading the total back (no wait for the device):
// c[0, n) holds counts; afterwards c(i) is the sum of the counts before i for every i in [0, n],
// so c(n) is the total. c(n) is written, never read: its content before the call does not matter.
template <class ExecSpace, class View>
void counts_to_offsets_inplace(const ExecSpace& space, const View& c, std::int64_t n) {
  using value = typename View::non_const_value_type;
  chunked_scan_no_total<ExecSpace, value>("tessera::counts_to_offsets", space, n + 1, ExclusiveScanInPlace<View>{c, n});
}

}  // namespace tessera::detail
