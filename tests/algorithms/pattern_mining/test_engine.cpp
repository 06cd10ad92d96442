// The Kokkos DFS engine against the brute-force reference (tests/reference) on random graphs:
// every built-in pattern, edge- and vertex-induced, edge and vertex tasks, with and without
// hub splitting, labelled patterns, a user pattern file, listing (each match valid and
// listed once), k-cliques k = 3..8 and the motif formulas. Every exec space.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <sstream>

#include "algorithms/pattern_mining/problems/mine.hpp"
#include "algorithms/pattern_mining/problems/motifs.hpp"
#include "algorithms/pattern_mining/engine/engine.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "tests/algorithms/pattern_mining/random_edges.hpp"
#include "tests/reference/brute_force_matches.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using namespace tessera::mining;

namespace {


template <class Space>
CsrGraph<typename Space::memory_space> on_space(const EdgeList& e) {
  return mirror_graph<typename Space::memory_space>(build_graph(e));
}

HostGraph on_host(const EdgeList& e) { return mirror_graph<Kokkos::HostSpace>(build_graph(e)); }

std::vector<Pattern> every_builtin(Induced induced) {
  std::vector<Pattern> out;
  for (const auto& name : builtin_pattern_names()) out.push_back(pattern_by_name(name, induced));
  return out;
}

// Engine configurations that must all agree: defaults, vertex tasks, aggressive splitting
// with one-task chunks and few teams (several units per task, teams reusing buffers).
std::vector<std::pair<std::string, MineParams>> configurations() {
  std::vector<std::pair<std::string, MineParams>> out;
  out.emplace_back("default", MineParams{});
  MineParams split;
  split.engine.split_length = 2;
  split.engine.chunk_size = 1;
  split.engine.teams = 3;
  out.emplace_back("split", split);
  MineParams split_vertex = split;
  split_vertex.engine.tasks = TaskKind::vertex;
  split_vertex.engine.teams = 0;
  out.emplace_back("vertex tasks, split", split_vertex);
  MineParams no_dag;
  no_dag.plan.allow_oriented_dag = false;
  out.emplace_back("no DAG, lower bounds", no_dag);
  out.back().second.plan.bounds = BoundDirection::lower;
  return out;
}

// Every listed row is a match of p in g, and no subgraph is listed twice.
void check_listing(const HostGraph& g, const Pattern& p, const std::vector<std::vector<vid_t>>& rows) {
  auto adjacent = [&](vid_t a, vid_t b) {
    return std::binary_search(g.entries.data() + g.row_map(a), g.entries.data() + g.row_map(a + 1), b);
  };
  std::set<std::vector<std::int64_t>> seen;
  const int n = p.num_vertices();
  for (const auto& row : rows) {
    REQUIRE(static_cast<int>(row.size()) == n);
    std::vector<std::int64_t> key;
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b) {
        REQUIRE(row[a] != row[b]);
        const bool edge = adjacent(row[a], row[b]);
        if (p.has_edge(a, b)) REQUIRE(edge);
        if (!p.has_edge(a, b) && p.induced() == Induced::vertex) REQUIRE_FALSE(edge);
        if (p.has_edge(a, b) && p.induced() == Induced::edge) {
          const vid_t lo = std::min(row[a], row[b]), hi = std::max(row[a], row[b]);
          key.push_back(static_cast<std::int64_t>(lo) * g.num_vertices() + hi);
        }
      }
    if (p.induced() == Induced::vertex) key.assign(row.begin(), row.end());
    std::sort(key.begin(), key.end());
    CHECK(seen.insert(key).second);  // a subgraph listed twice
  }
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("mining engine: counts equal brute force for every built-in pattern", Space, engine_builtins) {
  const std::vector<std::tuple<vid_t, double, unsigned>> graphs = {{26, 0.25, 1}, {18, 0.5, 3}};
  for (const auto& graph : graphs) {  // named, not bound: INFO/CHECK capture them (C++20 for bindings)
    const vid_t n = std::get<0>(graph);
    const double p = std::get<1>(graph);
    const unsigned seed = std::get<2>(graph);
    const EdgeList e = test::random_edges_with_hub(n, p, seed);
    const HostGraph host = on_host(e);
    const auto g = prepare_mining_graph(Space{}, on_space<Space>(e), true);  // shared by every pattern
    for (const Induced induced : {Induced::edge, Induced::vertex})
      for (const auto& pattern : every_builtin(induced)) {
        if (pattern.num_vertices() > 6) continue;  // brute force is slow there; the clique test covers k = 7, 8
        const count_t expected = test::brute_force_matches(host, pattern);
        for (const auto& configuration : configurations()) {
          const std::string& what = configuration.first;
          const MineParams& params = configuration.second;
          INFO("graph n=" << n << " seed " << seed << ", " << describe(pattern) << ", " << what);
          CHECK(mine(Space{}, g, pattern, params).count == expected);
        }
      }
  }
}

TEST_CASE_TEMPLATE_DEFINE("mining engine: k-cliques for k = 3..8 and the engine's triangle count", Space, engine_cliques) {
  const EdgeList e = test::random_edges_with_hub(17, 0.75, 7);
  const HostGraph host = on_host(e);
  const auto g = on_space<Space>(e);
  for (int k = 3; k <= 8; ++k) {
    INFO("k = " << k);
    const count_t expected = test::brute_force_matches(host, clique(k));
    CHECK(expected > 0);
    CHECK(count_cliques(Space{}, g, k).count == expected);
    std::vector<std::vector<vid_t>> rows;
    MineParams small;
    small.engine.list_batch_matches = 50;  // many batches, halving and growing
    const auto r = list_cliques(
        Space{}, g, k,
        [&](const vid_t* m, std::size_t num, int width) {
          for (std::size_t i = 0; i < num; ++i) rows.emplace_back(m + i * width, m + (i + 1) * width);
        },
        small);
    CHECK(r.count == expected);
    CHECK(rows.size() == expected);
    check_listing(host, clique(k), rows);
  }
  CHECK(engine_triangle_count(Space{}, g) == test::brute_force_matches(host, clique(3)));
  CHECK_THROWS_AS(count_cliques(Space{}, g, 2), UserError);
  CHECK_THROWS_AS(count_cliques(Space{}, g, 9), UserError);
}

TEST_CASE_TEMPLATE_DEFINE("mining engine: listing every built-in pattern", Space, engine_listing) {
  const EdgeList e = test::random_edges_with_hub(24, 0.25, 11);
  const HostGraph host = on_host(e);
  const auto g = on_space<Space>(e);
  for (const Induced induced : {Induced::edge, Induced::vertex})
    for (const auto& pattern : every_builtin(induced)) {
      if (pattern.num_vertices() > 6) continue;
      INFO(describe(pattern));
      std::vector<std::vector<vid_t>> rows;
      MineParams params;
      params.engine.list_batch_matches = 64;
      const auto r = mine_list(
          Space{}, g, pattern,
          [&](const vid_t* m, std::size_t num, int width) {
            for (std::size_t i = 0; i < num; ++i) rows.emplace_back(m + i * width, m + (i + 1) * width);
          },
          params);
      const count_t expected = test::brute_force_matches(host, pattern);
      CHECK(r.count == expected);
      CHECK(rows.size() == expected);
      check_listing(host, pattern, rows);
    }
}

TEST_CASE_TEMPLATE_DEFINE("mining engine: labelled patterns and a user pattern file", Space, engine_labels) {
  const EdgeList e = test::random_edges_with_hub(30, 0.25, 5, 3);
  const HostGraph host = on_host(e);
  const auto g = on_space<Space>(e);
  const std::vector<Pattern> labelled = {
      Pattern({{0, 1}, {1, 2}, {0, 2}}, "t112", Induced::edge, {1, 1, 2}),
      Pattern({{0, 1}, {1, 2}, {2, 3}, {3, 0}}, "c4", Induced::vertex, {0, -1, 0, -1}),
      Pattern({{0, 1}, {0, 2}, {0, 3}, {1, 2}}, "tt", Induced::edge, {-1, 2, 2, 0}),
  };
  for (const auto& p : labelled)
    for (const auto& configuration : configurations()) {
      const std::string& what = configuration.first;
      const MineParams& params = configuration.second;
      INFO(describe(p) << ", " << what);
      CHECK(mine(Space{}, g, p, params).count == test::brute_force_matches(host, p));
    }
  // A bowtie (two triangles sharing vertex 0) from a pattern file, both induced-nesses.
  test::TempDir dir;
  const std::string file = dir.write("bowtie.txt", "# two triangles sharing a vertex\n0 1\n1 2\n2 0\n0 3\n3 4\n4 0\n");
  for (const Induced induced : {Induced::edge, Induced::vertex}) {
    const Pattern bowtie = read_pattern_file(file, induced);
    const count_t expected = test::brute_force_matches(host, bowtie);
    CHECK(expected > 0);
    for (const auto& configuration : configurations()) {
      const std::string& what = configuration.first;
      const MineParams& params = configuration.second;
      INFO(describe(bowtie) << ", " << what);
      CHECK(mine(Space{}, g, bowtie, params).count == expected);
    }
  }
  // Labelled pattern on an unlabelled graph: a clear error.
  const auto unlabelled = on_space<Space>(test::random_edges_with_hub(10, 0.3, 1));
  CHECK_THROWS_AS(mine(Space{}, unlabelled, labelled[0]), UserError);
}

TEST_CASE_TEMPLATE_DEFINE("mining engine: motif formulas equal brute-force induced counts", Space, engine_motifs) {
  for (const unsigned seed : {21u, 22u}) {
    const EdgeList e = test::random_edges_with_hub(30, 0.22, seed);
    const HostGraph host = on_host(e);
    const auto g = on_space<Space>(e);
    for (const int k : {3, 4}) {
      const MotifCounts m = count_motifs(Space{}, g, k);
      const auto expected = motifs(k);
      REQUIRE(m.induced.size() == expected.size());
      for (std::size_t i = 0; i < expected.size(); ++i) {
        INFO("k = " << k << ", " << expected[i].name());
        CHECK(m.induced[i].first == expected[i].name());
        CHECK(m.induced[i].second == test::brute_force_matches(host, expected[i]));
        CHECK(m.non_induced[i].second == test::brute_force_matches(host, expected[i].with_induced(Induced::edge)));
      }
      if (k == 4) {
        CHECK(m.non_induced[4].second == m.at("diamond") + 6 * m.at("4-clique"));
        CHECK(m.non_induced[3].second == m.at("4-cycle") + m.at("diamond") + 3 * m.at("4-clique"));
      }
    }
    CHECK_THROWS_AS(count_motifs(Space{}, g, 5), UserError);
  }
}

TEST_CASE("mining engine: plan conversion reuses buffers") {
  const SearchPlan diamond = build_search_plan(pattern_by_name("diamond"));
  const EnginePlan e = make_engine_plan(diamond, 2, /*counting=*/false);  // listing: every level runs
  INFO(describe(e));
  CHECK(e.levels[3].reuse == 2);       // N(m0) ∩ N(m1) computed once
  CHECK(e.levels[3].intersect == 0);
  CHECK(e.levels[2].keep_unbounded);
  CHECK(e.levels[2].slot == 0);
  CHECK(e.num_slots == 1);
  const EnginePlan k5 = make_engine_plan(build_search_plan(clique(5)), 2);
  CHECK(k5.oriented);
  CHECK(k5.levels[3].reuse == 2);
  CHECK(k5.levels[4].reuse == 3);
  CHECK(k5.num_slots == 2);  // levels 2 and 3; level 4 only counts
}

TEST_CASE_TEMPLATE_APPLY(engine_builtins, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(engine_cliques, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(engine_listing, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(engine_labels, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(engine_motifs, tessera::test::ExecSpaces);
