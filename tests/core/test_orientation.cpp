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

// What a distributed rank builds from every vertex's degree and its own rows only: the same
// numbering as the one-pass relabel, and each row range's out-lists equal to the relabeled
// DAG's rows of those vertices.
TEST_CASE_TEMPLATE_DEFINE("order_by_degree and orient_rows_by_numbering equal the relabeled DAG", Space, range_cases) {
  using mem = typename Space::memory_space;
  gen::KroneckerParams kron;
  kron.scale = 10;
  kron.edge_factor = 8;
  kron.seed = 7;
  for (const auto& g : {build_graph(Space{}, to_edge_arrays<mem>(star_plus_edge())),
                        build_graph(Space{}, gen::kronecker(Space{}, kron))}) {
    const vid_t n = g.num_vertices();
    const auto host = mirror_graph<Kokkos::HostSpace>(g);
    Kokkos::View<vid_t*, Kokkos::HostSpace> degrees("degrees", n);
    for (vid_t v = 0; v < n; ++v) degrees(v) = static_cast<vid_t>(host.row_map(v + 1) - host.row_map(v));
    const auto order = order_by_degree(Space{}, Kokkos::View<const vid_t*, mem>(Kokkos::create_mirror_view_and_copy(mem{}, degrees)));
    const auto fused = orient_relabeled_by_degree(Space{}, g);
    const auto new_id = to_vector(fused.new_id);
    CHECK(to_vector(order.new_id) == new_id);
    const auto old_id = to_vector(order.old_id);
    for (vid_t v = 0; v < n; ++v) CHECK(old_id[static_cast<std::size_t>(new_id[static_cast<std::size_t>(v)])] == v);
    const auto dag = mirror_graph<Kokkos::HostSpace>(fused.graph);
    // Two row ranges, the second starting off a power of two, as two ranks would hold them.
    const vid_t split = n / 3;
    for (const auto& range : {std::pair<vid_t, vid_t>{0, split}, std::pair<vid_t, vid_t>{split, n}}) {
      const vid_t first = range.first, last = range.second;  // named copies: INFO captures them
      HostGraph rows;
      rows.row_map = Kokkos::View<eid_t*, Kokkos::HostSpace>("rows", static_cast<std::size_t>(last - first) + 1);
      const eid_t base = host.row_map(first);
      for (vid_t i = 0; i <= last - first; ++i) rows.row_map(i) = host.row_map(first + i) - base;
      rows.entries = Kokkos::subview(host.entries, Kokkos::make_pair(base, host.row_map(last)));
      const auto oriented = mirror_graph<Kokkos::HostSpace>(orient_rows_by_numbering(
          Space{}, mirror_graph<mem>(rows), first, Kokkos::View<const vid_t*, mem>(order.new_id)));
      CHECK(oriented.directed);
      for (vid_t i = 0; i < last - first; ++i) {
        const vid_t k = new_id[static_cast<std::size_t>(first + i)];
        std::vector<vid_t> expected(dag.entries.data() + dag.row_map(k), dag.entries.data() + dag.row_map(k + 1));
        std::vector<vid_t> got(oriented.entries.data() + oriented.row_map(i), oriented.entries.data() + oriented.row_map(i + 1));
        INFO("vertex " << first + i);
        CHECK(got == expected);
      }
    }
  }
}

TEST_CASE("parse_orientation") {
  CHECK(parse_orientation("degree") == Orientation::degree);
  CHECK(parse_orientation("id") == Orientation::id);
  CHECK_THROWS_WITH_AS(parse_orientation("random"), doctest::Contains("expected degree or id"), UserError);
}

TEST_CASE_TEMPLATE_APPLY(orient_cases, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(relabel_cases, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(fused_cases, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(range_cases, tessera::test::ExecSpaces);
