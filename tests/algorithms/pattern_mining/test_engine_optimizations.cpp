// The engine's optimization switches (engine/optimizations.hpp): parsing, the plan decisions
// they control (counting-only pruning: size counting, pair counting of the last two levels),
// and a parametrised check that every switch setting (all on, each off, all off) gives the
// same counts as the brute-force reference on random graphs and ground truth on small real
// graphs. Every exec space.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "algorithms/pattern_mining/problems/mine.hpp"
#include "algorithms/pattern_mining/problems/motifs.hpp"
#include "algorithms/pattern_mining/engine/optimizations.hpp"
#include "algorithms/pattern_mining/plan/serial_plan_executor.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "io/graph_io.hpp"
#include "tests/algorithms/pattern_mining/random_edges.hpp"
#include "tests/reference/brute_force_matches.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using namespace tessera::mining;

namespace {


// The switch settings of the ablation: all on, each one off alone, all off.
std::vector<std::pair<std::string, EngineOptimizations>> switch_settings() {
  std::vector<std::pair<std::string, EngineOptimizations>> out = {{"all on", parse_disabled_optimizations("none")}};
  for (const auto& s : optimization_switches()) out.emplace_back(std::string(s.name) + " off", parse_disabled_optimizations(s.name));
  out.emplace_back("all off", parse_disabled_optimizations("all"));
  return out;
}

std::vector<Pattern> patterns_under_test() {
  std::vector<Pattern> out;
  for (const Induced induced : {Induced::edge, Induced::vertex}) {
    for (const char* name : {"triangle", "wedge", "3-star", "4-path", "tailed-triangle", "4-cycle", "diamond",
                             "4-clique", "5-clique", "house"})
      out.push_back(pattern_by_name(name, induced));
    // Wedge aggregation beyond the 4-cycle, with edge tasks (y = level 2): a 4-cycle with a
    // pendant vertex, and K(2,3) (two non-adjacent vertices 0, 1 with three common neighbours).
    out.emplace_back(std::vector<PatternEdge>{{0, 1}, {1, 2}, {2, 3}, {0, 3}, {0, 4}}, "tailed-4-cycle", induced);
    out.emplace_back(std::vector<PatternEdge>{{0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}}, "K2,3", induced);
  }
  return out;
}

}  // namespace

TEST_CASE("mining optimizations: --disable lists") {
  const EngineOptimizations all = parse_disabled_optimizations("none");
  CHECK(all.prune);
  CHECK(all.balance);
  CHECK(all.lgs);
  CHECK(all.flat);
  CHECK(enabled_optimizations(all) == std::vector<std::string>{"prune", "wedge", "lgs", "flat", "balance", "order"});
  CHECK(enabled_optimizations(parse_disabled_optimizations("")) == enabled_optimizations(all));
  const EngineOptimizations no_prune = parse_disabled_optimizations("prune");
  CHECK_FALSE(no_prune.prune);
  CHECK(no_prune.balance);
  CHECK(enabled_optimizations(parse_disabled_optimizations("balance,prune")) ==
        std::vector<std::string>{"wedge", "lgs", "flat", "order"});
  CHECK_FALSE(parse_disabled_optimizations("wedge").wedge);
  CHECK(parse_disabled_optimizations("wedge").prune);
  CHECK(enabled_optimizations(parse_disabled_optimizations("all")).empty());
  CHECK_THROWS_AS(parse_disabled_optimizations("lgs,prunee"), UserError);
  CHECK_THROWS_AS(parse_disabled_optimizations("prune,"), UserError);
  for (const auto& s : optimization_switches()) CHECK(disable_option_help().find(s.name) != std::string::npos);
}

TEST_CASE("mining optimizations: the planner decides pair counting, the engine plan follows") {
  auto plan = [](const char* name, Induced induced) { return build_search_plan(pattern_by_name(name, induced)); };
  // Diamond, edge-induced: levels 2 and 3 both draw from N(m0) ∩ N(m1), m3 < m2.
  const SearchPlan diamond = plan("diamond", Induced::edge);
  CHECK(diamond.count_last_pair);
  // Vertex-induced, the pair must also be non-adjacent: level 3 subtracts N(m2), no pairs.
  CHECK_FALSE(plan("diamond", Induced::vertex).count_last_pair);
  CHECK(plan("3-star", Induced::edge).count_last_pair);
  CHECK_FALSE(plan("3-star", Induced::vertex).count_last_pair);
  CHECK_FALSE(plan("4-clique", Induced::edge).count_last_pair);  // the last level is adjacent to every other
  CHECK_FALSE(plan("4-cycle", Induced::edge).count_last_pair);
  PlanOptions off;
  off.allow_pair_counting = false;
  CHECK_FALSE(build_search_plan(pattern_by_name("diamond"), off).count_last_pair);

  const EnginePlan counted = make_engine_plan(diamond, 2, true, {});
  INFO(describe(counted));
  CHECK(counted.last_level == 2);
  CHECK(counted.pair == 1);  // m3 < m2: partners below
  CHECK(counted.num_slots == 0);  // nothing materialised: N(m0) ∩ N(m1) is only counted
  CHECK(counted.count_by_size);
  const EnginePlan unpruned = make_engine_plan(diamond, 2, true, parse_disabled_optimizations("prune"));
  CHECK(unpruned.last_level == 3);
  CHECK(unpruned.pair == 0);
  CHECK_FALSE(unpruned.count_by_size);
  CHECK(make_engine_plan(diamond, 2, false, {}).pair == 0);  // listing enumerates every level
  // Wedge (3 vertices) with edge tasks: the pair's first level comes from the task, no pairs.
  CHECK(make_engine_plan(plan("wedge", Induced::edge), 2).pair == 0);
  CHECK(make_engine_plan(plan("wedge", Induced::edge), 1).pair != 0);
}

TEST_CASE("mining optimizations: the planner decides wedge aggregation, the engine plan follows") {
  for (const auto bounds : {BoundDirection::upper, BoundDirection::lower}) {
    PlanOptions options;
    options.bounds = bounds;
    // 4-cycle 0-1-2-3, order 0 1 2 3: y = level 1 and z = level 3 both close on m0 and x = m2.
    const SearchPlan cycle = build_search_plan(pattern_by_name("4-cycle"), options);
    INFO(describe(cycle));
    CHECK(cycle.count_last_wedges);
    CHECK_FALSE(cycle.count_last_pair);
    // Vertex-induced, z subtracts N(y) (the pair must not be adjacent): not countable.
    CHECK_FALSE(build_search_plan(pattern_by_name("4-cycle", Induced::vertex), options).count_last_wedges);
    // Patterns whose last vertex is adjacent to y (cliques, diamond's chord) or has another
    // neighbourhood (4-path, tailed triangle) are not countable either.
    for (const char* name : {"4-clique", "diamond", "4-path", "tailed-triangle", "3-star"})
      CHECK_FALSE(build_search_plan(pattern_by_name(name), options).count_last_wedges);
    // Five vertices, a 4-cycle with a pendant vertex: y = level 2, a DFS level of edge tasks;
    // y and z must both differ from the pendant vertex (the same explicit inequality).
    const SearchPlan tailed = build_search_plan(Pattern({{0, 1}, {1, 2}, {2, 3}, {0, 3}, {0, 4}}, "tailed-4-cycle"), options);
    INFO(describe(tailed));
    CHECK(tailed.count_last_wedges);
    CHECK_FALSE(tailed.levels[2].distinct.empty());
    CHECK(make_engine_plan(tailed, 2, true, {}).wedge);
    // K(2,3): its cheapest order counts the last two levels as pairs, which wins.
    const SearchPlan k23 = build_search_plan(Pattern({{0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}}, "K2,3"), options);
    CHECK(k23.count_last_pair);
    CHECK_FALSE(k23.count_last_wedges);
    options.allow_wedge_counting = false;
    CHECK_FALSE(build_search_plan(pattern_by_name("4-cycle"), options).count_last_wedges);

    // The engine counts at y = level 1, so only with vertex tasks (the engine picks them).
    const EnginePlan counted = make_engine_plan(cycle, 1, true, {});
    INFO(describe(counted));
    CHECK(counted.wedge);
    CHECK(counted.last_level == 1);
    CHECK_FALSE(make_engine_plan(cycle, 2, true, {}).wedge);                                      // y comes from the task
    CHECK_FALSE(make_engine_plan(cycle, 1, false, {}).wedge);                                     // listing
    CHECK_FALSE(make_engine_plan(cycle, 1, true, parse_disabled_optimizations("wedge")).wedge);  // switched off
    CHECK(make_engine_plan(cycle, 1, true, parse_disabled_optimizations("prune")).wedge);       // its own switch
  }
}

TEST_CASE("mining optimizations: local bitmap search is planned for cliques of five or more") {
  const SearchPlan k5 = build_search_plan(clique(5));
  const EnginePlan local = make_engine_plan(k5, 2, true, {});
  INFO(describe(local));
  CHECK(local.local_search);
  CHECK(local.levels[2].keep_unbounded);  // W itself, every deeper level draws from it
  CHECK(local.levels[3].local_rows == 0b100);
  CHECK(local.levels[4].local_rows == 0b1100);
  CHECK_FALSE(make_engine_plan(k5, 2, true, parse_disabled_optimizations("lgs")).local_search);
  CHECK_FALSE(make_engine_plan(k5, 2, false, {}).local_search);  // listing
  CHECK_FALSE(make_engine_plan(k5, 1, true, {}).local_search);   // vertex tasks
  CHECK_FALSE(make_engine_plan(build_search_plan(clique(4)), 2, true, {}).local_search);  // one level after W
  // Non-oriented 5-cliques (bounds instead of the DAG) stay inside W too.
  PlanOptions no_dag;
  no_dag.allow_oriented_dag = false;
  CHECK(make_engine_plan(build_search_plan(clique(5), no_dag), 2, true, {}).local_search);
  // The house (a 4-cycle with a roof) leaves W: no local search.
  CHECK_FALSE(make_engine_plan(build_search_plan(pattern_by_name("house")), 2, true, {}).local_search);
}

TEST_CASE("mining optimizations: the serial interpreter's pair and wedge counting equal brute force") {
  for (const unsigned seed : {3u, 4u}) {
    const HostGraph g = mirror_graph<Kokkos::HostSpace>(build_graph(test::random_edges_with_hub(22, 0.3, seed, 0, 0.4)));
    for (const auto& pattern : patterns_under_test()) {
      const count_t expected = test::brute_force_matches(g, pattern);
      for (const auto bounds : {BoundDirection::upper, BoundDirection::lower})
        for (const bool wedges : {true, false}) {
          PlanOptions options;
          options.bounds = bounds;
          options.allow_wedge_counting = wedges;
          const SearchPlan plan = build_search_plan(pattern, options);
          INFO(describe(plan));
          CHECK(serial_plan_count(g, plan) == expected);
        }
    }
  }
}

TEST_CASE_TEMPLATE_DEFINE("mining optimizations: every switch setting equals brute force", Space, switch_settings_random) {
  std::map<std::string, int> took_effect;  // every optimization must have run somewhere
  for (const unsigned seed : {1u, 2u}) {
    const EdgeList e = test::random_edges_with_hub(24, seed == 1 ? 0.3 : 0.55, seed, 0, 0.4);  // sparse, then dense (large W)
    const HostGraph host = mirror_graph<Kokkos::HostSpace>(build_graph(e));
    // With the degree-ranked copy (wedge aggregation runs on it; test_engine.cpp runs without).
    const auto g = prepare_mining_graph(Space{}, mirror_graph<typename Space::memory_space>(build_graph(e)), true, true);
    auto patterns = patterns_under_test();
    for (const int k : {6, 7}) patterns.push_back(clique(k));  // deeper local search
    for (const auto& pattern : patterns) {
      const count_t expected = test::brute_force_matches(host, pattern);
      for (const auto& setting : switch_settings())  // named, not bound: INFO captures (C++20 for bindings)
        for (const TaskKind tasks : {TaskKind::edge, TaskKind::vertex})
          for (const auto bounds : {BoundDirection::upper, BoundDirection::lower}) {
            MineParams params;
            params.engine.optimizations = setting.second;
            params.engine.tasks = tasks;
            params.engine.split_length = 3;  // split wherever balance is on
            params.engine.local_min_size = 2;  // local search for W of 2..12 vertices, lists above
            params.engine.local_max_size = 12;
            params.engine.flat_list_max = 8;   // flat where the shared list is short, lane-shared above
            params.engine.flat_pairs_max = 6;  // flat pairs below that
            params.engine.pivots = seed == 1 ? 3 : -1;  // pivot lists for lists longer than 3
            params.engine.order_head = 5;      // work order on the host too
            // Lane sums and votes on and off (each combination over the task kinds and bounds;
            // on GPUs these are the per-lane counts and warp votes, hosts run one lane).
            params.engine.lane_sums = bounds == BoundDirection::upper;
            params.engine.vote = tasks == TaskKind::edge;
            params.plan.bounds = bounds;
            INFO("seed " << seed << ", " << describe(pattern) << ", " << setting.first << ", " << to_string(tasks)
                         << " tasks, lane sums " << params.engine.lane_sums << ", vote " << params.engine.vote);
            const MineResult r = mine(Space{}, g, pattern, params);
            CHECK(r.count == expected);
            const bool pruned = std::find(r.stats.optimizations_ran.begin(), r.stats.optimizations_ran.end(),
                                          "prune") != r.stats.optimizations_ran.end();
            CHECK(pruned == setting.second.prune);
            if (!setting.second.prune) CHECK_FALSE(r.stats.pairs_counted);
            const auto& ran = r.stats.optimizations_ran;
            for (const char* name : {"wedge", "lgs", "flat", "order", "balance"})
              if (std::find(ran.begin(), ran.end(), name) != ran.end()) ++took_effect[name];
            if (r.stats.flat_pairs) ++took_effect["flat pairs"];
            if (!setting.second.flat) CHECK_FALSE(r.stats.flat_pairs);
            if (!setting.second.wedge) CHECK(std::find(ran.begin(), ran.end(), "wedge") == ran.end());
            if (std::find(ran.begin(), ran.end(), "wedge") != ran.end() &&
                std::find(ran.begin(), ran.end(), "balance") != ran.end())
              ++took_effect["wedge, split by x ranges"];
          }
    }
  }
  for (const char* name : {"wedge", "lgs", "flat", "flat pairs", "order", "balance", "wedge, split by x ranges"}) {
    INFO(name);
    CHECK(took_effect[name] > 0);
  }
}

// Wedge walks with several lanes: shared counters (atomics), and y's with long segments walked
// by all lanes together (walk_wedges' second loop: longer than 4 × lanes). Hosts run the lanes
// one after another, so this needs 2 hardware threads there only for the launch check.
TEST_CASE_TEMPLATE_DEFINE("mining optimizations: wedge aggregation with several lanes equals brute force", Space,
                          wedge_lanes) {
  const int lanes = 2;
  if (!tessera::detail::is_gpu_space<Space>() && Space().concurrency() < lanes) return;
  const EdgeList e = test::random_edges_with_hub(24, 0.55, 2, 0, 0.4);  // degrees ~13, hub ~23
  const HostGraph host = mirror_graph<Kokkos::HostSpace>(build_graph(e));
  const auto g = prepare_mining_graph(Space{}, mirror_graph<typename Space::memory_space>(build_graph(e)), true, true);
  for (const auto& pattern : {pattern_by_name("4-cycle"),
                              Pattern({{0, 1}, {1, 2}, {2, 3}, {0, 3}, {0, 4}}, "tailed-4-cycle")})
    for (const eid_t split : {eid_t(0), eid_t(3)}) {
      MineParams params;
      params.engine.lanes = lanes;
      params.engine.team_threads = 1;
      params.engine.split_length = split;
      INFO(describe(pattern) << ", split " << split);
      const MineResult r = mine(Space{}, g, pattern, params);
      CHECK(r.count == test::brute_force_matches(host, pattern));
      CHECK(std::find(r.stats.optimizations_ran.begin(), r.stats.optimizations_ran.end(), "wedge") !=
            r.stats.optimizations_ran.end());
    }
}
TEST_CASE_TEMPLATE_APPLY(wedge_lanes, tessera::test::ExecSpaces);

// Narrow tasks: tasks whose first level starts from a short list run in a second launch with
// fewer lanes (2 -> 1 here, so hosts with 2 threads run it too); some tasks in each launch,
// all in the narrow one, split hubs and work order in front, every switch of `flat` and `prune`.
TEST_CASE_TEMPLATE_DEFINE("mining optimizations: narrow tasks in a second launch equal brute force", Space, narrow_tasks) {
  if (!tessera::detail::is_gpu_space<Space>() && Space().concurrency() < 2) return;
  const EdgeList e = test::random_edges_with_hub(24, 0.4, 5, 0, 0.4);
  const HostGraph host = mirror_graph<Kokkos::HostSpace>(build_graph(e));
  const auto g = prepare_mining_graph(Space{}, mirror_graph<typename Space::memory_space>(build_graph(e)), true, true);
  std::vector<Pattern> patterns = {clique(3), clique(4), clique(5), pattern_by_name("diamond"), pattern_by_name("4-cycle"),
                                   pattern_by_name("tailed-triangle", Induced::vertex)};
  int mixed = 0;
  for (const auto& pattern : patterns) {
    const count_t expected = test::brute_force_matches(host, pattern);
    for (const eid_t most : {eid_t(4), eid_t(1000)})
      for (const std::string disabled : {"none", "flat", "prune,wedge", "lgs,order"}) {
        MineParams params;
        params.engine.optimizations = parse_disabled_optimizations(disabled);
        params.engine.lanes = 2;
        params.engine.team_threads = 1;
        params.engine.narrow_lanes = 1;
        params.engine.narrow_max = most;
        params.engine.split_length = 6;
        params.engine.order_head = 3;
        params.engine.flat_list_max = 8;
        params.engine.pivots = most == 4 ? 2 : 5;
        params.engine.register_cap = most == 4;  // the capped kernel variants (on GPUs)
        INFO(describe(pattern) << ", narrow max " << most << ", disable " << disabled);
        const MineResult r = mine(Space{}, g, pattern, params);
        CHECK(r.count == expected);
        if (r.stats.optimizations_ran.end() ==
            std::find(r.stats.optimizations_ran.begin(), r.stats.optimizations_ran.end(), "wedge")) {
          const bool ordered = std::find(r.stats.optimizations_ran.begin(), r.stats.optimizations_ran.end(), "order") !=
                               r.stats.optimizations_ran.end();
          if (most == 1000) {  // every task is short; the heaviest lead in the wide launch when ordered
            CHECK(r.stats.narrow_units > 0);
            CHECK((r.stats.narrow_units == r.stats.units) == !ordered);
          }
          CHECK(r.stats.narrow_lanes == (r.stats.narrow_units > 0 ? 1 : 0));
          if (r.stats.narrow_units > 0 && r.stats.narrow_units < r.stats.units) ++mixed;
        } else {
          CHECK(r.stats.narrow_units == 0);
        }
      }
  }
  CHECK(mixed > 0);
}
TEST_CASE_TEMPLATE_APPLY(narrow_tasks, tessera::test::ExecSpaces);

TEST_SUITE("real-data") {
TEST_CASE_TEMPLATE_DEFINE("mining optimizations: every switch setting equals ground truth on real graphs", Space,
                          switch_settings_real) {
  if (!test::data_available()) return;
  const std::vector<std::string> wanted = {"karate", "dolphins", "lesmis", "football"};
  int checked = 0;
  for (const auto& row : test::read_ground_truth()) {
    if (std::find(wanted.begin(), wanted.end(), row.at("name")) == wanted.end()) continue;
    ++checked;
    const auto graph = mirror_graph<typename Space::memory_space>(io::load_graph(test::data_path(row.at("file"))).graph);
    auto truth = [&](const char* column) { return static_cast<count_t>(row.integer(column)); };
    for (const auto& setting : switch_settings()) {
      const std::string& what = setting.first;
      const EngineOptimizations& optimizations = setting.second;
      INFO("graph " << row.at("name") << ", " << what);
      MineParams params;
      params.engine.optimizations = optimizations;
      CHECK(mine(Space{}, graph, pattern_by_name("diamond"), params).count == truth("diamond_noninduced"));
      CHECK(mine(Space{}, graph, pattern_by_name("4-cycle"), params).count == truth("C4_noninduced"));
      CHECK(count_cliques(Space{}, graph, 4, params).count == truth("k4"));
      CHECK(count_cliques(Space{}, graph, 5, params).count == truth("k5"));
      CHECK(count_motifs(Space{}, graph, 4, params).at("diamond") == truth("ind_diamond"));
      CHECK(mine(Space{}, graph, pattern_by_name("4-cycle", Induced::vertex), params).count == truth("ind_4cycle"));
    }
  }
  CHECK(checked == static_cast<int>(wanted.size()));
}
TEST_CASE_TEMPLATE_APPLY(switch_settings_real, tessera::test::ExecSpaces);
}  // TEST_SUITE("real-data")

TEST_CASE_TEMPLATE_APPLY(switch_settings_random, tessera::test::ExecSpaces);
