// Where k-way uncoarsening starts (multilevel/kway_start.hpp, uncoarsen.hpp: carry_candidates):
// several hierarchies and initial candidates decided at a finer level. Exact cuts measured once
// (OpenMP and serial agree), every block within Omega, the same partition on every execution
// space; one hierarchy and one candidate is the plain start; the options belong to the k-way mode.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <tuple>

#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"
#include "algorithms/partitioning/multilevel/partition_options.hpp"
#include "core/error.hpp"
#include "tests/algorithms/partitioning/given_options.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

PartitionParams start_params(int k, const std::string& hierarchies, const std::string& candidates) {
  PartitionParams p;
  p.mode = PartitionMode::kway;
  p.k = k;
  p.epsilon = 0.03;
  p.initial_trials = 4;  // keeps the test quick
  p.scheme = KwayScheme::direct;
  apply_partition_option(p, "hierarchies", hierarchies);
  apply_partition_option(p, "candidates-kept", candidates);
  apply_partition_option(p, "candidate-level", "4");
  return p;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("k-way start: hierarchies and candidates, exact cuts, balanced, identical across spaces", Space,
                          kway_start_cases) {
  using mem = typename Space::memory_space;
  const auto host = test::random_local_hypergraph(1500, 2200, 6, 33);
  auto h = mirror_hypergraph<mem>(host);
  // (k, hierarchies, candidates) -> cut, measured once.
  const std::map<std::tuple<int, std::string, std::string>, double> expected = {
      {{2, "1", "1"}, 49}, {{2, "3", "2"}, 49}, {{4, "1", "1"}, 131},
      {{4, "1", "3"}, 122}, {{4, "3", "1"}, 122}, {{4, "2", "3"}, 122}};
  for (const auto& [key, cut] : expected) {
    const auto& [k, hierarchies, candidates] = key;
    const PartitionParams p = start_params(k, hierarchies, candidates);
    const auto r = partition_hypergraph(Space{}, h, p);
    const auto q = evaluate_partition(Space{}, h, Kokkos::View<const part_t*, mem>(r.parts), constraints_of(p));
    const std::string what = "k = " + std::to_string(k) + ", hierarchies " + hierarchies + ", candidates " + candidates;
    CHECK_MESSAGE(q.valid, what);
    CHECK_MESSAGE(q.cut_net == cut, what << ": cut " << q.cut_net);
    const auto on_host = partition_hypergraph(Kokkos::DefaultHostExecutionSpace{}, host, p);
    CHECK_MESSAGE(test::to_vector(on_host.parts) == test::to_vector(r.parts), what);
  }
}
TEST_CASE_TEMPLATE_APPLY(kway_start_cases, tessera::test::ExecSpaces);

TEST_CASE("k-way start: one hierarchy and one candidate is the plain multilevel start") {
  const auto host = test::random_local_hypergraph(1500, 2200, 6, 33);
  PartitionParams plain = start_params(4, "1", "1");
  plain.candidate_level_ratio = PartitionParams{}.candidate_level_ratio;
  PartitionParams other_level = start_params(4, "1", "1");  // the decision level is not used
  const auto a = partition_hypergraph(Kokkos::DefaultHostExecutionSpace{}, host, plain);
  const auto b = partition_hypergraph(Kokkos::DefaultHostExecutionSpace{}, host, other_level);
  CHECK(test::to_vector(a.parts) == test::to_vector(b.parts));
  // The kept hierarchy's levels are reported, the finest first.
  REQUIRE(!a.level_nodes.empty());
  CHECK(a.level_nodes.front() == 1500);
}

TEST_CASE("k-way start: the options belong to the k-way mode") {
  const auto given = &tessera::test::given_options;
  const PartitionParams d;
  CHECK_FALSE(d.hierarchies.has_value());  // auto
  CHECK(d.initial_candidates == 1);
  CHECK(d.candidate_level_ratio == 16);
  const auto p = partition_params(given({{"k", "4"}, {"hierarchies", "3"}, {"candidates-kept", "2"}, {"candidate-level", "16"}}), true);
  CHECK(p.hierarchies == 3);
  CHECK_FALSE(partition_params(given({{"k", "4"}, {"hierarchies", "auto"}}), true).hierarchies.has_value());
  CHECK(p.initial_candidates == 2);
  CHECK(p.candidate_level_ratio == 16);
  CHECK_THROWS_AS(partition_params(given({{"max-size", "64"}, {"hierarchies", "2"}}), true), UserError);
  CHECK_THROWS_AS(partition_params(given({{"max-size", "64"}, {"candidates-kept", "2"}}), true), UserError);
  CHECK_THROWS_AS(partition_params(given({{"k", "4"}, {"hierarchies", "0"}}), true), UserError);
  CHECK_THROWS_AS(partition_params(given({{"k", "4"}, {"candidates-kept", "65"}}), true), UserError);
  CHECK_THROWS_AS(partition_params(given({{"k", "4"}, {"candidate-level", "0.5"}}), true), UserError);
}

// auto (the default): one hierarchy at k = 2 (issue 25's time at its quality), four otherwise.
TEST_CASE("k-way start: auto hierarchies are 1 at k = 2 and 4 at k = 4") {
  const auto host = test::random_local_hypergraph(1500, 2200, 6, 33);
  for (const auto& [k, h] : {std::pair<int, std::string>{2, "1"}, {4, "4"}}) {
    CAPTURE(k);
    const auto a = partition_hypergraph(Kokkos::DefaultHostExecutionSpace{}, host, start_params(k, "auto", "1"));
    const auto b = partition_hypergraph(Kokkos::DefaultHostExecutionSpace{}, host, start_params(k, h, "1"));
    CHECK(test::to_vector(a.parts) == test::to_vector(b.parts));
  }
}
