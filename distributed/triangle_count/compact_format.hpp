#pragma once
// The compact query format of the CPU variant (paper 1, §II-A3, after TriC): a parent vertex
// once, then its children, sets separated by the sign of the parent word:
//   [-(m1 + 1), n1, n2, ..., -(m2 + 1), n3, ...]   asks: is {m, n} an edge, for each child n
// (-(m + 1) keeps vertex 0 negative). Children are >= 0.
#include <cstddef>
#include <vector>

#include "core/error.hpp"
#include "core/types.hpp"

namespace tessera::dist {

KOKKOS_INLINE_FUNCTION constexpr vid_t encode_parent(vid_t m) { return -(m + 1); }
KOKKOS_INLINE_FUNCTION constexpr vid_t decode_parent(vid_t word) { return -word - 1; }

// Expands a message into flat (parent, child) pairs appended to `pairs` as
// [m0, n0, m1, n1, ...] (global ids): the flat format the receivers' kernel answers.
inline void decode_compact(const vid_t* words, std::size_t count, std::vector<vid_t>& pairs) {
  vid_t parent = invalid_vid;
  for (std::size_t i = 0; i < count; ++i) {
    const vid_t w = words[i];
    if (w < 0) {
      parent = decode_parent(w);
    } else {
      TESSERA_REQUIRE(parent != invalid_vid, "compact message starts with a child, not a parent");
      pairs.push_back(parent);
      pairs.push_back(w);
    }
  }
}

}  // namespace tessera::dist
