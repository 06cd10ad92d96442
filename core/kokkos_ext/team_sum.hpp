#pragma once
// A TeamPolicy kernel's count summed into a device scalar by one atomic per team, instead of
// Kokkos::parallel_reduce.
//
// Why: Kokkos' CUDA team reduction (3.4, and the inter-block code 4.x keeps) ends with one warp of
// the last block to finish reading every block's partial from global memory through a volatile
// pointer, 32 per step, each step a round trip to L2: a serial tail of about 450 cycles per 32
// blocks, during which the rest of the GPU is idle. Nsight Compute on the TC count kernel
// (ego-Facebook, 8,448 blocks, H100; measurements/2026-12-05-late/run5): 229 k elapsed cycles of
// which the multiprocessors were active 109 k, the last block's 264-step loop the difference, so
// the kernel took 116 us where G2Miner's, with 1.5x fewer instructions and an atomic per block,
// took 38 us. Team reductions are capped at 32,768 blocks, so the tail reaches 0.2 ms.
//
// `body(team, value)` is the functor or lambda one would give parallel_reduce, with one rule:
// every vector lane of a thread adds the same amount (the thread's count, as a Kokkos vector
// reduction leaves it on every lane; a count held by one lane only, as Kokkos::single(PerThread)
// leaves it, would be lost on GPUs). The team's threads are summed and one lane adds the total.
#include <Kokkos_Core.hpp>

#include "core/kokkos_ext/atomics.hpp"
#include "core/types.hpp"

namespace tessera::detail {

template <class Member, class Body, class MemorySpace>
struct TeamSumInto {
  Body body;
  Kokkos::View<count_t, MemorySpace> sum;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    count_t mine = 0;  // the same on every lane of this thread
    body(team, mine);
    count_t team_total = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, team.team_size()), [&](const int, count_t& s) { s += mine; }, team_total);
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      if (team_total != 0) atomic_add(sum.data(), team_total);
    });
  }
};

// Adds the kernel's count to `sum` (not reset here) without waiting for it. The caller keeps
// `sum` across launches: allocating a scalar per launch (an allocation and a fill kernel) cost the
// mining engine more than the tail saved.
template <class Policy, class Body, class MemorySpace>
void sum_teams_into(const char* label, const Policy& policy, const Body& body, const Kokkos::View<count_t, MemorySpace>& sum) {
  using member = typename Policy::member_type;
  Kokkos::parallel_for(label, policy, TeamSumInto<member, Body, MemorySpace>{body, sum});
}

}  // namespace tessera::detail
