// Flow refinement in the k-way pipeline (flow/flow_refine via multilevel/uncoarsen.hpp): with and
// without it at k = 2 and 4 (direct scheme), exact cuts measured once (OpenMP and serial agree),
// every block within Omega, the same partition on every execution space; --flow-alpha belongs to
// the k-way mode and is checked.
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <string>
#include <tuple>

#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"
#include "algorithms/partitioning/multilevel/partition_options.hpp"
#include "core/error.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"
#include "tests/algorithms/partitioning/given_options.hpp"

using namespace tessera;

TEST_CASE_TEMPLATE_DEFINE("k-way flow refinement: exact cuts with and without, balanced, identical across spaces", Space,
                          flow_pipeline_cases) {
  using mem = typename Space::memory_space;
  const auto host = test::random_local_hypergraph(800, 1200, 6, 21);
  auto h = mirror_hypergraph<mem>(host);
  // (k, flow alpha) -> cut, measured once.
  const std::map<std::pair<int, std::string>, double> expected = {
      {{2, "0"}, 60}, {{2, "16"}, 60}, {{4, "0"}, 161}, {{4, "16"}, 132}};
  for (const int k : {2, 4}) {
    for (const std::string alpha : {"0", "16"}) {
      PartitionParams p;
      p.mode = PartitionMode::kway;
      p.k = k;
      p.epsilon = 0.03;
      p.initial_trials = 4;  // keeps the test quick
      // One hierarchy: the plain multilevel start, as measured before kway_start.hpp (tested there).
      p.hierarchies = 1;
      p.scheme = KwayScheme::direct;
      p.initial = KwayInitial::direct;
      apply_partition_option(p, "flow-alpha", alpha);
      const auto r = partition_hypergraph(Space{}, h, p);
      const auto q = evaluate_partition(Space{}, h, Kokkos::View<const part_t*, mem>(r.parts), constraints_of(p));
      CHECK_MESSAGE(q.valid, "k = " << k << ", alpha " << alpha);
      CHECK_MESSAGE(q.cut_net == expected.at({k, alpha}), "k = " << k << ", alpha " << alpha);
      const auto on_host = partition_hypergraph(Kokkos::DefaultHostExecutionSpace{}, host, p);
      CHECK_MESSAGE(test::to_vector(on_host.parts) == test::to_vector(r.parts), "k = " << k << ", alpha " << alpha);
    }
  }
}
TEST_CASE_TEMPLATE_APPLY(flow_pipeline_cases, tessera::test::ExecSpaces);

TEST_CASE("k-way flow refinement: the option belongs to the k-way mode") {
  const auto given = &tessera::test::given_options;
  CHECK(PartitionParams{}.flow_alpha == 16);
  CHECK(partition_params(given({{"k", "4"}, {"flow-alpha", "8"}}), true).flow_alpha == 8);
  CHECK(partition_params(given({{"k", "2"}, {"flow-alpha", "0"}}), true).flow_alpha == 0);
  CHECK_THROWS_AS(partition_params(given({{"max-size", "64"}, {"flow-alpha", "8"}}), true), UserError);
  CHECK_THROWS_AS(partition_params(given({{"k", "4"}, {"flow-alpha", "-1"}}), true), UserError);
  CHECK_THROWS_AS(partition_params(given({{"k", "4"}, {"flow-alpha", "x"}}), true), UserError);
}
