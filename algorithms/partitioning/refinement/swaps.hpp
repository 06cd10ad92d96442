#pragma once
// Step 4, retried (refine.hpp): the proposed moves ranked as pairwise swaps. When every block is
// full (16k-model under Loihi-64: W = 16 Omega exactly) a prefix is size-valid only where the moves
// so far leave every block's weight unchanged; the chains rarely close into cycles (every free end
// of a destination picks that bucket's best move, so about one link per block and round: 230
// links for 1,319 moves on 16k-model, no cycle). Swaps are such exchanges by construction: the r-th
// best move from a to b is paired with the r-th best move from b to a, pairs are ranked by their
// summed gain, unpaired moves after them; the in-sequence gains and the validity events then judge
// the sequence as any other.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "algorithms/partitioning/refinement/sequence.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/sort_with.hpp"

namespace tessera::partitioning::detail {

// First index in swaps[0, M) whose (lo, hi, dir) is not below (lo, hi, dir) given.
template <class View>
KOKKOS_INLINE_FUNCTION std::int32_t swap_group_start(const View& swaps, std::int32_t M, part_t lo, part_t hi,
                                                     std::int32_t dir) {
  std::int32_t b = 0, e = M;
  while (b < e) {
    const std::int32_t mid = b + (e - b) / 2;
    const SwapRecord& r = swaps(mid);
    const bool below = r.lo != lo ? r.lo < lo : r.hi != hi ? r.hi < hi : r.dir < dir;
    if (below) b = mid + 1; else e = mid;
  }
  return b;
}

// Writes seqpos and returns the node of every sequence position, moves paired into swaps.
template <class ExecSpace>
Kokkos::View<vid_t*, typename ExecSpace::memory_space> swap_sequence(
    const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
    const SortedMoves<typename ExecSpace::memory_space>& sorted, const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int32_t M = sorted.count;
  auto moves = sorted.moves;
  const Kokkos::View<SwapRecord*, mem> swaps = head(buf.swaps, M);
  Kokkos::parallel_for(
      "tessera::part::swap_fill", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
        const part_t a = moves(i).from, b = lv.move_to(moves(i).node);
        swaps(i) = SwapRecord{a < b ? a : b, a < b ? b : a, a < b ? 0 : 1, moves(i).gain, moves(i).node,
                              static_cast<std::int32_t>(i)};
      });
  tessera::detail::sort_with(space, swaps, SwapOrder{});
  const Kokkos::View<ChainRecord*, mem> seq = head(buf.seq, M);
  Kokkos::parallel_for(
      "tessera::part::swap_pair", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t t) {
        const SwapRecord r = swaps(t);
        const std::int32_t rank = static_cast<std::int32_t>(t) - swap_group_start(swaps, M, r.lo, r.hi, r.dir);
        // The opposite direction's moves: [group start of 1 - dir, group start of 2 - dir).
        const std::int32_t other = swap_group_start(swaps, M, r.lo, r.hi, 1 - r.dir);
        const std::int32_t other_end = swap_group_start(swaps, M, r.lo, r.hi, 2 - r.dir);
        if (rank < other_end - other) {
          const std::int32_t partner = other + rank;
          const std::int32_t pair_head = r.dir == 0 ? static_cast<std::int32_t>(t) : partner;
          seq(t) = ChainRecord{r.gain + swaps(partner).gain, 0, pair_head, r.dir, r.move};
        } else {
          seq(t) = ChainRecord{r.gain, 1, static_cast<std::int32_t>(t), 0, r.move};
        }
      });
  return order_sequence(space, sorted, buf);
}

}  // namespace tessera::partitioning::detail
