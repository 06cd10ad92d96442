#pragma once
// The compact query format (paper 1, §II-A3, after TriC): a parent vertex once, then its
// children, sets separated by the sign of the parent word:
//   [-(m1 + 1), n1, n2, ..., -(m2 + 1), n3, ...]   asks: is {m, n} an edge, for each child n
// (-(m + 1) keeps vertex 0 negative). Children are >= 0. The distributed triangle count sends
// positions in the global order; receivers decode runs on their space (query_receiver.*).
#include <Kokkos_Core.hpp>

#include "core/types.hpp"

namespace tessera::dist {

KOKKOS_INLINE_FUNCTION constexpr vid_t encode_parent(vid_t m) { return -(m + 1); }
KOKKOS_INLINE_FUNCTION constexpr vid_t decode_parent(vid_t word) { return -word - 1; }

}  // namespace tessera::dist
