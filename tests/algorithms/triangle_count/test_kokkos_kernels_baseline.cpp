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

// Both methods are exact on host spaces only: on GPUs triangle_ll has no kernel and SpGEMM is
// unreliable in 3.4.01 (BASELINE.md), so the functional tests run on the host space, and the
// GPU space is tested for refusing.
template <class Space>
std::vector<KokkosKernelsMethod> methods_for() {
  return {KokkosKernelsMethod::triangle_ll, KokkosKernelsMethod::spgemm_masked};
}

// Counts with every method on Space; the SpGEMM method also with `small_budget` wedges per
// block (0: not), so the rows are split into many blocks (a row over it forms one alone).
template <class Space>
std::vector<count_t> kk_counts(const CsrGraph<typename Space::memory_space>& g, std::uint64_t small_budget) {
  std::vector<count_t> counts;
  for (const auto method : methods_for<Space>()) {
    for (const std::uint64_t budget : {std::uint64_t{1} << 28, small_budget}) {
      if (budget == small_budget && (method == KokkosKernelsMethod::triangle_ll || small_budget == 0)) continue;
      INFO("method " << to_string(method) << ", block budget " << budget);
      KokkosKernelsTriangleParams params;
      params.method = method;
      params.max_block_wedges = budget;
      const auto r = kokkos_kernels_triangle_count(Space{}, g, params);
      CHECK(r.method == method);
      CHECK(r.preprocess_seconds >= 0);
      CHECK(r.count_seconds >= 0);
      counts.push_back(r.triangles);
    }
  }
  return counts;
}

template <class Space>
void check_count(const CsrGraph<typename Space::memory_space>& g, count_t expected, std::uint64_t small_budget = 7) {
  for (const count_t c : kk_counts<Space>(g, small_budget)) CHECK(c == expected);
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("Kokkos Kernels baseline: structured graphs", Space, kk_structured) {
  check_count<Space>(build<Space>(clique(10)), 120);
  check_count<Space>(build<Space>(clique(3)), 1);
  // 40 vertices: more than one 32-column set of Kokkos Kernels' compression.
  check_count<Space>(build<Space>(clique(40)), 9880);
  check_count<Space>(build<Space>(star(50)), 0);
  check_count<Space>(build<Space>(complete_bipartite(7, 9)), 0);
  check_count<Space>(build<Space>(EdgeList{}), 0);
}

TEST_CASE_TEMPLATE_DEFINE("Kokkos Kernels baseline: Kronecker scale 10 matches the serial count", Space,
                          kk_kronecker) {
  gen::KroneckerParams p;
  p.scale = 10;
  p.edge_factor = 16;
  const auto g = build_graph(Space{}, gen::kronecker(Space{}, p));
  const count_t expected = test::serial_triangle_count(mirror_graph<Kokkos::HostSpace>(g));
  CHECK(expected > 0);
  check_count<Space>(g, expected, /*small_budget=*/20000);
  // Unscrambled ids put the hubs first: a different row-length profile, same answer.
  p.scramble_ids = false;
  const auto h = build_graph(Space{}, gen::kronecker(Space{}, p));
  check_count<Space>(h, test::serial_triangle_count(mirror_graph<Kokkos::HostSpace>(h)), /*small_budget=*/20000);
}

TEST_CASE_TEMPLATE_DEFINE("Kokkos Kernels baseline rejects bad requests", Space, kk_bad_requests) {
  auto g = build<Space>(clique(4));
  KokkosKernelsTriangleParams zero_budget;
  zero_budget.max_block_wedges = 0;
  CHECK_THROWS_AS(kokkos_kernels_triangle_count(Space{}, g, zero_budget), UserError);
  g.directed = true;
  CHECK_THROWS_AS(kokkos_kernels_triangle_count(Space{}, g), UserError);
}

using HostSpaces = std::tuple<Kokkos::DefaultHostExecutionSpace>;
TEST_CASE_TEMPLATE_APPLY(kk_structured, HostSpaces);
TEST_CASE_TEMPLATE_APPLY(kk_kronecker, HostSpaces);
TEST_CASE_TEMPLATE_APPLY(kk_bad_requests, test::ExecSpaces);

TEST_CASE("Kokkos Kernels baseline on a GPU space: refused unless unreliable results are accepted") {
  using Space = Kokkos::DefaultExecutionSpace;
  const auto g = build<Space>(clique(5));
  if (!tessera::detail::is_gpu_space<Space>()) {
    CHECK(kokkos_kernels_triangle_count(Space{}, g).triangles == 10);
    return;
  }
  // triangle_ll's GPU functor is empty in 3.4.01: it would return 0.
  KokkosKernelsTriangleParams ll;
  ll.method = KokkosKernelsMethod::triangle_ll;
  ll.allow_unreliable_gpu = true;
  CHECK_THROWS_WITH_AS(kokkos_kernels_triangle_count(Space{}, g, ll), doctest::Contains("empty body"), UserError);
  // SpGEMM runs only on request (not called here: its faults poison the CUDA context).
  CHECK_THROWS_WITH_AS(kokkos_kernels_triangle_count(Space{}, g), doctest::Contains("allow_unreliable_gpu"),
                       UserError);
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
      check_count<Space>(mirror_graph<Space::memory_space>(loaded.graph),
                         static_cast<count_t>(row.integer("triangles")), /*small_budget=*/0);
      ++checked;
    }
    CHECK(checked == names.size());
  }
}
