// The Kokkos mining engine on real graphs against graphs/ground_truth.csv
// (../shared/data/README.md says how each column was computed): triangles, k4, k5,
// non-induced 4-cycles and diamonds, open wedges and every induced 4-motif, plus the
// identities that tie edge-induced to vertex-induced counts, on every result:
//   diamonds (edge-induced) = induced diamonds + 6 K4
//   4-cycles (edge-induced) = induced 4-cycles + induced diamonds + 3 K4
// The graphs are those whose whole check takes about a second or less on 2 CPU cores;
// bench/algorithms/pattern_mining runs the larger ones.
#include <doctest/doctest.h>

#include <algorithm>

#include "algorithms/pattern_mining/problems/mine.hpp"
#include "algorithms/pattern_mining/problems/motifs.hpp"
#include "io/graph_io.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using namespace tessera::mining;

TEST_SUITE("real-data") {
  TEST_CASE("mining engine: cliques, subgraphs and motifs equal ground truth") {
    using Space = Kokkos::DefaultExecutionSpace;
    const std::vector<std::string> wanted = {
        // snap
        "ca-GrQc", "ca-HepTh", "oregon1_010331", "p2p-Gnutella05", "p2p-Gnutella06", "lastfm-asia",
        // classic
        "karate", "dolphins", "lesmis", "polbooks", "football", "celegans_metabolic", "celegansneural",
        "netscience", "jazz", "citeseer", "power", "hep-th-newman", "PGPgiantcompo",
        // mesh
        "airfoil1", "metis-4elt-debian", "4elt", "wing",
        // lagraph
        "lagraph-tree-example", "lagraph-ldbc-cdlp-undirected-example", "lagraph-ldbc-undirected-example", "lagraph-A",
        "lagraph-ldbc-wcc-example", "lagraph-LFAT5", "lagraph-karate", "lagraph-jagmesh7"};
    int checked = 0;
    for (const auto& row : test::read_ground_truth()) {
      if (std::find(wanted.begin(), wanted.end(), row.at("name")) == wanted.end()) continue;
      ++checked;
      INFO("graph " << row.at("name"));
      const auto graph = io::load_graph(test::data_path(row.at("file"))).graph;
      auto truth = [&](const char* column) { return static_cast<count_t>(row.integer(column)); };
      const Space space;

      const MotifCounts three = count_motifs(space, graph, 3);
      CHECK(three.at("wedge") == truth("open_wedges"));
      CHECK(three.at("triangle") == truth("triangles"));

      const MotifCounts four = count_motifs(space, graph, 4);
      const char* names[] = {"3-star", "4-path", "tailed-triangle", "4-cycle", "diamond", "4-clique"};
      const char* columns[] = {"ind_3star", "ind_4path", "ind_tailedtri", "ind_4cycle", "ind_diamond", "ind_4clique"};
      for (int i = 0; i < 6; ++i) {
        INFO(names[i]);
        CHECK(four.at(names[i]) == truth(columns[i]));
      }
      // The non-induced counts the engine ran (motifs.hpp lists them in motifs(4) order).
      const count_t c4 = four.non_induced[3].second, diamonds = four.non_induced[4].second;
      CHECK(c4 == truth("C4_noninduced"));
      CHECK(diamonds == truth("diamond_noninduced"));
      CHECK(four.non_induced[5].second == truth("k4"));
      CHECK(diamonds == four.at("diamond") + 6 * four.at("4-clique"));
      CHECK(c4 == four.at("4-cycle") + four.at("diamond") + 3 * four.at("4-clique"));

      CHECK(count_cliques(space, graph, 4).count == truth("k4"));
      CHECK(count_cliques(space, graph, 5).count == truth("k5"));
      CHECK(engine_triangle_count(space, graph) == truth("triangles"));
      // Vertex-induced patterns directly (not through the motif formulas) and vertex tasks.
      MineParams vertex_tasks;
      vertex_tasks.engine.tasks = TaskKind::vertex;
      CHECK(mine(space, graph, pattern_by_name("diamond", Induced::vertex), vertex_tasks).count == truth("ind_diamond"));
      CHECK(mine(space, graph, pattern_by_name("4-cycle", Induced::vertex)).count == truth("ind_4cycle"));
      CHECK(mine(space, graph, pattern_by_name("wedge", Induced::vertex)).count == truth("open_wedges"));
    }
    CHECK(checked == static_cast<int>(wanted.size()));
  }
}
