// Edge-list reader and writer: formats, headers, gzip, broken inputs, atomic writes.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "io/graph_io.hpp"
#include "io/text/text_formats.hpp"
#include "tests/io/text/text_test_util.hpp"
#include "tests/support/memory_cap.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using tessera::test::check_parse_error;
using tessera::test::TempDir;

TEST_CASE("read_edge_list: plain pairs, comments, blank lines, commas") {
  TempDir dir;
  auto p = dir.write("g.txt", "# comment\n% other comment\n\n0 1\n1\t2\r\n  2 , 5\n\n3,4");
  EdgeList e = io::read_edge_list(p);
  CHECK(e.num_vertices == 6);
  CHECK(e.size() == 4);
  CHECK(!e.has_weights());
  CHECK(!e.directed);
  CHECK(e.src == std::vector<vid_t>{0, 1, 2, 3});
  CHECK(e.dst == std::vector<vid_t>{1, 2, 5, 4});
}

TEST_CASE("read_edge_list: weights, one-based ids, headers") {
  TempDir dir;
  SUBCASE("weights") {
    EdgeList e = io::read_edge_list(dir.write("w.txt", "0 1 2.5\n1 2 1e-3\n2 0 7\n"));
    CHECK(e.num_vertices == 3);
    CHECK(e.weights == std::vector<weight_t>{2.5, 1e-3, 7.0});
  }
  SUBCASE("one-based") {
    io::EdgeListReadOptions o;
    o.one_based = true;
    EdgeList e = io::read_edge_list(dir.write("o.txt", "1 2\n3 1\n"), o);
    CHECK(e.num_vertices == 3);
    CHECK(e.src == std::vector<vid_t>{0, 2});
    CHECK(e.dst == std::vector<vid_t>{1, 0});
  }
  SUBCASE("SNAP header counts isolated vertices") {
    EdgeList e = io::read_edge_list(dir.write("s.txt", "# Directed graph\n# Nodes: 10 Edges: 99\n0 1\n"));
    CHECK(e.num_vertices == 10);
    CHECK(e.size() == 1);
  }
  SUBCASE("shared-data header") {
    EdgeList e = io::read_edge_list(dir.write("n.el", "# n 7 m 1\n0 1\n"));
    CHECK(e.num_vertices == 7);
  }
  SUBCASE("our header's edge count: a file cut at a line boundary, or one line too many, is an error") {
    const std::string whole = "# n 4 m 3\n0 1\n1 2\n2 3\n";
    CHECK(io::read_edge_list(dir.write("whole.el", whole)).size() == 3);
    CHECK_THROWS_WITH_AS(io::read_edge_list(dir.write("cut.el", "# n 4 m 3\n0 1\n1 2\n")),
                         doctest::Contains("cut.el:3: the header (line 1) declares 3 edges but 2 edge lines follow "
                                           "(the file is truncated, or the header is wrong)"),
                         ParseError);
    CHECK_THROWS_WITH_AS(io::read_edge_list(dir.write("more.el", whole + "3 0\n")),
                         doctest::Contains("declares 3 edges but 4 edge lines follow"), ParseError);
    // SNAP's "Edges:" is not a line count one can trust (above: 99 declared, 1 listed).
  }
  SUBCASE("ids beyond the header extend n") {
    EdgeList e = io::read_edge_list(dir.write("x.el", "# n 2 m 1\n0 4\n"));
    CHECK(e.num_vertices == 5);
  }
  SUBCASE("empty file") {
    EdgeList e = io::read_edge_list(dir.write("e.el", ""));
    CHECK(e.num_vertices == 0);
    CHECK(e.size() == 0);
  }
}

TEST_CASE("read_edge_list: gzip detected by content, not by name") {
  TempDir dir;
  std::string text = "# n 4 m 2\n0 1 0.5\n2 3 1.5\n";
  test::write_gz(dir.file("a.txt"), text);  // gzip without .gz suffix
  EdgeList e = io::read_edge_list(dir.file("a.txt"));
  CHECK(e.num_vertices == 4);
  CHECK(e.weights == std::vector<weight_t>{0.5, 1.5});
  dir.write("b.gz", text);  // plain text with a .gz suffix
  CHECK(io::read_edge_list(dir.file("b.gz")).size() == 2);
}

TEST_CASE("read_edge_list: long input crosses block boundaries") {
  TempDir dir;
  std::string text;
  const int m = 300000;
  for (int i = 0; i < m; ++i) text += std::to_string(i) + " " + std::to_string(i + 1) + "\n";
  EdgeList e = io::read_edge_list(dir.write("big.el", text));
  REQUIRE(e.size() == m);
  CHECK(e.num_vertices == m + 1);
  bool ok = true;
  for (int i = 0; i < m; ++i) ok = ok && e.src[i] == i && e.dst[i] == i + 1;
  CHECK(ok);
  test::write_gz(dir.file("big.el.gz"), text);
  CHECK(io::read_edge_list(dir.file("big.el.gz")).dst == e.dst);
}

TEST_CASE("read_edge_list: broken inputs name file and line") {
  TempDir dir;
  auto bad = [&](const std::string& content, const std::string& line, const std::string& phrase,
                 io::EdgeListReadOptions o = {}) {
    auto p = dir.write("bad.txt", content);
    check_parse_error([&] { io::read_edge_list(p, o); }, p + ":" + line + ": ", phrase);
  };
  bad("0 1\nFromNodeId ToNodeId\n", "2", "not a non-negative integer");
  bad("0 1\n2 x\n", "2", "'x'");
  bad("# c\n0 -1\n", "2", "negative");
  bad("0 2147483647\n", "1", "too large (ids must be at most 2147483646)");
  bad("0 1 1 1\n", "1", "more than 3 columns");
  bad("0 1 1\n1 2\n", "2", "columns");
  bad("0 1\n1 2 3\n", "2", "columns");
  bad("0 1 -2\n", "1", "negative");
  bad("0 1 nan\n", "1", "not finite");
  bad("0 1 abc\n", "1", "not a number");
  bad("0\n", "1", "only one column");
  io::EdgeListReadOptions one;
  one.one_based = true;
  bad("1 2\n0 1\n", "2", "vertex id 0", one);
}

TEST_CASE("read_edge_list: the largest id allowed") {
  TempDir dir;
  EdgeList e = io::read_edge_list(dir.write("max.el", "0 2147483646\n"));
  CHECK(e.num_vertices == max_vertices);
}

// Found by tests/fuzz (fuzz_edge_list): "1,429424967" (12 bytes, no header) made a graph of 4*10^8
// vertices whose 3.4 GB row map was allocated without a check; the header check did not apply.
TEST_CASE("load_graph: a vertex count from one large id is checked against the memory budget") {
  TempDir dir;
  test::MemoryCap cap(std::uint64_t(64) << 20);
  const auto p = dir.write("far.el", "0 2000000000\n");
  CHECK_THROWS_WITH_AS(io::load_graph(p),
                       (p + ": a graph of 2000000001 vertices and 1 edges needs at least 48 GB, more than the "
                            "0.0671 GB of memory available").c_str(),
                       UserError);
  CHECK(io::load_graph(dir.write("near.el", "0 200000\n")).graph.num_vertices() == 200001);
}

TEST_CASE("read_edge_list: missing file and folder are user errors") {
  TempDir dir;
  CHECK_THROWS_AS(io::read_edge_list(dir.file("missing.el")), UserError);
  CHECK_THROWS_AS(io::read_edge_list(dir.path().string()), UserError);
}

TEST_CASE("read_edge_list: truncated gzip is an error") {
  TempDir dir;
  std::string text;
  for (int i = 0; i < 20000; ++i) text += std::to_string(i) + " " + std::to_string(i * 7 % 1000) + "\n";
  test::write_gz(dir.file("t.gz"), text);
  auto size = std::filesystem::file_size(dir.file("t.gz"));
  std::filesystem::resize_file(dir.file("t.gz"), size / 2);
  CHECK_THROWS_WITH_AS(io::read_edge_list(dir.file("t.gz")), doctest::Contains("gzip"), ParseError);
}

TEST_CASE("read_edge_list: data after the gzip stream is an error, a second gzip member is data") {
  TempDir dir;
  test::write_gz(dir.file("g.gz"), "0 1\n1 2\n");
  const auto compressed = std::filesystem::file_size(dir.file("g.gz"));
  {
    std::ofstream out(dir.file("g.gz"), std::ios::binary | std::ios::app);
    out << "garbage\n";
  }
  CHECK_THROWS_WITH_AS(io::read_edge_list(dir.file("g.gz")),
                       doctest::Contains(("unexpected data after the gzip stream (at compressed byte " +
                                          std::to_string(compressed) + ")").c_str()),
                       ParseError);
  // Concatenated members (what `cat a.gz b.gz` makes) are one valid gzip file.
  test::write_gz(dir.file("a.gz"), "0 1\n");
  test::write_gz(dir.file("b.gz"), "1 2\n");
  {
    std::ofstream out(dir.file("ab.gz"), std::ios::binary);
    out << std::ifstream(dir.file("a.gz"), std::ios::binary).rdbuf();
    out << std::ifstream(dir.file("b.gz"), std::ios::binary).rdbuf();
  }
  CHECK(io::read_edge_list(dir.file("ab.gz")).src.size() == 2);
}

TEST_CASE("write_edge_list: round trips, plain and gzip") {
  TempDir dir;
  EdgeList e;
  e.num_vertices = 6;  // vertex 5 isolated: kept through the header
  e.src = {0, 1, 4};
  e.dst = {1, 2, 3};
  for (std::string name : {"w.el", "w.el.gz"}) {
    CAPTURE(name);
    io::write_edge_list(dir.file(name), e);
    CHECK(io::read_edge_list(dir.file(name)).src == e.src);
    EdgeList back = io::read_edge_list(dir.file(name));
    CHECK(back.num_vertices == 6);
    CHECK(back.dst == e.dst);
    CHECK(!back.has_weights());
  }
  e.weights = {0.1, 1.0 / 3.0, 1e300};
  io::write_edge_list(dir.file("ww.el.gz"), e);
  EdgeList back = io::read_edge_list(dir.file("ww.el.gz"));
  CHECK(back.weights == e.weights);  // shortest round-trip formatting is exact
  // The .gz output really is gzip: the magic bytes come first.
  std::FILE* f = std::fopen(dir.file("ww.el.gz").c_str(), "rb");
  unsigned char magic[2] = {0, 0};
  REQUIRE(std::fread(magic, 1, 2, f) == 2);
  std::fclose(f);
  CHECK(magic[0] == 0x1f);
  CHECK(magic[1] == 0x8b);
}

TEST_CASE("write_edge_list: atomic; bad input and missing folders leave nothing") {
  TempDir dir;
  EdgeList e;
  e.num_vertices = 2;
  e.src = {0};
  e.dst = {1};
  auto target = (dir.path() / "no_such_folder" / "x.el").string();
  CHECK_THROWS_AS(io::write_edge_list(target, e), UserError);
  CHECK(!std::filesystem::exists(dir.path() / "no_such_folder"));
  // An invalid edge list throws before anything replaces an existing file.
  io::write_edge_list(dir.file("keep.el"), e);
  EdgeList broken = e;
  broken.dst = {7};
  CHECK_THROWS_AS(io::write_edge_list(dir.file("keep.el"), broken), UserError);
  CHECK(io::read_edge_list(dir.file("keep.el")).dst == std::vector<vid_t>{1});
  // No temporaries are left in the folder.
  int files = 0;
  for (auto& entry : std::filesystem::directory_iterator(dir.path())) {
    (void)entry;
    ++files;
  }
  CHECK(files == 1);
}
