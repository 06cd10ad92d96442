#pragma once
// Refinement steps 3-4 (paper 3, §VI-C; refine.hpp): the proposed moves sorted, chained into
// paths and cycles and ranked into one sequence (step 5, the exact gain of every move given the
// earlier ones, is sequence_gains.hpp). The sweeps are sequence_sweeps.hpp's; here every sweep is
// a kernel, or, for short sequences on GPUs, all of them run by one team (sequence_one_team.hpp).
// Functors only, no KOKKOS_LAMBDA: the tests instantiate these templates too
// (core/kokkos_ext/instantiate.hpp).
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/refinement/refine.hpp"
#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "algorithms/partitioning/refinement/sequence_one_team.hpp"
#include "algorithms/partitioning/refinement/sequence_sweeps.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/sort_with.hpp"

namespace tessera::partitioning::detail {

// automatic: one team on GPUs for at most k_one_team_max_moves moves (lenet's repetitions made
// ~60 launches each for steps 3-4, ~0.2 of its 0.55 s on an H200), a kernel per sweep otherwise.
// The results are the same either way.
enum class SequenceLaunch { automatic, per_sweep, one_team };
inline constexpr std::int32_t k_one_team_max_moves = 8192;

template <class ExecSpace>
bool use_one_team(const SequenceLaunch launch, const std::int32_t count) {
  if (launch != SequenceLaunch::automatic) return launch == SequenceLaunch::one_team;
  return tessera::detail::is_gpu_space<ExecSpace>() && count <= k_one_team_max_moves;
}

// The link count is read back every k_chain_check_rounds rounds (per-sweep launches only): a
// round without links leaves succ and pred as they were, so every later round links nothing
// either, and checking less often gives the same chains with fewer host synchronisations.
inline constexpr int k_chain_check_rounds = 4;

// Steps 3 and 4 (first half): the proposed moves collected and sorted, then chained (§VI-C): each
// free chain end picks, in a window of moves leaving its destination, the successor of best
// grade; conflicts go to the largest (-penalty, node) by an atomic max; up to chain_rounds rounds
// (0: no chaining, the sequence is by gain only); every cycle is cut at its smallest move. count 0
// when no node proposes a move.
template <class ExecSpace>
ChainedMoves<typename ExecSpace::memory_space> chain_sequence(const ExecSpace& space,
                                                              const RefineView<typename ExecSpace::memory_space>& lv,
                                                              const RefineBuffers<typename ExecSpace::memory_space>& buf,
                                                              const RefinementParams& params,
                                                              const SequenceLaunch launch = SequenceLaunch::automatic) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const vid_t n = lv.num_nodes;
  ChainedMoves<mem> out;
  const std::int32_t M = tessera::detail::chunked_scan<ExecSpace, std::int32_t>(
      "tessera::part::moves_scan", space, n, IndexMoves<mem>{lv.move_to, buf.move_index});
  out.count = M;
  if (M == 0) return out;
  out.moves = head(buf.moves, M);
  out.bucket = buf.bucket;
  out.succ = head(buf.succ, M);
  out.pred = head(buf.pred, M);
  out.on_cycle = head(buf.choice, M);  // choice is free again once the chains are linked
  const ChainSweeps<mem> s = chain_sweeps(lv, out, buf, params.window, params.chain_rounds);
  if (use_one_team<ExecSpace>(launch, M)) {
    tessera::detail::launch_one_team("tessera::part::chain_one_team", space, ChainInOneTeam<ExecSpace>{s});
    return out;
  }
  const part_t k = lv.num_parts;
  Kokkos::parallel_for("tessera::part::moves_fill", range(space, 0, n), s.fill);
  tessera::detail::sort_with(space, out.moves, MoveOrder{});
  Kokkos::parallel_for("tessera::part::bucket", range(space, 0, k + 1), s.buckets);
  Kokkos::parallel_for("tessera::part::chain_reset", range(space, 0, M), s.reset);
  for (int round = 0; round < s.rounds; ++round) {
    tessera::detail::chunked_scan_no_total<ExecSpace, std::int32_t>("tessera::part::chain_free", space, M, s.collect);
    Kokkos::parallel_for("tessera::part::free_bucket", range(space, 0, k + 1), s.free_buckets);
    Kokkos::parallel_for("tessera::part::chain_choose", range(space, 0, M), s.choose);
    Kokkos::parallel_for("tessera::part::chain_link", range(space, 0, M), s.link);
    if ((round + 1) % k_chain_check_rounds == 0 || round + 1 == s.rounds) {
      std::int32_t linked = 0;
      Kokkos::deep_copy(space, linked, buf.linked);
      space.fence();
      if (linked == 0) break;
      Kokkos::deep_copy(space, buf.linked, 0);
    }
  }
  Kokkos::parallel_for("tessera::part::cycle_init", range(space, 0, M), s.start_jumps);
  for (int r = 0; r < jump_rounds(M); ++r)
    Kokkos::parallel_for("tessera::part::cycle_jump", range(space, 0, M), r % 2 == 0 ? s.even : s.odd);
  Kokkos::parallel_for("tessera::part::cycle_cut", range(space, 0, M), s.cut);
  return out;
}

// The sequence: buf.seq's first M records (one per move) sorted by ChainOrder; writes seqpos and
// returns the node of every sequence position.
template <class ExecSpace>
Kokkos::View<vid_t*, typename ExecSpace::memory_space> order_sequence(
    const ExecSpace& space, const SortedMoves<typename ExecSpace::memory_space>& sorted,
    const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int32_t M = sorted.count;
  const Kokkos::View<ChainRecord*, mem> seq = head(buf.seq, M);
  tessera::detail::sort_with(space, seq, ChainOrder{});
  const Kokkos::View<vid_t*, mem> seq_node = head(buf.seq_node, M);
  Kokkos::deep_copy(space, buf.seqpos, -1);
  Kokkos::parallel_for("tessera::part::seq_pos", range(space, 0, M), PlaceSequence<mem>{sorted.moves, seq, seq_node, buf.seqpos});
  return seq_node;
}

// Step 4 (second half): rank each move in its chain (pointer jumping), sort by (-chain gain,
// chain head, position), with the moves of cut cycles first when cycles_first; writes seqpos and
// returns the node of every sequence position.
template <class ExecSpace>
Kokkos::View<vid_t*, typename ExecSpace::memory_space> rank_chains(
    const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
    const ChainedMoves<typename ExecSpace::memory_space>& chained, const RefineBuffers<typename ExecSpace::memory_space>& buf,
    const bool cycles_first, const SequenceLaunch launch = SequenceLaunch::automatic) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int32_t M = chained.count;
  const RankSweeps<mem> s = rank_sweeps(lv.num_nodes, chained, buf, cycles_first);
  if (use_one_team<ExecSpace>(launch, M)) {
    tessera::detail::launch_one_team("tessera::part::rank_one_team", space, RankInOneTeam<ExecSpace>{s});
    return head(buf.seq_node, M);
  }
  Kokkos::parallel_for("tessera::part::rank_init", range(space, 0, M), s.start);
  for (int r = 0; r < jump_rounds(M); ++r)
    Kokkos::parallel_for("tessera::part::rank_jump", range(space, 0, M), r % 2 == 0 ? s.even : s.odd);
  Kokkos::parallel_for("tessera::part::chain_total", range(space, 0, M), s.sum);
  Kokkos::parallel_for("tessera::part::seq_fill", range(space, 0, M), s.fill);
  return order_sequence(space, chained, buf);
}

}  // namespace tessera::partitioning::detail
