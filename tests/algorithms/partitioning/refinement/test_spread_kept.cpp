// RefinementStats::spread_kept and level_cost (refine.hpp), which the driver's spread-or-exact
// uncoarsening (multilevel/uncoarsen.hpp) relies on: the exact variant is skipped while the spread
// phase keeps nothing, because the level then ends as exact refinement alone leaves it.
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

namespace {

template <class Space>
Kokkos::View<part_t*, typename Space::memory_space> device_parts(const std::vector<part_t>& p) {
  Kokkos::View<part_t*, typename Space::memory_space> parts("parts", p.size());
  auto ph = Kokkos::create_mirror_view(parts);
  std::copy(p.begin(), p.end(), ph.data());
  Kokkos::deep_copy(parts, ph);
  return parts;
}

template <class View>
std::vector<part_t> host_parts(const View& parts) {
  auto ph = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, parts);
  return std::vector<part_t>(ph.data(), ph.data() + ph.extent(0));
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("refinement: spread_kept, and exact refinement equals spread refinement without it", Space,
                          spread_kept_cases) {
  using mem = typename Space::memory_space;
  const auto host = test::random_local_hypergraph(400, 700, 5, 11, false);
  auto h = mirror_hypergraph<mem>(host);
  const auto L = test::host_built_level(h);
  partitioning::PartitionLimits limits;
  limits.max_block_weight = 50;
  limits.max_inbound = 400;
  limits.check_inbound = true;
  const part_t k = 10;
  std::vector<part_t> round_robin(host.num_nodes);
  for (vid_t v = 0; v < host.num_nodes; ++v) round_robin[v] = v % k;
  auto ws = partitioning::make_refine_workspace(Space{}, L, k, limits);
  partitioning::RefinementParams spread, exact;
  spread.spread_saving = true;

  // A round-robin start: the spread phase moves nodes and is kept.
  auto parts = device_parts<Space>(round_robin);
  const partitioning::PartitionCost start = partitioning::level_cost(Space{}, L, parts, k, limits, ws);
  CHECK(start.violations == 0);
  CHECK(start.blocks == 10);
  const auto stats = partitioning::refine(Space{}, L, parts, k, limits, spread, ws);
  CHECK(stats.spread_kept);
  const partitioning::PartitionCost end = partitioning::level_cost(Space{}, L, parts, k, limits, ws);
  CHECK(end < start);

  // Refined again until the spread phase keeps nothing: the level then ends exactly as exact
  // refinement alone leaves it from the same start.
  int calls = 1;
  for (; calls < 10; ++calls) {
    const auto start_parts = host_parts(parts);
    auto exact_parts = device_parts<Space>(start_parts);
    const auto again = partitioning::refine(Space{}, L, parts, k, limits, spread, ws);
    if (again.spread_kept) continue;
    partitioning::refine(Space{}, L, exact_parts, k, limits, exact, ws);
    CHECK(host_parts(parts) == host_parts(exact_parts));
    break;
  }
  CHECK(calls == 2);
}
TEST_CASE_TEMPLATE_APPLY(spread_kept_cases, tessera::test::ExecSpaces);
