// The Kokkos Kernels triangle-counting baseline: exact counts on structured graphs with known
// answers, a Kronecker graph against the serial reference, and the shipped real graphs
// against ground_truth.csv (column `triangles`).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "algorithms/triangle_count/kokkos_kernels_baseline.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "io/generators/random_graphs.hpp"
#include "io/graph_io.hpp"
#include "tests/reference/serial_triangle_count.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

EdgeList clique(vid_t k) {
  EdgeList e;
  e.num_vertices = k;
  for (vid_t u = 0; u < k; ++u)
    for (vid_t v = u + 1; v < k; ++v) {
      e.src.push_back(u);
      e.dst.push_back(v);
    }
  return e;
}

EdgeList star(vid_t leaves) {
  EdgeList e;
  e.num_vertices = leaves + 1;
  for (vid_t v = 1; v <= leaves; ++v) {
    e.src.push_back(0);
    e.dst.push_back(v);
  }
  return e;
}

EdgeList complete_bipartite(vid_t a, vid_t b) {
  EdgeList e;
  e.num_vertices = a + b;
  for (vid_t u = 0; u < a; ++u)
    for (vid_t v = 0; v < b; ++v) {
      e.src.push_back(u);
      e.dst.push_back(a + v);
    }
  return e;
}

template <class Space>
CsrGraph<typename Space::memory_space> build(const EdgeList& e) {
  return build_graph(Space{}, to_edge_arrays<typename Space::memory_space>(e));
}

template <class Space>
count_t kk_count(const CsrGraph<typename Space::memory_space>& g) {
  const auto r = kokkos_kernels_triangle_count(Space{}, g);
  CHECK(r.preprocess_seconds >= 0);
  CHECK(r.count_seconds >= 0);
  return r.triangles;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("Kokkos Kernels baseline: structured graphs", Space, kk_structured) {
  CHECK(kk_count<Space>(build<Space>(clique(10))) == 120);
  CHECK(kk_count<Space>(build<Space>(clique(3))) == 1);
  // 40 vertices: more than one 32-column set of Kokkos Kernels' compression.
  CHECK(kk_count<Space>(build<Space>(clique(40))) == 9880);
  CHECK(kk_count<Space>(build<Space>(star(50))) == 0);
  CHECK(kk_count<Space>(build<Space>(complete_bipartite(7, 9))) == 0);
  CHECK(kk_count<Space>(build<Space>(EdgeList{})) == 0);
}

TEST_CASE_TEMPLATE_DEFINE("Kokkos Kernels baseline: Kronecker scale 10 matches the serial count", Space,
                          kk_kronecker) {
  gen::KroneckerParams p;
  p.scale = 10;
  p.edge_factor = 16;
  const auto g = build_graph(Space{}, gen::kronecker(Space{}, p));
  const count_t expected = test::serial_triangle_count(mirror_graph<Kokkos::HostSpace>(g));
  CHECK(expected > 0);
  CHECK(kk_count<Space>(g) == expected);
  // Unscrambled ids put the hubs first: a different row-length profile, same answer.
  p.scramble_ids = false;
  const auto h = build_graph(Space{}, gen::kronecker(Space{}, p));
  CHECK(kk_count<Space>(h) == test::serial_triangle_count(mirror_graph<Kokkos::HostSpace>(h)));
}

TEST_CASE_TEMPLATE_DEFINE("Kokkos Kernels baseline rejects directed graphs", Space, kk_directed) {
  auto g = build<Space>(clique(4));
  g.directed = true;
  CHECK_THROWS_AS(kokkos_kernels_triangle_count(Space{}, g), UserError);
}

// The baseline runs on the host space only for now (see BASELINE.md); on a GPU default space
// it must refuse clearly rather than return a wrong count or hang.
using KokkosKernelsSpaces = std::tuple<Kokkos::DefaultHostExecutionSpace>;
TEST_CASE_TEMPLATE_APPLY(kk_structured, KokkosKernelsSpaces);
TEST_CASE_TEMPLATE_APPLY(kk_kronecker, KokkosKernelsSpaces);
TEST_CASE_TEMPLATE_APPLY(kk_directed, KokkosKernelsSpaces);

TEST_CASE("Kokkos Kernels baseline refuses GPU execution spaces with a clear error") {
  using Space = Kokkos::DefaultExecutionSpace;
  auto g = build<Space>(clique(5));
  if (tessera::detail::is_gpu_space<Space>())
    CHECK_THROWS_WITH_AS(kokkos_kernels_triangle_count(Space{}, g), doctest::Contains("not usable on"), UserError);
  else
    CHECK(kk_count<Space>(g) == 10);
}

TEST_SUITE("real-data") {
  TEST_CASE("Kokkos Kernels baseline: shipped graphs match ground_truth.csv triangles") {
    using Space = Kokkos::DefaultHostExecutionSpace;
    // Small, hub-heavy, dense and mesh graphs; all well under a second on two cores.
    const std::vector<std::string> names = {"karate",         "lagraph-bcsstk13", "ego-Facebook",
                                            "ca-HepTh",       "oregon1_010331",   "email-Eu-core",
                                            "as-caida20071105", "4elt",           "lagraph-tree-example"};
    std::size_t checked = 0;
    for (const auto& row : test::read_ground_truth()) {
      if (std::find(names.begin(), names.end(), row.at("name")) == names.end()) continue;
      INFO("graph " << row.at("name"));
      const auto loaded = io::load_graph(test::data_path(row.at("file")));
      CHECK(kokkos_kernels_triangle_count(Space{}, mirror_graph<Kokkos::HostSpace>(loaded.graph)).triangles ==
            static_cast<count_t>(row.integer("triangles")));
      ++checked;
    }
    CHECK(checked == names.size());
  }
}
