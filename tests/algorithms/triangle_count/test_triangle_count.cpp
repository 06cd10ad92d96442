// Exact triangle counts for every variant x intersection x orientation, on every execution
// space: structured graphs with known counts, generated graphs against the serial reference
// (total and per vertex), and every shipped real graph against ground_truth.csv.
#include <doctest/doctest.h>

#include "algorithms/triangle_count/counting_dag.hpp"
#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "io/generators/random_graphs.hpp"
#include "io/generators/structured.hpp"
#include "io/graph_io.hpp"
#include "tests/reference/triangle_count_reference.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using tessera::test::to_vector;

namespace {

const TriangleVariant k_variants[] = {TriangleVariant::masked, TriangleVariant::split, TriangleVariant::automatic};
const Intersection k_intersections[] = {Intersection::binary, Intersection::merge, Intersection::hash,
                                        Intersection::automatic};

template <class Space>
CsrGraph<typename Space::memory_space> build_on(const EdgeList& e) {
  return build_graph(Space{}, to_edge_arrays<typename Space::memory_space>(e));
}

// Runs every combination and checks each against `expected`.
template <class Space>
void check_all(const CsrGraph<typename Space::memory_space>& g, count_t expected, const std::string& what,
               bool both_orientations = true) {
  for (auto orientation : {Orientation::degree, Orientation::id}) {
    if (!both_orientations && orientation == Orientation::id) continue;
    for (auto variant : k_variants)
      for (auto intersection : k_intersections)
        for (const bool lane_sums : {true, false}) {
          TriangleCountParams p;
          p.variant = variant;
          p.intersection = intersection;
          p.orientation = orientation;
          p.lane_sums = lane_sums;
          INFO(what << " variant=" << to_string(variant) << " intersection=" << to_string(intersection)
                    << " orientation=" << to_string(orientation) << " lane sums=" << lane_sums);
          CHECK(triangle_count(Space{}, g, p).triangles == expected);
        }
  }
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("triangle_count on graphs with known counts", Space, tc_structured) {
  for (vid_t n = 0; n <= 12; ++n)
    check_all<Space>(build_on<Space>(gen::clique(n)), static_cast<count_t>(n) * (n > 0 ? n - 1 : 0) * (n > 1 ? n - 2 : 0) / 6,
                     "clique " + std::to_string(n));
  check_all<Space>(build_on<Space>(gen::clique(40)), 9880, "clique 40");  // hub rows beyond one warp
  check_all<Space>(build_on<Space>(gen::star(50)), 0, "star");
  check_all<Space>(build_on<Space>(gen::complete_bipartite(7, 9)), 0, "bipartite");
  check_all<Space>(build_on<Space>(gen::grid(6, 7)), 0, "grid");
  check_all<Space>(build_on<Space>(gen::cycle(3)), 1, "triangle");
  check_all<Space>(build_on<Space>(gen::cycle(8)), 0, "cycle 8");
  // Self-loops, duplicates in both directions and isolated vertices are cleaned by the builder.
  EdgeList messy;
  messy.num_vertices = 9;
  messy.src = {0, 1, 2, 0, 1, 2, 2, 5, 5, 3, 4, 3};
  messy.dst = {1, 2, 0, 0, 0, 1, 2, 6, 7, 4, 5, 5};
  // Triangles: {0,1,2}, {3,4,5}; vertex 8 isolated; 6 and 7 hang off 5.
  check_all<Space>(build_on<Space>(messy), 2, "messy");
  EdgeList empty;
  check_all<Space>(build_on<Space>(empty), 0, "empty graph");
}

TEST_CASE_TEMPLATE_DEFINE("triangle_count matches the serial reference, totals and per vertex", Space, tc_generated) {
  using mem = typename Space::memory_space;
  std::vector<std::pair<std::string, EdgeArrays<mem>>> graphs;
  gen::KroneckerParams kron;
  kron.scale = 11;
  kron.seed = 5;
  graphs.emplace_back("kronecker 11", gen::kronecker(Space{}, kron));
  gen::ErdosRenyiParams er{3000, 30000, 9};
  graphs.emplace_back("erdos-renyi", gen::erdos_renyi(Space{}, er));
  for (auto& named : graphs) {  // named, not bound: CHECK captures them (C++20 for bindings)
    const auto& name = named.first;
    auto& edges = named.second;
    auto g = build_graph(Space{}, edges);
    auto reference = test::reference_triangles(mirror_graph<Kokkos::HostSpace>(g));
    REQUIRE(reference.total > 0);
    check_all<Space>(g, reference.total, name);
    for (auto intersection : k_intersections)
      for (auto variant : {TriangleVariant::masked, TriangleVariant::split}) {
        TriangleCountParams p;
        p.per_vertex = true;
        p.intersection = intersection;
        p.variant = variant;
        p.lane_sums = intersection != Intersection::binary;  // one reduction per task where binary
        auto r = triangle_count(Space{}, g, p);
        INFO(name << " per-vertex, " << to_string(variant) << "/" << to_string(intersection) << ", lane sums "
                  << p.lane_sums);
        CHECK(r.triangles == reference.total);
        CHECK(to_vector(r.per_vertex) == reference.per_vertex);
        auto cc = to_vector(r.clustering);
        auto host = mirror_graph<Kokkos::HostSpace>(g);
        for (vid_t v = 0; v < host.num_vertices(); v += 97) {
          const double d = static_cast<double>(host.row_map(v + 1) - host.row_map(v));
          CHECK(cc[v] == doctest::Approx(d > 1 ? 2.0 * reference.per_vertex[v] / (d * (d - 1)) : 0.0));
        }
      }
  }
}

// A prepared count (prepare_triangle_count) counted again and again, with and without the
// warm-up launch, gives the same exact count as the one-call path each time, with hubs (the hub
// kernel's sum and the task kernel's are read back together) and without, in every variant.
TEST_CASE_TEMPLATE_DEFINE("count_triangles: a prepared graph counted repeatedly", Space, tc_prepared) {
  gen::KroneckerParams kron;
  kron.scale = 11;
  kron.seed = 7;
  auto edges = gen::kronecker(Space{}, kron);
  const auto g = build_graph(Space{}, edges);
  const count_t expected = test::reference_triangles(mirror_graph<Kokkos::HostSpace>(g)).total;
  REQUIRE(expected > 0);
  for (auto intersection : {Intersection::automatic, Intersection::binary, Intersection::hash})  // hash: hubs only
    for (auto variant : {TriangleVariant::masked, TriangleVariant::split})
      for (bool per_vertex : {false, true}) {
        TriangleCountParams p;
        p.intersection = intersection;
        p.variant = variant;
        p.per_vertex = per_vertex;
        p.grid_waves = per_vertex ? 1 : 0;  // one wave, or the automatic grid
        INFO(to_string(variant) << "/" << to_string(intersection) << (per_vertex ? " per vertex" : ""));
        const auto plan = prepare_triangle_count(Space{}, g, p);
        CHECK(plan.preprocess_seconds > 0);
        CHECK(warm_up_triangle_count(Space{}, plan) >= 0);
        for (int repetition = 0; repetition < 3; ++repetition) {
          const auto r = count_triangles(Space{}, plan);
          CHECK(r.triangles == expected);
          CHECK(r.preprocess_seconds == plan.preprocess_seconds);  // every count reports its plan's
          CHECK((per_vertex ? r.grid_waves == 1 : r.grid_waves > 0));
          CHECK(r.launches >= 1);
          CHECK(r.launches == (plan.tasks > 0 ? 1 : 0) + (plan.dag->hubs.extent(0) > 0 ? 1 : 0));
        }
      }
}

// A distributed rank holding the node's whole degree DAG counts only the sources whose
// original vertex it owns: the shares over any split add up to the total, for every variant
// and intersection (hubs included).
TEST_CASE_TEMPLATE_DEFINE("count_oriented: counted sources split the exact count", Space, tc_sources) {
  using mem = typename Space::memory_space;
  gen::KroneckerParams kron;
  kron.scale = 11;
  kron.seed = 5;
  const auto g = build_graph(Space{}, gen::kronecker(Space{}, kron));
  const count_t expected = test::reference_triangles(mirror_graph<Kokkos::HostSpace>(g)).total;
  const auto relabeled = orient_relabeled_by_degree(Space{}, g);
  const vid_t n = g.num_vertices();
  const auto new_id = to_vector(relabeled.new_id);
  Kokkos::View<vid_t*, Kokkos::HostSpace> host_old_id("old_id", n);
  for (vid_t v = 0; v < n; ++v) host_old_id(new_id[static_cast<std::size_t>(v)]) = v;
  const Kokkos::View<const vid_t*, mem> old_id = Kokkos::create_mirror_view_and_copy(mem{}, host_old_id);
  for (auto variant : k_variants)
    for (auto intersection : k_intersections) {
      TriangleCountParams p;
      p.variant = variant;
      p.intersection = intersection;
      INFO(to_string(variant) << "/" << to_string(intersection));
      CHECK(detail::count_oriented(Space{}, relabeled.graph, {}, p) == expected);
      count_t sum = 0;
      for (vid_t first : {vid_t(0), vid_t(n / 5), vid_t(n / 2)}) {
        const vid_t last = first == 0 ? n / 5 : first == n / 5 ? n / 2 : n;
        const count_t share = detail::count_oriented(Space{}, relabeled.graph,
                                                     detail::CountedSources<mem>{old_id, first, last}, p);
        CHECK(share < expected);
        sum += share;
      }
      CHECK(sum == expected);
    }
}

// The hub rule's minimum: with fewer candidate hubs than min_count none is taken, and the
// count is the same either way (clique 40: every source of out-degree >= 8 is a candidate).
TEST_CASE_TEMPLATE_DEFINE("build_counting_dag: hubs only where there are enough of them", Space, tc_hub_rule) {
  const auto g = build_on<Space>(gen::clique(40));  // out-degrees 0..39 under either orientation
  const auto with = detail::build_counting_dag(Space{}, g, Orientation::degree, detail::HubRule{8, 4096, 32});
  const auto without = detail::build_counting_dag(Space{}, g, Orientation::degree, detail::HubRule{8, 4096, 33});
  CHECK(with.hubs.extent(0) == 32);     // out-degrees 8..39
  CHECK(without.hubs.extent(0) == 0);   // 32 candidates < 33
  CHECK(without.task_src.extent(0) > with.task_src.extent(0));
  CHECK(detail::build_counting_dag(Space{}, g, Orientation::id, detail::HubRule{}).hubs.extent(0) == 0);
}

TEST_CASE("triangle_count rejects directed graphs and unknown names") {
  EdgeList e = gen::clique(4);
  BuildOptions directed;
  directed.symmetrize = false;
  auto g = build_graph(e, directed);
  CHECK_THROWS_WITH_AS(triangle_count(Kokkos::DefaultExecutionSpace{}, g), doctest::Contains("undirected"), UserError);
  CHECK_THROWS_WITH_AS(parse_triangle_variant("fast"), doctest::Contains("masked, split or auto"), UserError);
  CHECK_THROWS_WITH_AS(parse_intersection("simd"), doctest::Contains("binary, merge, hash or auto"), UserError);
}

TEST_CASE_TEMPLATE_APPLY(tc_structured, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(tc_generated, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(tc_sources, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(tc_prepared, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(tc_hub_rule, tessera::test::ExecSpaces);

TEST_SUITE("real-data") {
  TEST_CASE("triangle_count: every shipped graph, every variant and intersection, equals ground truth") {
    using Space = Kokkos::DefaultExecutionSpace;
    for (const auto& row : test::read_ground_truth()) {
      auto loaded = io::load_graph(test::data_path(row.at("file")));
      const auto expected = static_cast<count_t>(row.integer("triangles"));
      // Both orientations on the small graphs; degree order (the default) on all.
      check_all<Space>(loaded.graph, expected, row.at("name"), loaded.graph.num_edges() < 50000);
      TriangleCountParams p;
      p.per_vertex = true;
      auto r = triangle_count(Space{}, loaded.graph, p);
      count_t sum = 0;
      for (auto t : to_vector(r.per_vertex)) sum += t;
      CHECK(sum == 3 * expected);
    }
  }
}
