#pragma once
// The vertices a rank knows by their position in the global (degree, id) order: its own and
// its ghosts (the other endpoints of its edges). Kernels name vertices by position (the
// entries of the oriented rows, the queries) and look up the vertex, hence its owner and row,
// here. No rank holds all n unless it gathers the whole DAG (dense) or is alone.
#include <Kokkos_Core.hpp>

#include <cstddef>
#include <cstdint>

#include "core/types.hpp"

namespace tessera::dist::detail {

template <class Memory>
struct KnownVertices {
  // Ascending positions and the vertex at each; `position` of extent 0 means dense: id is
  // indexed by position 0..n-1, -1 where the rank does not know the vertex.
  Kokkos::View<const vid_t*, Memory> position;
  Kokkos::View<const vid_t*, Memory> id;
  std::int64_t count = 0;  // vertices known

  bool dense() const { return position.extent(0) == 0; }
  // Every vertex known (one rank, the gathered path): id is the whole position -> vertex map.
  bool complete() const { return dense() && count == static_cast<std::int64_t>(id.extent(0)); }

  // The vertex at `pos`, or -1 when this rank does not know it.
  KOKKOS_INLINE_FUNCTION vid_t operator()(vid_t pos) const {
    if (position.extent(0) == 0) return pos >= 0 && static_cast<std::size_t>(pos) < id.extent(0) ? id(pos) : -1;
    std::size_t lo = 0, hi = position.extent(0);
    while (lo < hi) {
      const std::size_t mid = (lo + hi) / 2;
      if (position(mid) < pos)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo < position.extent(0) && position(lo) == pos ? id(lo) : -1;
  }
};

template <class To, class From>
KnownVertices<To> mirror_known(const KnownVertices<From>& k) {
  return {Kokkos::create_mirror_view_and_copy(To{}, k.position), Kokkos::create_mirror_view_and_copy(To{}, k.id), k.count};
}

}  // namespace tessera::dist::detail
