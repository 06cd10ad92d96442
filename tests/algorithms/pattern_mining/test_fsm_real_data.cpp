// Frequent subgraph mining on the labelled reference graphs (graphs/labelled/README.md):
// citeseer and cora at every row of fsm_ground_truth.csv (K = 2 and 3, every listed sigma):
// the counts per pattern size, and the pattern list (patterns and supports) line for line
// equal to <graph>_k<K>_s<sigma>.patterns.txt.gz; stars and 3-paths from label counts, and
// every pattern on the engine with levels 1-2 batched (bounded BFS) and not.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "algorithms/pattern_mining/fsm/fsm.hpp"
#include "io/graph_io.hpp"
#include "io/text/line_reader.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using namespace tessera::mining;

namespace {

std::vector<std::string> lines_of(const std::string& path) {
  io::detail::LineReader reader(path);
  std::vector<std::string> out;
  std::string_view line;
  while (reader.next(line)) out.emplace_back(line);
  return out;
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string field;
  while (std::getline(in, field, sep)) out.push_back(field);
  return out;
}

}  // namespace

TEST_SUITE("real-data") {
  TEST_CASE("fsm: citeseer and cora equal the reference counts and pattern lists") {
    const std::string folder = test::data_path("graphs/labelled/");
    const auto csv = lines_of(folder + "fsm_ground_truth.csv");
    REQUIRE(csv.size() > 1);
    const auto header = split(csv[0], ',');
    REQUIRE(header.size() >= 8);
    CHECK(header[0] == "graph");
    CHECK(header[1] == "max_edges");
    CHECK(header[2] == "sigma");
    CHECK(header[3] == "support");
    CHECK(header[4] == "frequent_patterns");
    CHECK(header[5] == "frequent_1edge");
    std::map<std::string, DeviceGraph> graphs;
    int rows = 0;
    for (std::size_t i = 1; i < csv.size(); ++i) {
      const auto f = split(csv[i], ',');
      const std::string& name = f[0];
      CAPTURE(csv[i]);
      REQUIRE(f[3] == "MNI");
      if (!graphs.count(name)) {
        io::GraphLoadOptions load;
        load.labels = folder + name + ".labels.gz";
        graphs[name] = io::load_graph(folder + name + ".el.gz", load).graph;
      }
      // Stars and 3-paths from label counts (default), or every pattern on the engine, levels 1-2
      // batched or not.
      for (const auto& mode : {std::pair{true, true}, std::pair{false, true}, std::pair{false, false}}) {
      const bool counts = mode.first, bfs = mode.second;  // (CAPTURE cannot take structured bindings)
      CAPTURE(counts);
      CAPTURE(bfs);
      FsmParams params;
      params.max_edges = std::stoi(f[1]);
      params.support = std::stoull(f[2]);
      params.count_supports = counts;
      params.bounded_bfs = bfs;
      const FsmResult r = frequent_subgraphs(Kokkos::DefaultExecutionSpace{}, graphs[name], params);
      CHECK(r.patterns.size() == std::stoull(f[4]));
      for (int k = 1; k <= 3; ++k) {
        const count_t expected = std::stoull(f[static_cast<std::size_t>(4 + k)]);
        CHECK((k <= params.max_edges ? r.by_edges[static_cast<std::size_t>(k - 1)] : 0) == expected);
      }
      std::ostringstream list;
      write_pattern_list(list, r, name, params);
      const auto expected = lines_of(folder + name + "_k" + f[1] + "_s" + f[2] + ".patterns.txt.gz");
      CHECK(split(list.str(), '\n') == expected);
      }
      ++rows;
    }
    CHECK(rows == 14);
  }
}
