// Every shipped graph: sizes match ground_truth.csv, and HDF5 and edge-list round trips give
// the identical CSR arrays (the foundation issue's acceptance test).
#include <doctest/doctest.h>

#include "core/graph/degree_stats.hpp"
#include "io/graph_io.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using tessera::test::to_vector;

namespace {
void check_identical(const HostGraph& a, const HostGraph& b, const std::string& what) {
  INFO(what);
  CHECK(to_vector(a.row_map) == to_vector(b.row_map));
  CHECK(to_vector(a.entries) == to_vector(b.entries));
  CHECK(a.directed == b.directed);
}
}  // namespace

TEST_SUITE("real-data") {
  TEST_CASE("shipped graphs: n, m, max degree match ground truth; HDF5 and edge-list round trips are exact") {
    test::TempDir dir;
    const auto rows = test::read_ground_truth();
    REQUIRE(rows.size() >= 40);
    for (const auto& row : rows) {
      const std::string name = row.at("name");
      INFO("graph " << name);
      auto loaded = io::load_graph(test::data_path(row.at("file")));
      auto host = mirror_graph<Kokkos::HostSpace>(loaded.graph);
      CHECK(host.num_vertices() == row.integer("n"));
      CHECK(host.num_edges() == row.integer("m"));
      CHECK(loaded.report.self_loops_removed == 0);   // the normalized files are simple graphs
      CHECK(loaded.report.duplicates_removed == 0);
      auto stats = degree_stats(Kokkos::DefaultExecutionSpace{}, loaded.graph);
      CHECK(stats.max_degree == row.integer("dmax"));
      // Open wedges (induced 2-paths) + 3 x triangles = all 2-paths = sum of C(d, 2).
      CHECK(stats.wedges == static_cast<count_t>(row.integer("open_wedges") + 3 * row.integer("triangles")));

#ifdef TESSERA_HAVE_HDF5
      const std::string h5 = dir.file(name + ".h5");
      io::save_graph(h5, host);
      auto back = mirror_graph<Kokkos::HostSpace>(io::load_graph(h5).graph);
      check_identical(host, back, "HDF5 round trip");
#endif
      const std::string el = dir.file(name + ".el.gz");
      io::save_graph(el, host);
      auto again = mirror_graph<Kokkos::HostSpace>(io::load_graph(el).graph);
      check_identical(host, again, "edge-list round trip");
    }
  }
}
