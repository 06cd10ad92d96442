#pragma once
// The compact query format (paper 1, §II-A3, after TriC): a parent vertex once, then its
// children, sets separated by the sign of the parent word:
//   [-(m1 + 1), n1, n2, ..., -(m2 + 1), n3, ...]   asks: is {m, n} an edge, for each child n
// (-(m + 1) keeps vertex 0 negative). Children are >= 0. The distributed triangle count sends
// positions in the global order; receivers decode runs on their space (query_receiver.*).
//
// The rows format sends a rank's out-list once per destination instead of once per query:
//   [-(k+1), L, r_0, ..., r_{L-1}, i_1, ..., i_k]
// r is the suffix of N+(v) from its first out-neighbour the destination owns (ascending
// positions), i_j the indices in r of the k out-neighbours m it owns (ascending, each with at
// least one candidate after it); the record asks, for each j, which of r after i_j are in
// N+(r_{i_j}): the queries (r_{i_j}, n) for every n after it, Σ_j (L - 1 - i_j) of them, in
// L + k + 2 words.
#include <Kokkos_Core.hpp>

#include "core/types.hpp"

namespace tessera::dist {

KOKKOS_INLINE_FUNCTION constexpr vid_t encode_parent(vid_t m) { return -(m + 1); }
KOKKOS_INLINE_FUNCTION constexpr vid_t decode_parent(vid_t word) { return -word - 1; }

}  // namespace tessera::dist
