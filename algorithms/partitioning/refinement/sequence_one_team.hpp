#pragma once
// Steps 3-4 of refinement (sequence.hpp) for short sequences on GPUs: the sweeps of
// sequence_sweeps.hpp run one after the other by one team, two launches a sequence (chains, then
// ranking) instead of ~60. The same sweeps in the same order as the per-sweep kernels, with team
// barriers where the kernels end, so the chains and the sequence are the same; only the early stop
// of the chaining rounds is checked every round instead of every k_chain_check_rounds (a round
// without links changes nothing, so this too gives the same chains).
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "algorithms/partitioning/refinement/sequence_sweeps.hpp"
#include "core/kokkos_ext/kokkos_kernels_compat.hpp"
#include "core/kokkos_ext/one_team.hpp"

namespace tessera::partitioning::detail {

template <class ExecSpace>
struct ChainInOneTeam {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  ChainSweeps<typename ExecSpace::memory_space> s;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    using tessera::detail::team_scan_sweep;
    using tessera::detail::team_sweep;
    const std::int64_t M = s.count, k = s.fill.lv.num_parts;
    team_sweep(team, s.fill.lv.num_nodes, s.fill);
    tessera::kk_compat::team_sort_with(team, s.fill.moves, MoveOrder{});
    team.team_barrier();
    team_sweep(team, k + 1, s.buckets);
    team_sweep(team, M, s.reset);
    for (int round = 0; round < s.rounds; ++round) {
      team_scan_sweep(team, M, s.collect);
      team_sweep(team, k + 1, s.free_buckets);
      team_sweep(team, M, s.choose);
      team_sweep(team, M, s.link);
      const std::int32_t linked = s.link.c.linked();
      team.team_barrier();  // every thread has read the count before it is cleared
      if (linked == 0) break;
      // The next links are counted three barriers later.
      Kokkos::single(Kokkos::PerTeam(team), [&]() { s.link.c.linked() = 0; });
    }
    team_sweep(team, M, s.start_jumps);
    for (int r = 0; r < jump_rounds(s.count); ++r) team_sweep(team, M, r % 2 == 0 ? s.even : s.odd);
    team_sweep(team, M, s.cut);
  }
};

template <class ExecSpace>
struct RankInOneTeam {
  using member_type = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  RankSweeps<typename ExecSpace::memory_space> s;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    using tessera::detail::team_sweep;
    const std::int64_t M = s.count;
    team_sweep(team, M, s.start);
    for (int r = 0; r < jump_rounds(s.count); ++r) team_sweep(team, M, r % 2 == 0 ? s.even : s.odd);
    team_sweep(team, M, s.sum);
    team_sweep(team, M, s.fill);
    tessera::kk_compat::team_sort_with(team, s.seq, ChainOrder{});
    team.team_barrier();
    team_sweep(team, s.num_nodes, s.clear);
    team_sweep(team, M, s.place);
  }
};

}  // namespace tessera::partitioning::detail
