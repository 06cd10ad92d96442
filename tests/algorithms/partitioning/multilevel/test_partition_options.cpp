// The partitioner's option table (multilevel/partition_options): parsing and validation, and
// every ablation switch and parameter still giving valid, deterministic partitions.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"
#include "algorithms/partitioning/multilevel/partition_options.hpp"
#include "core/error.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "tests/algorithms/partitioning/given_options.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

using test::given_options;
const auto given = &given_options;

TEST_CASE("partition options: names, defaults and validation") {
  PartitionParams p;
  apply_partition_option(p, "candidates", "8");
  CHECK(p.coarsening.candidates == 8);
  apply_partition_option(p, "repetitions", "4");
  CHECK(p.refinement.repetitions == 4);
  apply_partition_option(p, "matching", "greedy");
  CHECK(p.coarsening.matching == partitioning::MatchingKind::greedy);
  CHECK(p.coarsening.neighbors == NeighborRows::automatic);
  apply_partition_option(p, "neighbors", "off");
  CHECK(p.coarsening.neighbors == NeighborRows::streamed);
  apply_partition_option(p, "neighbors", "on");
  CHECK(p.coarsening.neighbors == NeighborRows::materialised);
  apply_partition_option(p, "neighbors", "AUTO");
  CHECK(p.coarsening.neighbors == NeighborRows::automatic);
  apply_partition_option(p, "neighbors", "off");
  apply_partition_option(p, "chaining", "off");
  CHECK(p.refinement.chain_rounds == 0);
  apply_partition_option(p, "algorithm", "one-pass");
  CHECK(p.algorithm == PartitionAlgorithm::one_pass);
  apply_partition_option(p, "initial_fm", "0");  // YAML spelling
  CHECK(!p.initial_fm);
  apply_partition_option(p, "fewest-blocks", "off");
  CHECK(p.fewest_blocks == FewestBlocks::off);
  apply_partition_option(p, "fewest-blocks", "on");  // the switch's meaning before dissolve
  CHECK(p.fewest_blocks == FewestBlocks::search);
  apply_partition_option(p, "fewest-blocks", "dissolve");
  CHECK(p.fewest_blocks == FewestBlocks::dissolve);
  for (const auto& o : partition_options())
    if (o.name == "fewest-blocks") CHECK(o.show(p) == "dissolve");
  apply_partition_option(p, "fewest-blocks", "auto");
  CHECK(!p.fewest_blocks.has_value());
  CHECK_THROWS_AS(apply_partition_option(p, "fewest-blocks", "maybe"), UserError);
  CHECK_THROWS_AS(apply_partition_option(p, "candidates", "9"), UserError);
  CHECK_THROWS_AS(apply_partition_option(p, "candidates", "4x"), UserError);
  CHECK_THROWS_AS(apply_partition_option(p, "matching", "best"), UserError);
  CHECK_THROWS_AS(apply_partition_option(p, "algorithm", "hmetis"), UserError);
  CHECK_THROWS_AS(apply_partition_option(p, "stall-fraction", "2"), UserError);
  CHECK_THROWS_AS(apply_partition_option(p, "no-such-option", "1"), UserError);
  // Every default, applied to parameters set away from their defaults, restores them: the
  // option defaults are the structs' (show(PartitionParams{})), not a second copy.
  PartitionParams d = p;
  d.fewest_blocks = FewestBlocks::off;
  d.coarsening.stall_fraction = 0.5;
  d.seed = 7;
  d.runs = 3;
  d.coarsening.weight_penalty = 2;
  d.initial_trials = 3;
  for (const auto& o : partition_options()) {
    CHECK_MESSAGE(o.default_value == o.show(PartitionParams{}), o.name);
    apply_partition_option(d, o.name, o.default_value);
    CHECK_MESSAGE(o.show(d) == o.default_value, o.name);
  }
  const PartitionParams fresh;
  CHECK(d.fewest_blocks == fresh.fewest_blocks);
  CHECK(d.coarsening.weight_penalty == fresh.coarsening.weight_penalty);
  CHECK(d.initial_trials == fresh.initial_trials);
  CHECK(d.initial_fm == fresh.initial_fm);
  CHECK(d.coarsening.candidates == fresh.coarsening.candidates);
  CHECK(d.refinement.repetitions == fresh.refinement.repetitions);
  CHECK(d.refinement.chain_rounds == fresh.refinement.chain_rounds);
  CHECK(d.coarsening.stall_fraction == fresh.coarsening.stall_fraction);
  CHECK(d.coarsening.neighbors == fresh.coarsening.neighbors);
  CHECK(d.coarsening.matching == fresh.coarsening.matching);
  CHECK(d.algorithm == fresh.algorithm);
  CHECK(d.seed == fresh.seed);
  CHECK(d.runs == fresh.runs);
}

TEST_CASE_TEMPLATE_DEFINE("partition options: every ablation and parameter gives valid partitions", Space, ablation_cases) {
  using mem = typename Space::memory_space;
  const auto host = test::random_local_hypergraph(500, 800, 6, 13);
  auto h = mirror_hypergraph<mem>(host);
  auto hh = mirror_hypergraph<Kokkos::HostSpace>(host);
  const std::vector<std::pair<const char*, const char*>> settings = {
      {"candidates", "1"}, {"candidates", "8"}, {"repetitions", "0"}, {"repetitions", "4"},
      {"matching", "greedy"}, {"neighbors", "off"}, {"chaining", "off"}, {"stall-fraction", "0"},
      {"weight-penalty", "2"}, {"weight-penalty", "auto"}};
  for (const auto& setting : settings) {  // named, not bound: CHECK captures them (C++20 for bindings)
    const char* name = setting.first;
    const char* value = setting.second;
    PartitionParams p;
    p.mode = PartitionMode::constrained;
    p.max_block_weight = 24;
    p.max_inbound_nets = 40;
    apply_partition_option(p, name, value);
    const auto r = partition_hypergraph(Space{}, h, p);
    const auto q = evaluate_partition(Space{}, h, Kokkos::View<const part_t*, mem>(r.parts), constraints_of(p));
    CHECK_MESSAGE(q.valid, name << " = " << value);
    CHECK(q.k == r.num_parts);
    const auto on_host = partition_hypergraph(Kokkos::DefaultHostExecutionSpace{}, hh, p);
    CHECK_MESSAGE(test::to_vector(on_host.parts) == test::to_vector(r.parts), name << " = " << value);
  }
}
TEST_CASE_TEMPLATE_APPLY(ablation_cases, tessera::test::ExecSpaces);

// k-way parameters for the small random hypergraphs below: a few levels to refine on.
static PartitionParams small_kway_params(part_t k) {
  PartitionParams p;
  p.mode = PartitionMode::kway;
  p.k = k;
  p.epsilon = 0.03;
  p.coarsening.kway_nodes_per_block = 20;
  return p;
}

// k-way level FM (host FM after each level's parallel refinement), off and on: balanced (valid)
// and identical across execution spaces, on a hypergraph coarsened over several levels.
TEST_CASE_TEMPLATE_DEFINE("partition options: k-way level FM on and off give balanced, identical partitions", Space,
                          level_fm_cases) {
  using mem = typename Space::memory_space;
  const auto host = test::random_local_hypergraph(600, 900, 6, 21);
  auto h = mirror_hypergraph<mem>(host);
  auto hh = mirror_hypergraph<Kokkos::HostSpace>(host);
  for (const char* value : {"0", "262144"}) {
    PartitionParams p = small_kway_params(4);
    apply_partition_option(p, "level-fm", value);
    const auto r = partition_hypergraph(Space{}, h, p);
    const auto q = evaluate_partition(Space{}, h, Kokkos::View<const part_t*, mem>(r.parts), constraints_of(p));
    CHECK_MESSAGE(q.valid, "level-fm = " << value);
    CHECK(r.refined_levels.size() >= 2);
    const auto on_host = partition_hypergraph(Kokkos::DefaultHostExecutionSpace{}, hh, p);
    CHECK_MESSAGE(test::to_vector(on_host.parts) == test::to_vector(r.parts), "level-fm = " << value);
  }
}
TEST_CASE_TEMPLATE_APPLY(level_fm_cases, tessera::test::ExecSpaces);

TEST_CASE("partition options: k-way objective, cut by default, km1 on request, k-way mode only") {
  CHECK(PartitionParams{}.objective == partitioning::KwayObjective::cut);
  CHECK(partition_params(given({{"k", "4"}, {"objective", "km1"}}), true).objective == partitioning::KwayObjective::km1);
  CHECK(partition_params(given({{"k", "4"}, {"objective", "CUT"}}), true).objective == partitioning::KwayObjective::cut);
  CHECK_THROWS_AS(partition_params(given({{"k", "4"}, {"objective", "soed"}}), true), UserError);
  CHECK_THROWS_AS(partition_params(given({{"max-size", "64"}, {"objective", "km1"}}), true), UserError);
}

// The FM's objective through the driver at k = 16: exact cut and connectivity (measured once: the
// cut objective gives the smaller cut, km1 the smaller connectivity), balanced, identical across
// execution spaces.
TEST_CASE_TEMPLATE_DEFINE("partition options: k-way objective cut and km1 give their exact cut and connectivity", Space,
                          objective_cases) {
  using mem = typename Space::memory_space;
  const auto host = test::random_local_hypergraph(1200, 2400, 12, 33);
  auto h = mirror_hypergraph<mem>(host);
  auto hh = mirror_hypergraph<Kokkos::HostSpace>(host);
  // objective -> (cut, connectivity)
  const std::map<std::string, std::pair<double, double>> expected = {{"cut", {1027, 1164}}, {"km1", {1063, 1100}}};
  for (const char* objective : {"cut", "km1"}) {
    PartitionParams p = small_kway_params(16);
    // The direct scheme's FM (recursive bisection is tested in test_kway_bisection.cpp).
    apply_partition_option(p, "scheme", "direct");
    apply_partition_option(p, "initial", "direct");
    apply_partition_option(p, "objective", objective);
    // The FM's objective alone, as measured before flow refinement (flows: test_flow_pipeline.cpp).
    apply_partition_option(p, "flow-alpha", "0");
    apply_partition_option(p, "vcycles", "2");
    apply_partition_option(p, "hierarchies", "1");  // the plain start, as measured (kway_start.hpp: test_kway_start.cpp)
    const auto r = partition_hypergraph(Space{}, h, p);
    const auto q = evaluate_partition(Space{}, h, Kokkos::View<const part_t*, mem>(r.parts), constraints_of(p));
    CHECK_MESSAGE(q.valid, objective);
    CHECK_MESSAGE(q.cut_net == expected.at(objective).first, objective);
    CHECK_MESSAGE(q.connectivity == expected.at(objective).second, objective);
    const auto on_host = partition_hypergraph(Kokkos::DefaultHostExecutionSpace{}, hh, p);
    CHECK_MESSAGE(test::to_vector(on_host.parts) == test::to_vector(r.parts), objective);
  }
}
TEST_CASE_TEMPLATE_APPLY(objective_cases, tessera::test::ExecSpaces);

TEST_CASE("partition options: constrained-mode options are rejected in k-way mode unless at their default") {
  CHECK(partition_params(given({{"max-size", "64"}, {"constrained-fm", "off"}}), true).constrained_fm ==
        ConstrainedFm::off);
  CHECK(partition_params(given({{"preset", "Loihi-64"}, {"fewest-blocks", "search"}}), true).fewest_blocks ==
        FewestBlocks::search);
  CHECK_THROWS_WITH_AS(partition_params(given({{"k", "4"}, {"constrained-fm", "finest"}}), true),
                       doctest::Contains("belongs to the constrained mode"), UserError);
  CHECK_THROWS_AS(partition_params(given({{"k", "4"}, {"fewest-blocks", "dissolve"}}), true), UserError);
  CHECK_NOTHROW(partition_params(given({{"k", "4"}, {"constrained-fm", "auto"}}), true));
}

TEST_CASE("partition options: fm-stop in both modes, auto by default") {
  CHECK_FALSE(PartitionParams{}.fm_stop_moves.has_value());
  CHECK(partition_params(given({{"max-size", "64"}, {"fm-stop", "100"}}), true).fm_stop_moves == 100);
  CHECK(partition_params(given({{"k", "4"}, {"fm-stop", "250"}}), true).fm_stop_moves == 250);
  CHECK_FALSE(partition_params(given({{"k", "4"}, {"fm-stop", "auto"}}), true).fm_stop_moves.has_value());
  CHECK_THROWS_AS(partition_params(given({{"k", "4"}, {"fm-stop", "0"}}), true), UserError);
}
