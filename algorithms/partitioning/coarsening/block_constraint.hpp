#pragma once
// Coarsening under a partition (k-way V-cycles, multilevel/vcycle.hpp): only nodes of the same
// block may pair, so every coarse node lies in one block and the current partition projects onto
// the coarse levels unchanged. Three flat kernels, each a pure function of its inputs (no
// claims, one integer atomic that commutes): the partition stays deterministic.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/coarsening/propose_pairs.hpp"
#include "core/kokkos_ext/launch.hpp"

namespace tessera::partitioning {

// Drops every candidate in another block than its proposer, keeping the rest in their (score)
// order. The matching's own filter (key(n, t) <= key(t, target(t))) keeps the pseudo-forest
// invariant for whatever candidate lists it is given.
template <class ExecSpace>
void restrict_proposals_to_blocks(const ExecSpace& space, const Proposals<typename ExecSpace::memory_space>& props,
                                  const Kokkos::View<part_t*, typename ExecSpace::memory_space>& blocks) {
  auto target = props.target;
  auto score = props.score;
  const int pi = static_cast<int>(target.extent(1));
  Kokkos::parallel_for(
      "tessera::part::block_proposals",
      tessera::detail::LightRangePolicy<ExecSpace>(space, 0, static_cast<std::int64_t>(blocks.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t v) {
        int kept = 0;
        for (int r = 0; r < pi; ++r) {
          const vid_t c = target(v, r);
          if (c == invalid_vid || blocks(c) != blocks(v)) continue;
          target(v, kept) = c;
          score(v, kept) = score(v, r);
          ++kept;
        }
        for (int r = kept; r < pi; ++r) {
          target(v, r) = invalid_vid;
          score(v, r) = 0;
        }
      });
}

// Undoes pairs across blocks (the isolated pairing knows no blocks) and takes them off the
// level's pair counter. Each node writes only its own mate entry.
template <class ExecSpace>
void unmatch_across_blocks(const ExecSpace& space, const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& mate,
                           const Kokkos::View<part_t*, typename ExecSpace::memory_space>& blocks,
                           const Kokkos::View<vid_t, typename ExecSpace::memory_space>& pairs) {
  Kokkos::parallel_for(
      "tessera::part::block_unmatch",
      tessera::detail::LightRangePolicy<ExecSpace>(space, 0, static_cast<std::int64_t>(blocks.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t v) {
        const vid_t m = mate(v);
        if (m == invalid_vid || blocks(m) == blocks(v)) return;
        mate(v) = invalid_vid;
        if (v < m) Kokkos::atomic_add(&pairs(), vid_t(-1));
      });
}

// The blocks of the coarse level: coarse(gamma(v)) = fine(v) (every member of a coarse node
// carries the same block, so the concurrent writes agree).
template <class ExecSpace>
Kokkos::View<part_t*, typename ExecSpace::memory_space> coarse_blocks(
    const ExecSpace& space, const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& gamma,
    const Kokkos::View<part_t*, typename ExecSpace::memory_space>& fine, vid_t coarse_nodes) {
  Kokkos::View<part_t*, typename ExecSpace::memory_space> coarse(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::coarse_blocks"), coarse_nodes);
  Kokkos::parallel_for(
      "tessera::part::coarse_blocks",
      tessera::detail::LightRangePolicy<ExecSpace>(space, 0, static_cast<std::int64_t>(gamma.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t v) { coarse(gamma(v)) = fine(v); });
  return coarse;
}

}  // namespace tessera::partitioning
