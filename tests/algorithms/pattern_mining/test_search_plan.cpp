// Matching orders and search plans: structure of the plans, the cost model's choices, and
// the serial plan interpreter against the brute-force reference on random graphs (every
// built-in pattern, edge- and vertex-induced, every bound direction, every matching order
// of the small patterns, labelled patterns).
#include <doctest/doctest.h>

#include <random>

#include "algorithms/pattern_mining/plan/search_plan.hpp"
#include "algorithms/pattern_mining/plan/serial_plan_executor.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "tests/reference/brute_force_matches.hpp"

using namespace tessera;
using namespace tessera::mining;

namespace {

// Erdős–Rényi G(n, p), optionally with labels drawn from [0, num_labels).
HostGraph random_graph(vid_t n, double p, unsigned seed, int num_labels = 0) {
  std::mt19937 rng(seed);
  std::bernoulli_distribution coin(p);
  EdgeList e;
  e.num_vertices = n;
  for (vid_t u = 0; u < n; ++u)
    for (vid_t v = u + 1; v < n; ++v)
      if (coin(rng)) {
        e.src.push_back(u);
        e.dst.push_back(v);
      }
  if (num_labels > 0) {
    std::uniform_int_distribution<label_t> pick(0, num_labels - 1);
    for (vid_t v = 0; v < n; ++v) e.labels.push_back(pick(rng));
  }
  return mirror_graph<Kokkos::HostSpace>(build_graph(e));
}

std::vector<Pattern> every_builtin() {
  std::vector<Pattern> out;
  for (const auto& name : builtin_pattern_names()) out.push_back(pattern_by_name(name));
  return out;
}

}  // namespace

TEST_CASE("plan: connected matching orders") {
  CHECK(connected_matching_orders(pattern_by_name("triangle")).size() == 6);
  CHECK(connected_matching_orders(pattern_by_name("4-path")).size() == 8);  // 2^(n-1) for a path
  CHECK(connected_matching_orders(pattern_by_name("3-star")).size() == 12);
  CHECK(connected_matching_orders(pattern_by_name("4-cycle")).size() == 16);  // 4 starts x 2 directions x 2
  CHECK(connected_matching_orders(clique(5)).size() == 120);
  for (const auto& order : connected_matching_orders(pattern_by_name("house")))
    for (std::size_t i = 0; i < order.vertices.size(); ++i)
      CHECK(order.level_of[static_cast<std::size_t>(order.vertices[i])] == static_cast<level_t>(i));
  const Pattern path = pattern_by_name("4-path");
  CHECK_THROWS_AS(make_matching_order(path, {0, 2, 1, 3}), UserError);  // 2 is not adjacent to 0
  CHECK_THROWS_AS(make_matching_order(path, {0, 1, 2}), UserError);
  CHECK(make_matching_order(path, {1, 2, 0, 3}).level_of == std::vector<level_t>{2, 0, 1, 3});
}

TEST_CASE("plan: level structure (back-edges, subtractions, bounds, distinctness)") {
  for (const Induced induced : {Induced::edge, Induced::vertex})
    for (const BoundDirection direction : {BoundDirection::upper, BoundDirection::lower})
      for (const auto& builtin : every_builtin()) {
        const Pattern p = builtin.with_induced(induced);
        PlanOptions options;
        options.bounds = direction;
        const SearchPlan plan = build_search_plan(p, options);
        INFO(describe(plan));
        REQUIRE(plan.num_levels() == p.num_vertices());
        CHECK(plan.automorphism_count == test::brute_force_automorphism_count(p));
        const bool clique = p.num_edges() == p.num_vertices() * (p.num_vertices() - 1) / 2;
        CHECK(plan.use_oriented_dag == clique);
        CHECK(plan.levels[0].intersect.empty());
        std::size_t bounds = 0;
        for (level_t i = 0; i < plan.num_levels(); ++i) {
          const auto& level = plan.levels[static_cast<std::size_t>(i)];
          CHECK(level.vertex == plan.order.vertices[static_cast<std::size_t>(i)]);
          if (i > 0) CHECK_FALSE(level.intersect.empty());
          CHECK(level.intersect.size() + level.subtract.size() ==
                static_cast<std::size_t>(induced == Induced::vertex ? i : static_cast<level_t>(level.intersect.size())));
          if (induced == Induced::edge) CHECK(level.subtract.empty());
          if (direction == BoundDirection::upper) CHECK(level.lower_bounds.empty());
          if (direction == BoundDirection::lower) CHECK(level.upper_bounds.empty());
          bounds += level.upper_bounds.size() + level.lower_bounds.size();
          // Injectivity: an explicit inequality only where no back-edge or bound excludes the
          // level already (bounds implied by others are dropped; the executor tests prove the rest).
          for (const level_t l : level.distinct) {
            auto has = [l](const std::vector<level_t>& v) { return std::find(v.begin(), v.end(), l) != v.end(); };
            CHECK_FALSE((has(level.intersect) || has(level.upper_bounds) || has(level.lower_bounds)));
          }
        }
        CHECK(bounds <= plan.constraints.size());
      }
}

TEST_CASE("plan: the cost model's choices") {
  // Diamond: the two degree-3 vertices first, then both tips from the intersection of their lists.
  const SearchPlan diamond = build_search_plan(pattern_by_name("diamond"));
  CHECK(diamond.order.vertices == std::vector<pvid_t>{0, 1, 2, 3});
  CHECK(diamond.levels[2].intersect == std::vector<level_t>{0, 1});
  CHECK(diamond.levels[3].intersect == std::vector<level_t>{0, 1});
  // Upper bounds: m[1] < m[0] and m[3] < m[2] (the paper's v2 < v1, v4 < v3).
  CHECK(diamond.levels[1].upper_bounds == std::vector<level_t>{0});
  CHECK(diamond.levels[3].upper_bounds == std::vector<level_t>{2});
  CHECK(diamond.levels[3].distinct.empty());
  // Tailed triangle: the triangle first (closing it early), the two symmetric vertices first
  // so their bound prunes at level 1, the tail last.
  const SearchPlan tailed = build_search_plan(pattern_by_name("tailed-triangle"));
  CHECK(tailed.order.vertices == std::vector<pvid_t>{1, 2, 0, 3});
  CHECK(tailed.levels[1].upper_bounds == std::vector<level_t>{0});
  // Transitively implied bounds are dropped: triangle level 2 needs only m[2] < m[1].
  const SearchPlan triangle = build_search_plan(pattern_by_name("triangle"));
  CHECK(triangle.levels[2].upper_bounds == std::vector<level_t>{1});
  CHECK(triangle.levels[2].distinct.empty());
  CHECK(triangle.constraints.size() == 3);
  // House: the triangle (roof) before the square.
  const SearchPlan house = build_search_plan(pattern_by_name("house"));
  std::vector<pvid_t> first3(house.order.vertices.begin(), house.order.vertices.begin() + 3);
  std::sort(first3.begin(), first3.end());
  CHECK(first3 == std::vector<pvid_t>{0, 1, 4});
  // Cliques: identity order and the oriented DAG, unless labels differ.
  const SearchPlan k5 = build_search_plan(clique(5));
  CHECK(k5.use_oriented_dag);
  CHECK(k5.order.vertices == std::vector<pvid_t>{0, 1, 2, 3, 4});
  const SearchPlan labelled = build_search_plan(Pattern({{0, 1}, {1, 2}, {0, 2}}, "t", Induced::edge, {1, 1, 2}));
  CHECK_FALSE(labelled.use_oriented_dag);
  PlanOptions no_dag;
  no_dag.allow_oriented_dag = false;
  CHECK_FALSE(build_search_plan(clique(4), no_dag).use_oriented_dag);
  // The chosen order is never costlier than any other connected order; with wedge
  // aggregation allowed, a wedge-counted plan is never costlier than any other wedge-counted one
  // (4-cycle: order 0 1 2 3, which the cost model alone ranks behind 0 1 3 2).
  PlanOptions no_wedges;
  no_wedges.allow_wedge_counting = false;
  for (const auto& p : every_builtin()) {
    if (p.num_vertices() > 5) continue;
    const SearchPlan best = build_search_plan(p);
    const SearchPlan cheapest = build_search_plan(p, no_wedges);
    CHECK_FALSE(cheapest.count_last_wedges);
    for (const auto& order : connected_matching_orders(p)) {
      const SearchPlan other = build_search_plan(p, order);
      CHECK(cheapest.cost <= other.cost * (1 + 1e-9));
      if (!best.count_last_wedges || other.count_last_wedges) CHECK(best.cost <= other.cost * (1 + 1e-9));
    }
  }
  CHECK(build_search_plan(pattern_by_name("4-cycle")).order.vertices == std::vector<pvid_t>{0, 1, 2, 3});
  CHECK(build_search_plan(pattern_by_name("4-cycle"), no_wedges).order.vertices == std::vector<pvid_t>{0, 1, 3, 2});
  CHECK(describe(diamond).find("level 3: vertex 3 intersect{0,1} below{2}") != std::string::npos);
}

TEST_CASE("plan executor matches the brute-force pattern count on random graphs") {
  for (const unsigned seed : {1u, 2u, 3u})
    for (const double density : {0.2, 0.5}) {
      const HostGraph g = random_graph(30, density, seed);
      for (const Induced induced : {Induced::edge, Induced::vertex})
        for (const auto& builtin : every_builtin()) {
          const Pattern p = builtin.with_induced(induced);
          const count_t expected = test::brute_force_matches(g, p);
          for (const BoundDirection direction : {BoundDirection::upper, BoundDirection::lower}) {
            PlanOptions options;
            options.bounds = direction;
            const SearchPlan plan = build_search_plan(p, options);
            INFO("seed " << seed << " density " << density << "\n" << describe(plan));
            CHECK(serial_plan_count(g, plan) == expected);
            if (plan.use_oriented_dag) CHECK(serial_plan_count(g, plan, {false}) == expected);
          }
        }
    }
}

TEST_CASE("plan executor: every connected matching order of the small patterns is correct") {
  const HostGraph g = random_graph(18, 0.35, 7);
  for (const Induced induced : {Induced::edge, Induced::vertex})
    for (const auto& builtin : every_builtin()) {
      const Pattern p = builtin.with_induced(induced);
      if (p.num_vertices() > 5) continue;
      const count_t expected = test::brute_force_matches(g, p);
      for (const auto& order : connected_matching_orders(p)) {
        const SearchPlan plan = build_search_plan(p, order);
        INFO(describe(plan));
        CHECK(serial_plan_count(g, plan, {false}) == expected);
      }
    }
}

TEST_CASE("plan executor: labelled patterns on a labelled random graph") {
  const HostGraph g = random_graph(30, 0.4, 11, 3);
  REQUIRE(g.has_labels());
  const std::vector<Pattern> patterns = {
      Pattern({{0, 1}, {1, 2}, {0, 2}}, "t-001", Induced::edge, {0, 0, 1}),
      Pattern({{0, 1}, {1, 2}, {0, 2}}, "t-0xx", Induced::edge, {0, -1, -1}),
      Pattern({{0, 1}, {1, 2}, {2, 3}, {0, 3}}, "c4-0101", Induced::vertex, {0, 1, 0, 1}),
      Pattern({{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}}, "diamond-tips", Induced::edge, {-1, -1, 2, 2}),
      Pattern({{0, 1}, {1, 2}, {2, 3}}, "path-0120", Induced::vertex, {0, 1, 2, 0}),
      Pattern({{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}, "k4-1111", Induced::edge, {1, 1, 1, 1}),
  };
  for (const auto& p : patterns) {
    const SearchPlan plan = build_search_plan(p);
    INFO(describe(plan));
    const count_t expected = test::brute_force_matches(g, p);
    CHECK(serial_plan_count(g, plan) == expected);
    CHECK(serial_plan_count(g, plan, {false}) == expected);
  }
  const HostGraph unlabelled = random_graph(10, 0.5, 1);
  CHECK_THROWS_AS(serial_plan_count(unlabelled, build_search_plan(patterns[0])), UserError);
}

TEST_CASE("plan executor and brute force on structured graphs with known counts") {
  // K6: C(6,k) k-cliques; C(6,4) * 3 four-cycles (edge-induced), none vertex-induced.
  EdgeList e;
  e.num_vertices = 6;
  for (vid_t u = 0; u < 6; ++u)
    for (vid_t v = u + 1; v < 6; ++v) {
      e.src.push_back(u);
      e.dst.push_back(v);
    }
  const HostGraph k6 = mirror_graph<Kokkos::HostSpace>(build_graph(e));
  const count_t binom[] = {1, 6, 15, 20, 15, 6, 1};
  for (int k = 3; k <= 6; ++k) {
    CHECK(serial_plan_count(k6, build_search_plan(clique(k))) == binom[k]);
    CHECK(test::brute_force_matches(k6, clique(k)) == binom[k]);
  }
  CHECK(serial_plan_count(k6, build_search_plan(clique(7))) == 0);
  CHECK(serial_plan_count(k6, build_search_plan(pattern_by_name("4-cycle"))) == 45);
  CHECK(serial_plan_count(k6, build_search_plan(pattern_by_name("4-cycle", Induced::vertex))) == 0);
  CHECK(serial_plan_count(k6, build_search_plan(pattern_by_name("pentagon"))) == 6 * 12);
}
