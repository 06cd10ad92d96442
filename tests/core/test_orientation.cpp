// Orientations and degree relabeling.
#include <doctest/doctest.h>

#include <set>

#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "core/graph/orientation.hpp"
#include "io/generators/random_graphs.hpp"
#include "tests/support/spaces.hpp"

using namespace tessera;
using tessera::test::to_vector;

namespace {
// A star with centre 0 and leaves 1..4, plus the edge (3, 4): degrees 4, 1, 1, 2, 2.
EdgeList star_plus_edge() {
  EdgeList e;
  e.num_vertices = 5;
  e.src = {0, 0, 0, 0, 3};
  e.dst = {1, 2, 3, 4, 4};
  return e;
}
}  // namespace

TEST_CASE_TEMPLATE_DEFINE("orient by id and by degree", Space, orient_cases) {
  using mem = typename Space::memory_space;
  auto g = build_graph(Space{}, to_edge_arrays<mem>(star_plus_edge()));
  auto by_id = mirror_graph<Kokkos::HostSpace>(orient(Space{}, g, Orientation::id));
  CHECK(by_id.directed);
  CHECK(to_vector(by_id.row_map) == std::vector<eid_t>{0, 4, 4, 4, 5, 5});
  CHECK(to_vector(by_id.entries) == std::vector<vid_t>{1, 2, 3, 4, 4});

  // Degree order: 1 (deg 1) < 2 (deg 1) < 3 (deg 2) < 4 (deg 2) < 0 (deg 4).
  auto by_degree = mirror_graph<Kokkos::HostSpace>(orient(Space{}, g, Orientation::degree));
  CHECK(to_vector(by_degree.row_map) == std::vector<eid_t>{0, 0, 1, 2, 4, 5});
  CHECK(to_vector(by_degree.entries) == std::vector<vid_t>{0, 0, 0, 4, 0});
  CHECK(by_degree.num_edges() == g.num_edges());

  CHECK_THROWS_AS(orient(Space{}, orient(Space{}, g, Orientation::id), Orientation::id), UserError);
}

TEST_CASE_TEMPLATE_DEFINE("relabel_by_degree puts hubs first", Space, relabel_cases) {
  using mem = typename Space::memory_space;
  auto g = build_graph(Space{}, to_edge_arrays<mem>(star_plus_edge()));
  auto r = relabel_by_degree(Space{}, g);
  // Descending degree, ties by id: 0 (4), 3 (2), 4 (2), 1 (1), 2 (1).
  CHECK(to_vector(r.new_id) == std::vector<vid_t>{0, 3, 4, 1, 2});
  auto h = mirror_graph<Kokkos::HostSpace>(r.graph);
  CHECK(to_vector(h.row_map) == std::vector<eid_t>{0, 4, 6, 8, 9, 10});
  CHECK(to_vector(h.entries) == std::vector<vid_t>{1, 2, 3, 4, 0, 2, 0, 1, 0, 0});
}

TEST_CASE_TEMPLATE_DEFINE("orient_relabeled_by_degree equals relabel then orient", Space, fused_cases) {
  using mem = typename Space::memory_space;
  gen::KroneckerParams kron;
  kron.scale = 10;
  kron.edge_factor = 8;
  kron.seed = 3;
  for (const auto& g : {build_graph(Space{}, to_edge_arrays<mem>(star_plus_edge())),
                        build_graph(Space{}, gen::kronecker(Space{}, kron))}) {
    const auto fused = orient_relabeled_by_degree(Space{}, g);
    const auto relabeled = relabel_by_degree(Space{}, g, /*descending=*/false);
    const auto two_pass = mirror_graph<Kokkos::HostSpace>(orient(Space{}, relabeled.graph, Orientation::id));
    const auto one_pass = mirror_graph<Kokkos::HostSpace>(fused.graph);
    CHECK(one_pass.directed);
    CHECK(to_vector(fused.new_id) == to_vector(relabeled.new_id));
    CHECK(to_vector(one_pass.row_map) == to_vector(two_pass.row_map));
    CHECK(to_vector(one_pass.entries) == to_vector(two_pass.entries));
    CHECK(one_pass.num_entries() == g.num_edges());
  }
  CHECK_THROWS_AS(orient_relabeled_by_degree(Space{}, orient(Space{}, build_graph(Space{}, to_edge_arrays<mem>(star_plus_edge())), Orientation::id)), UserError);
}

TEST_CASE("parse_orientation") {
  CHECK(parse_orientation("degree") == Orientation::degree);
  CHECK(parse_orientation("id") == Orientation::id);
  CHECK_THROWS_WITH_AS(parse_orientation("random"), doctest::Contains("expected degree or id"), UserError);
}

TEST_CASE_TEMPLATE_APPLY(orient_cases, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(relabel_cases, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(fused_cases, tessera::test::ExecSpaces);
