// sum_teams_into, and team reductions back to back inside a team kernel: Kokkos 3.4's CUDA team
// reduction left without a barrier, so a warp already in the next reduction could overwrite a
// partial a slower warp was still reading (cmake/patches/0008; it lost up to 140,000 of kron20's
// triangles in the hub kernel). Teams of 8 warps, many rounds: the race, where it is, shows as a
// wrong round total.
#include <doctest/doctest.h>

#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/team_sum.hpp"
#include "tests/support/spaces.hpp"

TEST_CASE_TEMPLATE_DEFINE("back-to-back team reductions inside sum_teams_into are exact", Space, team_sum_cases) {
  using policy = Kokkos::TeamPolicy<Space>;
  using member = typename policy::member_type;
  using tessera::count_t;
  constexpr bool gpu = tessera::detail::is_gpu_space<Space>();
  const int league = 4096, rounds = 32, range = 100;
  Kokkos::View<count_t, typename Space::memory_space> wrong("wrong"), total("total");
  tessera::detail::sum_teams_into(
      "test::repeated_team_reduce", policy(Space{}, league, gpu ? 8 : 1, gpu ? 32 : 1),
      KOKKOS_LAMBDA(const member& team, count_t& bad) {
        for (int r = 1; r <= rounds; ++r) {
          count_t got = 0;
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, range),
              [&](const int i, count_t& s) { s += count_t(i) * r + count_t(team.league_rank()); }, got);
          const count_t want = count_t(range) * (range - 1) / 2 * r + count_t(range) * team.league_rank();
          if (got != want) ++bad;  // the same on every lane: the reduction's result is
        }
      },
      wrong);
  tessera::detail::sum_teams_into(
      "test::team_sum", policy(Space{}, league, gpu ? 8 : 1, gpu ? 32 : 1),
      KOKKOS_LAMBDA(const member& team, count_t& sum) { sum += count_t(team.league_rank()) + 1; }, total);
  auto w = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, wrong);
  auto t = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, total);
  CHECK(w() == 0);
  // Every thread adds its team's rank + 1 once: the team sum counts threads, not lanes.
  CHECK(t() == count_t(league) * (league + 1) / 2 * (gpu ? 8 : 1));
}
TEST_CASE_TEMPLATE_APPLY(team_sum_cases, tessera::test::ExecSpaces);
