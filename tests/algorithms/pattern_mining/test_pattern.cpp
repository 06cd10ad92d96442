// Patterns: validation, built-ins and motif sets, and pattern files (good and broken, with
// exact "file:line: what" messages).
#include <doctest/doctest.h>

#include <string>

#include "algorithms/pattern_mining/pattern/pattern.hpp"
#include "core/error.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using namespace tessera::mining;

namespace {

std::string message_of(const std::string& path) {
  try {
    read_pattern_file(path);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "(no ParseError)";
}

}  // namespace

TEST_CASE("pattern: construction, adjacency bitmasks and labels") {
  Pattern p({{0, 1}, {1, 2}, {0, 2}, {2, 3}, {1, 2}}, "tt", Induced::vertex, {5, -1, -1, 7});
  CHECK(p.num_vertices() == 4);
  CHECK(p.num_edges() == 4);  // duplicate 1-2 merged
  CHECK(p.adjacency(2) == 0b1011);
  CHECK(p.has_edge(3, 2));
  CHECK_FALSE(p.has_edge(0, 3));
  CHECK(p.degree(2) == 3);
  CHECK(p.label(0) == 5);
  CHECK(p.label(1) == k_no_label);
  CHECK(p.is_labelled());
  CHECK(p.induced() == Induced::vertex);
  CHECK(p.with_induced(Induced::edge).induced() == Induced::edge);
  CHECK(p.edges() == std::vector<PatternEdge>{{0, 1}, {0, 2}, {1, 2}, {2, 3}});
  CHECK(describe(p) == "tt (4 vertices, 4 edges, vertex-induced): 0-1 0-2 1-2 2-3 labels 5 -1 -1 7");
}

TEST_CASE("pattern: validation rejects empty, too large, self-loops and disconnected patterns") {
  CHECK_THROWS_AS(Pattern({}, "e"), UserError);
  CHECK_THROWS_WITH_AS(Pattern({{0, 1}, {1, 8}}, "big"), "pattern 'big' has 9 vertices; at most 8 are supported",
                       UserError);
  CHECK_THROWS_WITH_AS(Pattern({{0, 1}, {1, 1}}, "loop"), "pattern 'loop': self-loop on vertex 1; patterns are simple graphs",
                       UserError);
  CHECK_THROWS_WITH_AS(Pattern({{0, 1}, {2, 3}}, "two"),
                       "pattern 'two' is disconnected: vertices 2 3 are not reachable from vertex 0 (every vertex must "
                       "lie on a path of edges)",
                       UserError);
  CHECK_THROWS_AS(Pattern({{0, 1}}, "iso", Induced::edge, {}, 3), UserError);  // vertex 2 isolated
  CHECK_THROWS_AS(Pattern({{0, -1}}, "neg"), UserError);
  CHECK_THROWS_AS(Pattern({{0, 1}}, "lab", Induced::edge, {1}), UserError);  // wrong label count
  CHECK_NOTHROW(clique(8));
}

TEST_CASE("pattern: built-ins by name, aliases, and the unknown-name message") {
  struct Expect {
    const char* name;
    int n, m;
  };
  const Expect expected[] = {{"triangle", 3, 3},        {"diamond", 4, 5}, {"4-cycle", 4, 4},
                             {"tailed-triangle", 4, 4}, {"3-star", 4, 3},  {"4-path", 4, 3},
                             {"wedge", 3, 2},           {"house", 5, 6},   {"pentagon", 5, 5}};
  for (const auto& e : expected) {
    INFO(e.name);
    const Pattern p = pattern_by_name(e.name);
    CHECK(p.name() == e.name);
    CHECK(p.num_vertices() == e.n);
    CHECK(p.num_edges() == e.m);
    CHECK(p.induced() == Induced::edge);
  }
  for (int k = 3; k <= 8; ++k) {
    const Pattern p = pattern_by_name(std::to_string(k) + "-clique", Induced::vertex);
    CHECK(p.num_vertices() == k);
    CHECK(p.num_edges() == k * (k - 1) / 2);
    CHECK(p.induced() == Induced::vertex);
    CHECK(pattern_by_name("k" + std::to_string(k)) == clique(k));
    CHECK(pattern_by_name("k" + std::to_string(k)).name() == std::to_string(k) + "-clique");
  }
  CHECK(pattern_by_name("rectangle").name() == "4-cycle");
  CHECK(pattern_by_name("3-path").name() == "wedge");
  CHECK(pattern_by_name("3-clique") == pattern_by_name("triangle"));
  CHECK(builtin_pattern_names().size() == 15);
  CHECK_THROWS_WITH_AS(pattern_by_name("hexagon"),
                       "unknown pattern 'hexagon'; built-in patterns are: triangle diamond 4-cycle tailed-triangle "
                       "3-star 4-path wedge house pentagon 3-clique 4-clique 5-clique 6-clique 7-clique 8-clique "
                       "(aliases: 3-path k3 k4 k5 k6 k7 k8 rectangle); or give a pattern file",
                       UserError);
  CHECK(parse_induced("vertex") == Induced::vertex);
  CHECK(parse_induced("edge-induced") == Induced::edge);
  CHECK_THROWS_AS(parse_induced("both"), UserError);
}

TEST_CASE("pattern: motif sets motifs(3) and motifs(4) in order, vertex-induced") {
  auto names = [](const std::vector<Pattern>& ps) {
    std::vector<std::string> out;
    for (const auto& p : ps) {
      CHECK(p.induced() == Induced::vertex);
      out.push_back(p.name());
    }
    return out;
  };
  CHECK(names(motifs(3)) == std::vector<std::string>{"wedge", "triangle"});
  CHECK(names(motifs(4)) ==
        std::vector<std::string>{"3-star", "4-path", "tailed-triangle", "4-cycle", "diamond", "4-clique"});
  CHECK_THROWS_AS(motifs(5), UserError);
  // The 4-motifs are pairwise non-isomorphic: distinct sorted degree sequences.
  std::vector<std::vector<int>> degrees;
  for (const auto& p : motifs(4)) {
    std::vector<int> d;
    for (int v = 0; v < 4; ++v) d.push_back(p.degree(v));
    std::sort(d.begin(), d.end());
    degrees.push_back(d);
  }
  for (std::size_t i = 0; i < degrees.size(); ++i)
    for (std::size_t j = i + 1; j < degrees.size(); ++j) CHECK(degrees[i] != degrees[j]);
}

TEST_CASE("pattern files: comments, labels, and the file stem as name") {
  test::TempDir dir;
  const auto path = dir.write("my-diamond.pat",
                              "# a diamond\n"
                              "\n"
                              "0 1\n0 2\n0 3   \n1 2\r\n  1 3\n"
                              "# labels\n"
                              "label 2 4\n");
  const Pattern p = read_pattern_file(path, Induced::vertex);
  CHECK(p.name() == "my-diamond");
  CHECK(p.num_edges() == 5);
  CHECK(p.label(2) == 4);
  CHECK(p.label(3) == k_no_label);
  CHECK(p.induced() == Induced::vertex);
  CHECK(p.with_name("diamond").with_induced(Induced::edge).edges() == pattern_by_name("diamond").edges());
}

TEST_CASE("pattern files: broken files raise ParseError with file:line") {
  test::TempDir dir;
  struct Bad {
    const char* content;
    int line;  // 0: whole-file message without a line
    const char* what;
  };
  const Bad cases[] = {
      {"0 1\n1 x\n", 2, "'x' is not a vertex id (expected an integer)"},
      {"# c\n0 1\n1 2 3\n", 3, "expected an edge 'u v' or 'label v L', got '1 2 3'"},
      {"0 1\n\n1 1\n", 3, "self-loop on vertex 1; patterns are simple graphs"},
      {"0 1\n1 8\n", 2, "vertex id 8 is outside [0, 8); patterns have at most 8 vertices, numbered from 0"},
      {"0 -1\n", 1, "vertex id -1 is outside [0, 8); patterns have at most 8 vertices, numbered from 0"},
      {"0 1\nlabel 1\n", 2, "expected 'label <vertex> <label>', got 'label 1'"},
      {"0 1\nlabel 1 -3\n", 2, "'-3' is not a label (expected an integer >= 0)"},
      {"0 1\nlabel 1 2\nlabel 1 3\n", 3, "vertex 1 already has label 2 (line 2)"},
      {"0 1\nlabel 5 2\n", 2, "label for vertex 5, which is in no edge (vertices are 0..1)"},
      {"# nothing\n\n", 0, "no edges: a pattern file needs at least one 'u v' line"},
      {"0 1\n2 3\n", 0,
       "pattern 'p' is disconnected: vertices 2 3 are not reachable from vertex 0 (every vertex must lie on a path "
       "of edges)"},
  };
  int index = 0;
  for (const auto& c : cases) {
    const auto path = dir.write("p" + std::to_string(index++) + ".pat", c.content);
    std::string expected = path + (c.line > 0 ? ":" + std::to_string(c.line) : std::string()) + ": " + c.what;
    // The disconnected message names the pattern after the file stem.
    if (c.line == 0 && std::string(c.what).rfind("pattern 'p'", 0) == 0)
      expected = path + ": pattern 'p" + std::to_string(index - 1) + "'" + (std::string(c.what).substr(11));
    INFO(c.content);
    CHECK(message_of(path) == expected);
  }
  const std::string missing = dir.file("absent.pat");
  CHECK(message_of(missing) == missing + ": cannot open the pattern file");
}
