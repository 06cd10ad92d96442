// CSR builder: cleaning rules, determinism, and agreement with a serial std::set reference.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <set>
#include <vector>

#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "core/graph/degree_stats.hpp"
#include "tests/support/spaces.hpp"

using namespace tessera;
using tessera::test::to_vector;

namespace {

EdgeList make_edges(vid_t n, std::vector<std::pair<vid_t, vid_t>> pairs, std::vector<weight_t> w = {}) {
  EdgeList e;
  e.num_vertices = n;
  for (auto [u, v] : pairs) {
    e.src.push_back(u);
    e.dst.push_back(v);
  }
  e.weights = std::move(w);
  return e;
}

template <class Space>
HostGraph build_on(const EdgeList& e, const BuildOptions& opt = {}, BuildReport* rep = nullptr) {
  auto g = build_graph(Space{}, to_edge_arrays<typename Space::memory_space>(e), opt, rep);
  return mirror_graph<Kokkos::HostSpace>(g);
}

// Serial reference: adjacency sets.
std::vector<std::set<vid_t>> reference_adjacency(const EdgeList& e, bool symmetric) {
  std::vector<std::set<vid_t>> adj(e.num_vertices);
  for (eid_t i = 0; i < e.size(); ++i) {
    if (e.src[i] == e.dst[i]) continue;
    adj[e.src[i]].insert(e.dst[i]);
    if (symmetric) adj[e.dst[i]].insert(e.src[i]);
  }
  return adj;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("build_graph cleans and symmetrizes", Space, builder_basic) {
  // Self-loop (2,2), duplicate (0,1), reverse duplicate (1,0), isolated vertex 4.
  auto e = make_edges(5, {{0, 1}, {1, 2}, {2, 2}, {0, 1}, {1, 0}, {3, 0}});
  BuildReport rep;
  auto g = build_on<Space>(e, {}, &rep);
  CHECK(g.num_vertices() == 5);
  CHECK(g.num_edges() == 3);
  CHECK_FALSE(g.directed);
  CHECK(to_vector(g.row_map) == std::vector<eid_t>{0, 2, 4, 5, 6, 6});
  CHECK(to_vector(g.entries) == std::vector<vid_t>{1, 3, 0, 2, 1, 0});
  CHECK(rep.input_edges == 6);
  CHECK(rep.self_loops_removed == 1);
  CHECK(rep.duplicates_removed == 2);

  auto stats = degree_stats(Space{}, build_graph(Space{}, to_edge_arrays<typename Space::memory_space>(e)));
  CHECK(stats.max_degree == 2);
  CHECK(stats.min_degree == 0);
  CHECK(stats.isolated_vertices == 1);
  CHECK(stats.wedges == 2);  // degrees 2, 2, 1, 1, 0
}

TEST_CASE_TEMPLATE_DEFINE("build_graph directed keeps arcs", Space, builder_directed) {
  auto e = make_edges(3, {{0, 1}, {1, 0}, {0, 1}, {2, 1}});
  BuildOptions opt;
  opt.symmetrize = false;
  BuildReport rep;
  auto g = build_on<Space>(e, opt, &rep);
  CHECK(g.directed);
  CHECK(g.num_edges() == 3);
  CHECK(to_vector(g.entries) == std::vector<vid_t>{1, 0, 1});
  CHECK(rep.duplicates_removed == 1);
}

TEST_CASE_TEMPLATE_DEFINE("build_graph weights: duplicates keep the smallest", Space, builder_weights) {
  auto e = make_edges(3, {{0, 1}, {1, 0}, {1, 2}}, {5.0, 2.5, 7.0});
  auto g = build_on<Space>(e);
  REQUIRE(g.has_weights());
  CHECK(to_vector(g.entries) == std::vector<vid_t>{1, 0, 2, 1});
  CHECK(to_vector(g.weights) == std::vector<weight_t>{2.5, 2.5, 7.0, 7.0});
}

TEST_CASE_TEMPLATE_DEFINE("build_graph compacts ids", Space, builder_compact) {
  auto e = make_edges(10, {{7, 3}, {3, 9}, {5, 5}});
  e.labels = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  BuildOptions opt;
  opt.compact_ids = true;
  BuildReport rep;
  auto g = build_on<Space>(e, opt, &rep);
  CHECK(g.num_vertices() == 3);  // 3, 7, 9 -> 0, 1, 2; 5 only had a self-loop
  CHECK(rep.vertices_removed == 7);
  CHECK(to_vector(g.row_map) == std::vector<eid_t>{0, 2, 3, 4});
  CHECK(to_vector(g.entries) == std::vector<vid_t>{1, 2, 0, 0});
  CHECK(to_vector(g.labels) == std::vector<label_t>{3, 7, 9});
}

TEST_CASE_TEMPLATE_DEFINE("build_graph rejects ids out of range", Space, builder_bad_ids) {
  auto e = make_edges(3, {{0, 1}, {1, 3}, {-1, 2}});
  CHECK_THROWS_WITH_AS(build_on<Space>(e), doctest::Contains("2 edge endpoint(s) lie outside"), UserError);
}

TEST_CASE_TEMPLATE_DEFINE("build_graph empty inputs", Space, builder_empty) {
  auto g = build_on<Space>(make_edges(0, {}));
  CHECK(g.num_vertices() == 0);
  CHECK(g.num_entries() == 0);
  auto h = build_on<Space>(make_edges(4, {}));
  CHECK(h.num_vertices() == 4);
  CHECK(to_vector(h.row_map) == std::vector<eid_t>{0, 0, 0, 0, 0});
}

TEST_CASE_TEMPLATE_DEFINE("build_graph matches a serial reference on random multigraphs", Space, builder_random) {
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    std::mt19937 rng(seed);
    const vid_t n = 200;
    std::uniform_int_distribution<vid_t> pick(0, n - 1);
    // Skewed: half the endpoints fall on 10 hub vertices, so hub rows are long.
    std::uniform_int_distribution<vid_t> hub(0, 9);
    std::vector<std::pair<vid_t, vid_t>> pairs;
    for (int i = 0; i < 5000; ++i) pairs.emplace_back(i % 2 ? hub(rng) : pick(rng), pick(rng));
    auto e = make_edges(n, pairs);
    for (bool symmetric : {true, false}) {
      BuildOptions opt;
      opt.symmetrize = symmetric;
      auto g = build_on<Space>(e, opt);
      auto adj = reference_adjacency(e, symmetric);
      std::vector<eid_t> row_map{0};
      std::vector<vid_t> entries;
      for (auto& s : adj) {
        entries.insert(entries.end(), s.begin(), s.end());
        row_map.push_back(static_cast<eid_t>(entries.size()));
      }
      CHECK(to_vector(g.row_map) == row_map);
      CHECK(to_vector(g.entries) == entries);
    }
  }
}

TEST_CASE_TEMPLATE_APPLY(builder_basic, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(builder_directed, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(builder_weights, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(builder_compact, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(builder_bad_ids, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(builder_empty, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(builder_random, tessera::test::ExecSpaces);
