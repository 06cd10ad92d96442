#pragma once
// The multilevel hierarchy that coarsening builds and uncoarsening unwinds.
#include <Kokkos_Core.hpp>

#include <vector>

#include "algorithms/partitioning/common/level.hpp"

namespace tessera::partitioning {

// The coarsening hierarchy: levels[0] is the input, gammas[l] maps levels[l] onto levels[l + 1].
template <class MemorySpace>
struct Hierarchy {
  std::vector<Level<MemorySpace>> levels;
  std::vector<Kokkos::View<vid_t*, MemorySpace>> gammas;
};

}  // namespace tessera::partitioning
