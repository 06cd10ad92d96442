// Stalled repetitions retried with cycles first and with pairwise swaps (refine.cpp, swaps.hpp;
// issue 24): with every block exactly full no single move is valid, only exchanges are.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "algorithms/partitioning/refinement/refine.hpp"
#include "core/hypergraph/hypergraph.hpp"
#include "tests/algorithms/partitioning/host_built_level.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

TEST_CASE_TEMPLATE_DEFINE("refinement: full blocks improve only through swaps", Space, swap_cases) {
  using mem = typename Space::memory_space;
  const auto host = test::random_local_hypergraph(400, 700, 5, 11, false);
  auto h = mirror_hypergraph<mem>(host);
  const auto L = test::host_built_level(h);
  partitioning::PartitionLimits limits;
  limits.max_block_weight = 50;  // 8 blocks of exactly 50 nodes: no slack
  limits.max_inbound = 400;
  limits.check_inbound = true;
  const part_t k = 8;
  auto ws = partitioning::make_refine_workspace(Space{}, L, k, limits);
  Kokkos::View<part_t*, mem> parts("parts", host.num_nodes);
  auto ph = Kokkos::create_mirror_view(parts);
  for (vid_t v = 0; v < host.num_nodes; ++v) ph(v) = v % k;
  Kokkos::deep_copy(parts, ph);
  // Refined without the retries until a call applies nothing: the ranking by chain gain is stuck.
  partitioning::RefinementParams plain;
  plain.stalled_retries = false;
  int calls = 0;
  while (partitioning::refine(Space{}, L, parts, k, limits, plain, ws).applied_moves > 0 && calls < 20) ++calls;
  const auto stuck = partitioning::level_cost(Space{}, L, parts, k, limits, ws);
  CHECK(calls == 2);
  CHECK(stuck.connectivity == 1261);
  // The retries find exchanges that keep every block at 50.
  partitioning::RefinementParams retries;
  retries.stalled_retries = true;
  const auto stats = partitioning::refine(Space{}, L, parts, k, limits, retries, ws);
  const auto cost = partitioning::level_cost(Space{}, L, parts, k, limits, ws);
  CHECK(stats.applied_moves == 104);
  CHECK(cost.violations == 0);
  CHECK(cost.blocks == 8);
  CHECK(cost.connectivity == 1069);
}
TEST_CASE_TEMPLATE_APPLY(swap_cases, tessera::test::ExecSpaces);
