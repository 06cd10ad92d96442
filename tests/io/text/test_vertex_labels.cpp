// Vertex label files: comments, gzip, every vertex once; each malformed input's message; the
// labels reaching the graph through load_graph (text, generator) and the builder's compaction.
#include <doctest/doctest.h>

#include "io/graph_io.hpp"
#include "io/text/vertex_labels_format.hpp"
#include "tests/io/text/text_test_util.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using tessera::test::check_parse_error;
using tessera::test::TempDir;

namespace {

std::vector<label_t> host_labels(const DeviceGraph& g) {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, g.labels);
  return std::vector<label_t>(h.data(), h.data() + h.extent(0));
}

}  // namespace

TEST_CASE("read_vertex_labels: comments, blank lines, any order, gzip") {
  TempDir dir;
  const std::string text = "# vertex label\n\n2 7\n0 3\n  # indented comment\n1\t0\r\n3 2147483647\n";
  CHECK(io::read_vertex_labels(dir.write("l.txt", text), 4) == std::vector<label_t>{3, 0, 7, 2147483647});
  test::write_gz(dir.file("l.gz"), text);
  CHECK(io::read_vertex_labels(dir.file("l.gz"), 4) == std::vector<label_t>{3, 0, 7, 2147483647});
}

TEST_CASE("read_vertex_labels: malformed files") {
  TempDir dir;
  auto check = [&](const std::string& content, vid_t n, const std::string& where, const std::string& what) {
    const std::string path = dir.write("bad.txt", content);
    check_parse_error([&] { (void)io::read_vertex_labels(path, n); }, path + where, what);
  };
  check("0 1\n1\n", 2, ":2: ", "expected 'vertex label' (two integers), got '1'");
  check("0 1 5\n", 1, ":1: ", "expected 'vertex label' (two integers)");
  check("x 1\n", 1, ":1: ", "vertex id 'x' is not a non-negative integer");
  check("-1 1\n", 1, ":1: ", "vertex id '-1' is not a non-negative integer");
  check("0 1\n# c\n2 1\n", 2, ":3: ", "vertex id 2 outside [0, 2) of the graph");
  check("0 -4\n", 1, ":1: ", "label '-4' of vertex 0 is not an integer in [0, 2147483647]");
  check("0 2147483648\n", 1, ":1: ", "label '2147483648' of vertex 0 is not an integer in [0, 2147483647]");
  check("0 1\n1 1\n0 2\n", 2, ":3: ", "vertex 0 labelled twice (first on line 1)");
  check("0 1\n3 1\n", 5, ": ", "3 of 5 vertices have no label (first: vertex 1); every vertex needs exactly one");
  check("# only a comment\n", 1, ": ", "1 of 1 vertices have no label (first: vertex 0)");
  CHECK_THROWS_AS(io::read_vertex_labels(dir.file("missing.txt"), 1), UserError);
}

TEST_CASE("load_graph with a label file: text input, generator, compaction") {
  TempDir dir;
  const std::string labels = dir.write("g.labels", "0 5\n1 6\n2 7\n3 8\n");
  io::GraphLoadOptions load;
  load.labels = labels;
  // Vertex 3 is isolated but declared by the header: it keeps its label.
  const auto g = io::load_graph(dir.write("g.el", "# n 4 m 2\n0 1\n1 2\n"), load).graph;
  CHECK(host_labels(g) == std::vector<label_t>{5, 6, 7, 8});
  // Compaction drops vertex 3 and its label with it.
  load.build.compact_ids = true;
  CHECK(host_labels(io::load_graph(dir.file("g.el"), load).graph) == std::vector<label_t>{5, 6, 7});
  // A generator's vertices, file labels replacing labels=L.
  io::GraphLoadOptions gen_load;
  gen_load.labels = labels;
  CHECK(host_labels(io::load_graph("gen:path:n=4,labels=3", gen_load).graph) == std::vector<label_t>{5, 6, 7, 8});
  // Too few labels for the graph.
  gen_load.labels = dir.write("short.labels", "0 1\n");
  check_parse_error([&] { (void)io::load_graph("gen:path:n=3", gen_load); }, gen_load.labels + ": ",
                    "2 of 3 vertices have no label");
}
