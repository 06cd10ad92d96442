#pragma once
// A chain of short parallel steps run by one team in one kernel. Where each step covers a few
// thousand elements, a kernel launch per step costs more than the step (about 10 us on an H200
// against a microsecond of work): the steps then become sweeps of one team over their range,
// separated by team barriers, and the chain is one launch.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>

#include "core/kokkos_ext/launch.hpp"

namespace tessera::detail {

// f(i) for every i in [0, n) by the team's threads, then a barrier (the next sweep sees all writes).
template <class Member, class Functor>
KOKKOS_INLINE_FUNCTION void team_sweep(const Member& team, const std::int64_t n, const Functor& f) {
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), f);
  team.team_barrier();
}

// An exclusive scan by the team's threads: f(i, partial, final) as Kokkos::parallel_scan's body,
// then a barrier.
template <class Member, class Functor>
KOKKOS_INLINE_FUNCTION void team_scan_sweep(const Member& team, const std::int64_t n, const Functor& f) {
  Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, n), f);
  team.team_barrier();
}

// Launches `chain` (operator()(member)) as one team of the largest size the backend allows it
// (up to 1,024 threads), asynchronously on `space`.
template <class ExecSpace, class Chain>
void launch_one_team(const char* label, const ExecSpace& space, const Chain& chain) {
  using policy = LightTeamPolicy<ExecSpace>;
  const int size = std::min(1024, policy(space, 1, 1).team_size_max(chain, Kokkos::ParallelForTag()));
  Kokkos::parallel_for(label, policy(space, 1, size), chain);
}

}  // namespace tessera::detail
