// Search plans run by the serial interpreter on the small classic graphs, against the
// independently computed counts in graphs/ground_truth.csv (see ../shared/data/README.md),
// plus the identities that tie edge-induced to vertex-induced counts:
//   diamonds (edge-induced) = induced diamonds + 6 K4
//   4-cycles (edge-induced) = induced 4-cycles + induced diamonds + 3 K4
#include <doctest/doctest.h>

#include "algorithms/pattern_mining/plan/search_plan.hpp"
#include "algorithms/pattern_mining/plan/serial_plan_executor.hpp"
#include "io/graph_io.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using namespace tessera::mining;

namespace {

count_t count(const HostGraph& g, const Pattern& p) { return serial_plan_count(g, build_search_plan(p)); }

}  // namespace

TEST_SUITE("real-data") {
  TEST_CASE("pattern mining plans on classic graphs match ground truth") {
    const std::vector<std::string> wanted = {"karate", "dolphins", "lesmis", "polbooks", "football"};
    int checked = 0;
    for (const auto& row : test::read_ground_truth()) {
      if (std::find(wanted.begin(), wanted.end(), row.at("name")) == wanted.end()) continue;
      ++checked;
      INFO("graph " << row.at("name"));
      const HostGraph g = mirror_graph<Kokkos::HostSpace>(io::load_graph(test::data_path(row.at("file"))).graph);
      auto truth = [&](const char* column) { return static_cast<count_t>(row.integer(column)); };
      CHECK(count(g, pattern_by_name("triangle")) == truth("triangles"));
      CHECK(count(g, clique(4)) == truth("k4"));
      CHECK(count(g, clique(5)) == truth("k5"));
      const count_t c4 = count(g, pattern_by_name("4-cycle"));
      const count_t diamonds = count(g, pattern_by_name("diamond"));
      CHECK(c4 == truth("C4_noninduced"));
      CHECK(diamonds == truth("diamond_noninduced"));
      CHECK(count(g, pattern_by_name("wedge", Induced::vertex)) == truth("open_wedges"));
      const char* columns[] = {"ind_3star", "ind_4path", "ind_tailedtri", "ind_4cycle", "ind_diamond", "ind_4clique"};
      const auto four = motifs(4);
      std::vector<count_t> induced;
      for (std::size_t i = 0; i < four.size(); ++i) {
        INFO(four[i].name());
        induced.push_back(count(g, four[i]));
        CHECK(induced.back() == truth(columns[i]));
      }
      const auto three = motifs(3);
      CHECK(count(g, three[0]) == truth("open_wedges"));
      CHECK(count(g, three[1]) == truth("triangles"));
      // Identities, on our counts and on the table's.
      const count_t k4 = induced[5];
      CHECK(diamonds == induced[4] + 6 * k4);
      CHECK(c4 == induced[3] + induced[4] + 3 * k4);
      CHECK(truth("diamond_noninduced") == truth("ind_diamond") + 6 * truth("k4"));
      CHECK(truth("C4_noninduced") == truth("ind_4cycle") + truth("ind_diamond") + 3 * truth("k4"));
    }
    CHECK(checked == static_cast<int>(wanted.size()));
  }
}
