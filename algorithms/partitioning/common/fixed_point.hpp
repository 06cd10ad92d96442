#pragma once
// Fixed-point net weights (determinism: integer sums do not depend on their order). The shift s
// is the largest in [-30, 20] with max|w| * 2^s * pins <= 2^40, so every per-node and per-level
// sum below (including the << 16 pair scores of coarsening) stays under 2^62. Integral weights
// are exact whenever s >= 0, i.e. whenever max|w| * pins <= 2^40.
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>

#include "algorithms/partitioning/common/level.hpp"

namespace tessera::partitioning {

inline int fixed_point_shift(double max_weight, std::int64_t pins) {
  const double bound = std::ldexp(1.0, 40);
  const double scale = (max_weight > 0 ? max_weight : 1.0) * double(pins > 1 ? pins : 1);
  int s = 20;
  while (s > -30 && std::ldexp(scale, s) > bound) --s;
  return s;
}

KOKKOS_INLINE_FUNCTION score_t to_fixed(double w, int shift) {
  const double x = shift >= 0 ? w * double(std::int64_t(1) << shift) : w / double(std::int64_t(1) << -shift);
  return static_cast<score_t>(x + 0.5);  // w >= 0: round half up
}

inline double from_fixed(score_t x, int shift) { return std::ldexp(double(x), -shift); }

}  // namespace tessera::partitioning
