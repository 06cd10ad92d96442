// resolve_launch (engine/launch_config.hpp) on fabricated devices: no kernel runs, no memory is
// allocated, so the GPU choices are checked on any machine. Expected values are the engine's
// documented rules (engine.hpp, launch_config.hpp), written out here independently.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "algorithms/pattern_mining/engine/engine.hpp"
#include "algorithms/pattern_mining/engine/launch_config.hpp"
#include "algorithms/pattern_mining/engine/launch_report.hpp"
#include "algorithms/pattern_mining/pattern/pattern.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "tests/algorithms/pattern_mining/random_edges.hpp"
#include "tests/support/spaces.hpp"

namespace {

using namespace tessera;
using namespace tessera::mining;

// An H100/H200-like device: 132 multiprocessors of 2048 resident threads, warps of 32 lanes.
DeviceInfo cuda_device() {
  DeviceInfo d;
  d.gpu = true;
  d.concurrency = 132 * 2048;
  d.max_lanes = 32;
  return d;
}

// A two-thread OpenMP host (Kokkos 3.4's OpenMP teams report 1024 as their vector length limit).
DeviceInfo host_device() {
  DeviceInfo d;
  d.gpu = false;
  d.concurrency = 2;
  d.max_lanes = 1024;
  return d;
}

// email-Enron's statistics (36692 vertices, max degree 1383; degree-oriented DAG: max out-degree
// 70, mean 5.01, edge mean 16.9), and ego-Facebook's (DAG edge mean 44.6): a sparse and a denser
// small graph (computed from the SNAP files with a separate script).
GraphDegrees degrees_of(vid_t vertices, DegreeStats graph, DegreeStats dag) {
  GraphDegrees g;
  g.vertices = vertices;
  g.graph = graph;
  g.dag = dag;
  return g;
}

GraphDegrees enron_like() { return degrees_of(36692, {1383, 10.0, 140.1}, {70, 5.01, 16.9}); }
GraphDegrees facebook_like() { return degrees_of(4039, {1045, 43.7, 106.6}, {125, 21.85, 44.6}); }

SearchPlan plan_of(const char* name) { return build_search_plan(pattern_by_name(name)); }

}  // namespace

TEST_CASE("resolve_launch: GPU defaults are a warp per worker in blocks of 128 threads") {
  const ResolvedLaunch r = resolve_launch(EngineParams{}, plan_of("4-clique"), false, cuda_device(), facebook_like());
  CHECK(r.tasks == TaskKind::edge);
  CHECK(r.first_level == 2);
  CHECK(r.plan.oriented);
  CHECK(r.width == 125);  // the DAG's maximum out-degree bounds the buffers
  CHECK(r.wide.lanes == 32);
  CHECK(r.wide.team_threads == 4);
  CHECK(r.wide.workers == 132 * 2048 / 32);
  CHECK(r.wide.flat_max == 128 * 32);
  CHECK(r.wide.flat_pairs_max == 8 * 32);
  CHECK(r.wide.pivots == 0);  // pivot lists only when asked for (measured slower)
  CHECK(r.probe_cost == 1);
  CHECK(r.split_length == 512);
  CHECK(r.split_wedges);
  CHECK(r.order_head == 4 * (132 * 2048 / 32));
  CHECK_FALSE(r.has_narrow);  // the DAG's edge mean (44.6) is above the narrow rule's
}

TEST_CASE("resolve_launch: hosts run one lane, one worker per team, no flat paths, pivots or order") {
  const ResolvedLaunch r = resolve_launch(EngineParams{}, plan_of("4-clique"), false, host_device(), enron_like());
  CHECK(r.wide.lanes == 1);
  CHECK(r.wide.team_threads == 1);
  CHECK(r.wide.workers == 2);
  CHECK(r.wide.flat_max == 0);
  CHECK(r.wide.flat_pairs_max == 0);
  CHECK(r.wide.pivots == 0);
  CHECK(r.probe_cost == 4);
  CHECK(r.order_head == 0);
  CHECK_FALSE(r.split_wedges);
}

TEST_CASE("resolve_launch: the register cap applies only to GPU teams of at most 128 threads") {
  EngineParams p;
  p.register_cap = true;
  SUBCASE("default GPU shape: applied") {
    const ResolvedLaunch r = resolve_launch(p, plan_of("4-clique"), false, cuda_device(), enron_like());
    CHECK(r.register_cap_requested);
    CHECK(r.wide.register_cap);
    CHECK(r.register_cap_note.empty());
  }
  SUBCASE("teams of 256 threads: not applied, and the launch says why") {
    p.team_threads = 8;
    const ResolvedLaunch r = resolve_launch(p, plan_of("4-clique"), false, cuda_device(), enron_like());
    CHECK(r.register_cap_requested);
    CHECK_FALSE(r.wide.register_cap);
    CHECK(r.register_cap_note.find("256") != std::string::npos);
    const std::string json = launch_json(r).dump();
    CHECK(json.find("\"register_cap_requested\": true") != std::string::npos);
    CHECK(json.find("\"register_cap\": false") != std::string::npos);
  }
  SUBCASE("exactly 128 threads (16 lanes x 8): applied") {
    p.lanes = 16;
    p.team_threads = 8;
    const ResolvedLaunch r = resolve_launch(p, plan_of("4-clique"), false, cuda_device(), enron_like());
    CHECK(r.wide.register_cap);
  }
  SUBCASE("host backend: never applied") {
    const ResolvedLaunch r = resolve_launch(p, plan_of("4-clique"), false, host_device(), enron_like());
    CHECK_FALSE(r.wide.register_cap);
    CHECK(r.register_cap_note.find("host") != std::string::npos);
  }
  SUBCASE("listing kernels have no capped variant") {
    const ResolvedLaunch r = resolve_launch(p, plan_of("4-clique"), true, cuda_device(), enron_like());
    CHECK_FALSE(r.wide.register_cap);
  }
  SUBCASE("the narrow launch keeps the team size, so it is capped too") {
    p.narrow_max = 8;
    const ResolvedLaunch r = resolve_launch(p, plan_of("4-clique"), false, cuda_device(), enron_like());
    REQUIRE(r.has_narrow);
    CHECK(r.narrow.lanes == 8);  // the rules' narrow lanes
    CHECK(r.narrow.team_threads == 16);
    CHECK(r.narrow.register_cap);
  }
}

TEST_CASE("resolve_launch: the narrow launch and its lane-scaled paths") {
  EngineParams p;
  p.narrow_max = 16;
  p.narrow_lanes = 8;
  const ResolvedLaunch r = resolve_launch(p, plan_of("4-clique"), false, cuda_device(), enron_like());
  REQUIRE(r.has_narrow);
  CHECK(r.narrow_max == 16);
  CHECK(r.narrow.lanes == 8);
  CHECK(r.narrow.team_threads == 16);
  CHECK(r.narrow.workers == 132 * 2048 / 8);
  CHECK(r.narrow.flat_max == 128 * 8);
  CHECK(r.narrow.pivots == 0);
  // No narrow launch on hosts (one lane is already the narrowest), for listing, or for wedges.
  CHECK_FALSE(resolve_launch(p, plan_of("4-clique"), false, host_device(), enron_like()).has_narrow);
  CHECK_FALSE(resolve_launch(p, plan_of("4-clique"), true, cuda_device(), enron_like()).has_narrow);
  CHECK_FALSE(resolve_launch(p, plan_of("4-cycle"), false, cuda_device(), enron_like()).has_narrow);
}

TEST_CASE("resolve_launch: wedge aggregation takes vertex tasks and counters capped by the budget") {
  EngineParams p;
  p.wedge_budget_bytes = std::size_t(36692) * 4 * 1000;  // room for 1000 workers' counters
  const ResolvedLaunch r = resolve_launch(p, plan_of("4-cycle"), false, cuda_device(), enron_like());
  CHECK(r.plan.wedge);
  CHECK(r.ranked);
  CHECK(r.tasks == TaskKind::vertex);
  CHECK(r.width == 1383);
  CHECK(r.wedge_stride == 36692);
  CHECK(r.wide.workers == 1000);
  CHECK(r.wide.flat_max == 0);
  p.wedge_budget_bytes = 100;  // less than one worker's counters
  CHECK_THROWS_AS(resolve_launch(p, plan_of("4-cycle"), false, cuda_device(), enron_like()), UserError);
}

TEST_CASE("resolve_launch: bad shapes are user errors naming the limit") {
  EngineParams p;
  p.lanes = 12;
  CHECK_THROWS_WITH_AS(resolve_launch(p, plan_of("triangle"), false, cuda_device(), enron_like()),
                       doctest::Contains("power of two"), UserError);
  p.lanes = 64;
  CHECK_THROWS_AS(resolve_launch(p, plan_of("triangle"), false, cuda_device(), enron_like()), UserError);
  p.lanes = 32;
  p.team_threads = 64;  // 2048 threads
  CHECK_THROWS_WITH_AS(resolve_launch(p, plan_of("triangle"), false, cuda_device(), enron_like()),
                       doctest::Contains("1024"), UserError);
  EngineParams q;
  q.narrow_max = 4;
  q.narrow_lanes = 3;
  CHECK_THROWS_AS(resolve_launch(q, plan_of("triangle"), false, cuda_device(), enron_like()), UserError);
}

TEST_CASE("resolve_launch: switches and explicit values win over the automatic ones") {
  EngineParams p;
  p.optimizations = parse_disabled_optimizations("balance,order,flat");
  p.pivots = 5;
  const ResolvedLaunch r = resolve_launch(p, plan_of("5-clique"), false, cuda_device(), facebook_like());
  CHECK(r.split_length < 0);
  CHECK(r.order_head == 0);
  CHECK(r.wide.flat_max == 0);
  CHECK(r.wide.flat_pairs_max == 0);
  CHECK(r.wide.pivots == 5);
  CHECK(r.local_max == 125);  // lgs: the local limit (512) capped by the width
  EngineParams q;
  q.split_length = 100;
  q.teams = 7;
  const ResolvedLaunch s = resolve_launch(q, plan_of("5-clique"), false, host_device(), enron_like());
  CHECK(s.split_length == 100);  // at least the local limit, which is 70 here
  CHECK(s.split_wedges);
  CHECK(s.wide.workers == 7);
  EngineParams costly, search;
  costly.probe_cost = 9;
  search.probe_cost = -1;
  CHECK(resolve_launch(costly, plan_of("4-clique"), false, cuda_device(), enron_like()).probe_cost == 9);
  CHECK(resolve_launch(search, plan_of("4-clique"), false, host_device(), enron_like()).probe_cost == 0);
}

TEST_CASE("resolve_chunk: about 16 chunks per worker, 1..64 units, or the parameter") {
  EngineParams p;
  CHECK(resolve_chunk(p, 1000000, 100) == 64);
  CHECK(resolve_chunk(p, 16000, 100) == 10);
  CHECK(resolve_chunk(p, 10, 100) == 1);
  p.chunk_size = 5;
  CHECK(resolve_chunk(p, 1000000, 100) == 5);
}

TEST_CASE("resolve_launch: automatic choices follow the rules and the lookup graph's degree statistics") {
  LaunchRules rules;
  rules.narrow_edge_mean = 24;  // fabricated: email-Enron's DAG (16.9) qualifies, ego-Facebook's (44.6) not
  rules.narrow_max = 12;
  rules.narrow_lanes = 8;
  rules.cap_with_narrow = true;
  const EngineParams automatic;
  SUBCASE("a sparse DAG gets the narrow launch and the cap") {
    const ResolvedLaunch r = resolve_launch(automatic, plan_of("4-clique"), false, cuda_device(), enron_like(), rules);
    REQUIRE(r.has_narrow);
    CHECK(r.narrow_max == 12);
    CHECK(r.narrow.lanes == 8);
    CHECK(r.register_cap_requested);
    CHECK(r.wide.register_cap);
    CHECK(r.narrow.register_cap);
    CHECK(r.auto_note.find("narrow") != std::string::npos);
  }
  SUBCASE("a denser DAG keeps one launch, uncapped") {
    const ResolvedLaunch r = resolve_launch(automatic, plan_of("4-clique"), false, cuda_device(), facebook_like(), rules);
    CHECK_FALSE(r.has_narrow);
    CHECK_FALSE(r.wide.register_cap);
    CHECK(r.auto_note.empty());
  }
  SUBCASE("non-clique plans read the symmetric graph's statistics (140: no narrow)") {
    CHECK_FALSE(resolve_launch(automatic, plan_of("diamond"), false, cuda_device(), enron_like(), rules).has_narrow);
  }
  SUBCASE("explicit parameters win over the rules") {
    EngineParams p;
    p.narrow_max = -1;
    p.register_cap = false;
    const ResolvedLaunch r = resolve_launch(p, plan_of("4-clique"), false, cuda_device(), enron_like(), rules);
    CHECK_FALSE(r.has_narrow);
    CHECK_FALSE(r.wide.register_cap);
    p.narrow_max = 30;
    p.narrow_lanes = 2;
    const ResolvedLaunch s = resolve_launch(p, plan_of("4-clique"), false, cuda_device(), enron_like(), rules);
    CHECK(s.narrow_max == 30);
    CHECK(s.narrow.lanes == 2);
  }
  SUBCASE("hosts and listing: never") {
    CHECK_FALSE(resolve_launch(automatic, plan_of("4-clique"), false, host_device(), enron_like(), rules).has_narrow);
    CHECK_FALSE(resolve_launch(automatic, plan_of("4-clique"), true, cuda_device(), enron_like(), rules).has_narrow);
  }
}

TEST_CASE("resolve_launch: the measured rules (launch_rules.cpp, H200 2026-12-02)") {
  const LaunchRules& rules = launch_rules();
  CHECK(rules.narrow_edge_mean == 24);
  CHECK(rules.narrow_max == 16);
  CHECK(rules.narrow_lanes == 8);
  SUBCASE("GPU count kernels are register-capped") {
    for (const char* name : {"4-clique", "5-clique", "4-cycle", "diamond"}) {
      INFO(name);
      const ResolvedLaunch r = resolve_launch(EngineParams{}, plan_of(name), false, cuda_device(), facebook_like());
      CHECK(r.register_cap_requested);
      CHECK(r.wide.register_cap);
      CHECK(r.auto_note.find("register cap") != std::string::npos);
    }
  }
  SUBCASE("a sparse DAG's 4-cliques get the narrow launch; 5-cliques (local search) and denser DAGs do not") {
    const ResolvedLaunch k4 = resolve_launch(EngineParams{}, plan_of("4-clique"), false, cuda_device(), enron_like());
    REQUIRE(k4.has_narrow);
    CHECK(k4.narrow_max == 16);
    CHECK(k4.narrow.lanes == 8);
    CHECK(k4.narrow.team_threads == 16);
    CHECK(k4.narrow.register_cap);
    EngineParams general;  // the general kernel keeps local search on the sparse DAG
    general.fixed_depth = false;
    CHECK_FALSE(resolve_launch(general, plan_of("5-clique"), false, cuda_device(), enron_like()).has_narrow);
    CHECK_FALSE(resolve_launch(EngineParams{}, plan_of("4-clique"), false, cuda_device(), facebook_like()).has_narrow);
  }
  SUBCASE("5-cliques: the compiled plan without local search below a DAG edge mean of 40 (H100 2026-12-06)") {
    CHECK(rules.local_search_min_edge_mean == 40);
    const ResolvedLaunch sparse = resolve_launch(EngineParams{}, plan_of("5-clique"), false, cuda_device(), enron_like());
    CHECK_FALSE(sparse.plan.local_search);
    CHECK(sparse.fixed_levels == 5);
    CHECK(sparse.compiled_plan);
    CHECK(sparse.has_narrow);  // no local search, edge mean 16.9 <= 24
    CHECK(sparse.auto_note.find("compiled plan without local search: edge_mean 16.9 < 40") != std::string::npos);
    const ResolvedLaunch dense = resolve_launch(EngineParams{}, plan_of("5-clique"), false, cuda_device(), facebook_like());
    CHECK(dense.plan.local_search);
    CHECK(dense.fixed_levels == 0);
    CHECK(resolve_launch(EngineParams{}, plan_of("5-clique"), false, host_device(), enron_like()).plan.local_search);
    EngineParams general;
    general.fixed_depth = false;
    CHECK(resolve_launch(general, plan_of("5-clique"), false, cuda_device(), enron_like()).plan.local_search);
  }
  SUBCASE("--register-cap off and --narrow-max -1 restore the fixed shape") {
    EngineParams p;
    p.register_cap = false;
    p.narrow_max = -1;
    const ResolvedLaunch r = resolve_launch(p, plan_of("4-clique"), false, cuda_device(), enron_like());
    CHECK_FALSE(r.has_narrow);
    CHECK_FALSE(r.wide.register_cap);
    CHECK(r.auto_note.empty());
  }
  SUBCASE("hosts: never (no lanes to narrow, no registers to cap)") {
    const ResolvedLaunch r = resolve_launch(EngineParams{}, plan_of("4-clique"), false, host_device(), enron_like());
    CHECK_FALSE(r.has_narrow);
    CHECK_FALSE(r.wide.register_cap);
    CHECK_FALSE(r.register_cap_requested);
  }
}

namespace {

// Maximum, mean and Σd²/Σd of a list of row lengths, on the host.
DegreeStats expected_stats(const std::vector<long long>& lengths) {
  DegreeStats s;
  long long sum = 0, squares = 0;
  for (const long long d : lengths) {
    s.max = std::max<vid_t>(s.max, static_cast<vid_t>(d));
    sum += d;
    squares += d * d;
  }
  s.mean = static_cast<double>(sum) / static_cast<double>(lengths.size());
  s.edge_mean = sum > 0 ? static_cast<double>(squares) / static_cast<double>(sum) : 0;
  return s;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("prepare_mining_graph: degree statistics of the graph and its (degree, id) DAG", Space, degree_stats) {
  const EdgeList e = test::random_edges_with_hub(40, 0.15, 3);
  const auto host = mirror_graph<Kokkos::HostSpace>(build_graph(e));
  const auto g = prepare_mining_graph(Space{}, mirror_graph<typename Space::memory_space>(build_graph(e)), true);
  // Independently: degrees from the host rows, out-degrees by the (degree, id) order.
  const vid_t n = host.num_vertices();
  std::vector<long long> degree(n), out(n, 0);
  for (vid_t v = 0; v < n; ++v) degree[v] = host.row_map(v + 1) - host.row_map(v);
  for (vid_t v = 0; v < n; ++v)
    for (eid_t j = host.row_map(v); j < host.row_map(v + 1); ++j) {
      const vid_t w = host.entries(j);
      if (std::make_pair(degree[w], w) > std::make_pair(degree[v], v)) ++out[v];
    }
  const DegreeStats graph = expected_stats(degree), dag = expected_stats(out);
  CHECK(g.degrees.vertices == n);
  CHECK(g.degrees.graph.max == graph.max);
  CHECK(g.degrees.graph.mean == doctest::Approx(graph.mean));
  CHECK(g.degrees.graph.edge_mean == doctest::Approx(graph.edge_mean));
  CHECK(g.degrees.dag.max == dag.max);
  CHECK(g.degrees.dag.mean == doctest::Approx(dag.mean));
  CHECK(g.degrees.dag.edge_mean == doctest::Approx(dag.edge_mean));
  CHECK(g.degrees.dag.edge_mean < g.degrees.graph.edge_mean);  // orientation cuts the hub's row
}
TEST_CASE_TEMPLATE_APPLY(degree_stats, tessera::test::ExecSpaces);

TEST_CASE("resolve_launch: fixed-depth kernels for 4-level count plans with edge tasks; by default on GPUs without loop levels or with the compiled plan") {
  const ResolvedLaunch gpu = resolve_launch(EngineParams{}, plan_of("diamond"), false, cuda_device(), enron_like());
  CHECK(gpu.fixed_levels == 4);  // pair-counted: the DFS ends at the task's level 2
  CHECK(launch_json(gpu).dump().find("\"fixed_levels\": 4") != std::string::npos);
  CHECK(resolve_launch(EngineParams{}, plan_of("diamond"), false, host_device(), enron_like()).fixed_levels == 0);
  const ResolvedLaunch clique4 = resolve_launch(EngineParams{}, plan_of("4-clique"), false, cuda_device(), facebook_like());
  CHECK(clique4.fixed_levels == 4);  // the compiled 4-clique plan
  CHECK(clique4.compiled_plan);
  CHECK(resolve_launch(EngineParams{}, plan_of("4-clique"), false, host_device(), facebook_like()).fixed_levels == 0);
  CHECK(resolve_launch(EngineParams{}, plan_of("4-cycle"), false, cuda_device(), facebook_like()).fixed_levels == 0);
  EngineParams p;
  p.fixed_depth = false;
  CHECK(resolve_launch(p, plan_of("diamond"), false, cuda_device(), enron_like()).fixed_levels == 0);
  p.fixed_depth = true;  // asked for: every 4-level count plan with edge tasks, on any device
  CHECK(resolve_launch(p, plan_of("4-clique"), false, cuda_device(), facebook_like()).fixed_levels == 4);
  CHECK(resolve_launch(p, plan_of("4-clique"), false, host_device(), facebook_like()).fixed_levels == 4);
  CHECK(resolve_launch(p, plan_of("5-clique"), false, cuda_device(), facebook_like()).fixed_levels == 0);  // local search
  p.optimizations = parse_disabled_optimizations("lgs");
  const ResolvedLaunch clique5 = resolve_launch(p, plan_of("5-clique"), false, cuda_device(), facebook_like());
  CHECK(clique5.fixed_levels == 5);  // the compiled 5-clique plan only
  CHECK(clique5.compiled_plan);
  CHECK(resolve_launch(p, plan_of("house"), false, cuda_device(), facebook_like()).fixed_levels == 0);
  p.optimizations = EngineOptimizations{};
  CHECK(resolve_launch(p, plan_of("triangle"), false, cuda_device(), facebook_like()).fixed_levels == 0);
  CHECK(resolve_launch(p, plan_of("4-clique"), true, cuda_device(), facebook_like()).fixed_levels == 0);  // listing
  p.optimizations = parse_disabled_optimizations("none");
  CHECK(resolve_launch(p, plan_of("4-cycle"), false, host_device(), facebook_like()).fixed_levels == 0);  // wedge
  p.tasks = TaskKind::vertex;
  CHECK(resolve_launch(p, plan_of("4-clique"), false, cuda_device(), facebook_like()).fixed_levels == 0);
}
