// k-way V-cycles (multilevel/vcycle.hpp, coarsening/block_constraint.hpp): cycles after the first
// keep the partition balanced, never increase connectivity (each cycle only refines a partition
// that projects unchanged onto its coarse levels), give the same partition on every execution
// space, and the option belongs to the k-way mode.
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <string>

#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"
#include "algorithms/partitioning/multilevel/partition_options.hpp"
#include "core/error.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"
#include "tests/algorithms/partitioning/given_options.hpp"

using namespace tessera;

TEST_CASE_TEMPLATE_DEFINE("k-way V-cycles: balanced, never worse, identical across spaces", Space, vcycle_cases) {
  using mem = typename Space::memory_space;
  const auto host = test::random_local_hypergraph(600, 900, 6, 21);
  auto h = mirror_hypergraph<mem>(host);
  auto hh = mirror_hypergraph<Kokkos::HostSpace>(host);
  // (k, vcycles) -> connectivity, measured once (OpenMP and serial agree).
  const std::map<std::pair<int, int>, double> expected = {
      {{2, 0}, 73}, {{2, 3}, 73}, {{4, 0}, 194}, {{4, 3}, 190}};
  for (const int k : {2, 4}) {
    double previous = 0;
    for (const int cycles : {0, 3}) {
      PartitionParams p;
      p.mode = PartitionMode::kway;
      p.k = k;
      p.epsilon = 0.03;
      p.coarsening.kway_nodes_per_block = 20;  // a few levels per cycle
      // A weak first cycle (one initial trial, no FM), so that the V-cycles have work to do.
      p.initial_trials = 1;
      // One hierarchy: the plain multilevel start, as measured before kway_start.hpp (tested there).
      p.hierarchies = 1;
      p.initial_fm = false;
      p.level_fm_nodes = 0;
      // The direct scheme's V-cycles (recursive bisection, the k = 4 default, has its own test).
      p.scheme = KwayScheme::direct;
      p.initial = KwayInitial::direct;
      apply_partition_option(p, "vcycles", std::to_string(cycles));
      const auto r = partition_hypergraph(Space{}, h, p);
      const auto q = evaluate_partition(Space{}, h, Kokkos::View<const part_t*, mem>(r.parts), constraints_of(p));
      CHECK_MESSAGE(q.valid, "k = " << k << ", vcycles = " << cycles);
      CHECK_MESSAGE(q.connectivity == expected.at({k, cycles}), "k = " << k << ", vcycles = " << cycles);
      if (cycles > 0) CHECK(q.connectivity <= previous);
      previous = q.connectivity;
      const auto on_host = partition_hypergraph(Kokkos::DefaultHostExecutionSpace{}, hh, p);
      CHECK_MESSAGE(test::to_vector(on_host.parts) == test::to_vector(r.parts), "k = " << k << ", vcycles = " << cycles);
    }
  }
}
TEST_CASE_TEMPLATE_APPLY(vcycle_cases, tessera::test::ExecSpaces);

TEST_CASE("k-way V-cycles: the option belongs to the k-way mode") {
  const auto given = &tessera::test::given_options;
  CHECK(partition_params(given({{"k", "4"}, {"vcycles", "5"}}), true).vcycles == 5);
  CHECK_THROWS_AS(partition_params(given({{"max-size", "64"}, {"vcycles", "7"}}), true), UserError);
  CHECK_THROWS_AS(partition_params(given({{"k", "4"}, {"vcycles", "65"}}), true), UserError);
}
