// Fixed-depth count kernels (EngineParams::fixed_depth, dfs_kernel.hpp's `Levels`): 4-vertex
// patterns counted from edge tasks run the kernels whose DFS levels are nested at compile time;
// they count exactly what the brute-force reference and the general (indexed-stack) kernels
// count, under every switch setting, one and two lanes, and the launch says which ran (vertex
// tasks, wedge aggregation, listing and other sizes keep the general kernels), the 4-clique's
// also with its plan compiled in (compiled_plan.hpp), and the 5-clique's (without local search)
// only so. Every exec space.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "algorithms/pattern_mining/problems/mine.hpp"
#include "core/graph/builder.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "tests/algorithms/pattern_mining/random_edges.hpp"
#include "tests/reference/brute_force_matches.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using namespace tessera::mining;

TEST_CASE_TEMPLATE_DEFINE("fixed depth: 4-vertex patterns count as the general kernels and brute force", Space,
                          fixed_depth) {
  const EdgeList e = test::random_edges_with_hub(22, 0.45, 7, 0, 0.4);
  const HostGraph host = mirror_graph<Kokkos::HostSpace>(build_graph(e));
  const auto g = prepare_mining_graph(Space{}, mirror_graph<typename Space::memory_space>(build_graph(e)), true, true);
  std::vector<Pattern> patterns;
  for (const Induced induced : {Induced::edge, Induced::vertex})
    for (const char* name : {"3-star", "4-path", "tailed-triangle", "4-cycle", "diamond", "4-clique", "5-clique", "house",
                             "pentagon", "triangle", "6-clique"})
      patterns.push_back(pattern_by_name(name, induced));
  int fixed_runs = 0, compiled_runs = 0;
  const bool gpu = tessera::detail::is_gpu_space<Space>();
  for (const auto& pattern : patterns) {
    const count_t expected = test::brute_force_matches(host, pattern);
    const int levels = pattern.num_vertices();
    for (const std::string disabled : {"none", "flat", "prune", "lgs,wedge", "all"})
      for (const TaskKind tasks : {TaskKind::edge, TaskKind::vertex})
        for (const int lanes : {1, 2})
          for (const bool fixed : {true, false}) {
            MineParams params;
            params.engine.optimizations = parse_disabled_optimizations(disabled);
            params.engine.tasks = tasks;
            params.engine.lanes = lanes;
            params.engine.split_length = 4;
            params.engine.local_min_size = 2;
            params.engine.local_max_size = 10;
            params.engine.flat_list_max = 6;
            params.engine.flat_pairs_max = 5;
            params.engine.fixed_depth = fixed;
            INFO(describe(pattern) << ", disable " << disabled << ", " << to_string(tasks) << " tasks, " << lanes
                                   << " lanes, fixed depth " << fixed);
            const MineResult r = mine(Space{}, g, pattern, params);
            CHECK(r.count == expected);
            const bool wedge = std::find(r.stats.optimizations_ran.begin(), r.stats.optimizations_ran.end(), "wedge") !=
                               r.stats.optimizations_ran.end();
            const bool edge_tasks = r.stats.launch.first_level == 2;
            // The 4- and 5-clique's plans compiled in (compiled_plan.hpp): their own plans,
            // size-counted; the 5-clique's without local search (asked for, or on GPUs the rule
            // of launch_rules.hpp on this graph's sparse DAG), and fixed depth only so.
            const bool pruned = disabled != "prune" && disabled != "all";
            const bool compiled5 = pattern.name() == "5-clique" && pruned && (gpu || disabled == "lgs,wedge");
            const bool depth_ok = (levels >= k_fixed_depth_min && levels <= k_fixed_depth_max) || compiled5;
            const int want = fixed && !wedge && edge_tasks && depth_ok ? levels : 0;
            CHECK(r.stats.launch.fixed_levels == want);
            const bool compiled = (pattern.name() == "4-clique" && pruned) || compiled5;
            CHECK(r.stats.launch.compiled_plan == (want > 0 && compiled));
            if (want > 0) ++fixed_runs;
            if (r.stats.launch.compiled_plan) ++compiled_runs;
          }
  }
  CHECK(fixed_runs > 80);
  // Edge- and vertex-induced, 1 and 2 lanes: 4-cliques 3 switch settings, 5-cliques 1 (GPUs 3).
  CHECK(compiled_runs == (gpu ? 24 : 16));
}
TEST_CASE_TEMPLATE_APPLY(fixed_depth, tessera::test::ExecSpaces);

TEST_CASE("fixed depth: automatic on GPUs only, never for listing") {
  using Host = Kokkos::DefaultHostExecutionSpace;
  const auto graph = mirror_graph<Host::memory_space>(build_graph(test::random_edges_with_hub(12, 0.5, 3, 0, 0.4)));
  MineParams fixed;
  fixed.engine.fixed_depth = true;
  std::size_t rows = 0;
  const MineResult listed = mine_list(Host{}, graph, clique(4), [&](const vid_t*, std::size_t n, int) { rows += n; }, fixed);
  const MineResult automatic = mine(Host{}, graph, clique(4));
  const MineResult forced = mine(Host{}, graph, clique(4), fixed);
  CHECK(listed.stats.launch.fixed_levels == 0);
  CHECK(automatic.stats.launch.fixed_levels == 0);
  CHECK(forced.stats.launch.fixed_levels == 4);
  CHECK(forced.stats.launch.compiled_plan);
  CHECK_FALSE(automatic.stats.launch.compiled_plan);
  CHECK(static_cast<count_t>(rows) == listed.count);
  CHECK(listed.count == automatic.count);
  CHECK(forced.count == automatic.count);
}
