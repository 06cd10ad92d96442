// Matrix Market and METIS readers: good inputs and every broken-input rule.
#include <doctest/doctest.h>

#include "io/text/text_formats.hpp"
#include "tests/io/text/text_test_util.hpp"
#include "tests/support/memory_cap.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using tessera::test::check_parse_error;
using tessera::test::TempDir;

TEST_CASE("read_matrix_market: pattern symmetric, real general, integer") {
  TempDir dir;
  SUBCASE("pattern symmetric") {
    auto p = dir.write("a.mtx",
                       "%%MatrixMarket matrix coordinate pattern symmetric\n% comment\n\n4 4 3\n2 1\n3 1\n4 3\n");
    EdgeList e = io::read_matrix_market(p);
    CHECK(e.num_vertices == 4);
    CHECK(e.src == std::vector<vid_t>{1, 2, 3});
    CHECK(e.dst == std::vector<vid_t>{0, 0, 2});
    CHECK(!e.has_weights());
    CHECK(!e.directed);
  }
  SUBCASE("real general, case-insensitive banner") {
    auto p = dir.write("b.mtx", "%%MatrixMarket MATRIX Coordinate Real General\n3 3 2\n1 2 .5\n3 1 +2e1\n");
    EdgeList e = io::read_matrix_market(p);
    CHECK(e.directed);
    CHECK(e.weights == std::vector<weight_t>{0.5, 20.0});
  }
  SUBCASE("integer, gzip") {
    test::write_gz(dir.file("c.mtx.gz"), "%%MatrixMarket matrix coordinate integer symmetric\n2 2 1\n2 1 7\n");
    EdgeList e = io::read_matrix_market(dir.file("c.mtx.gz"));
    CHECK(e.weights == std::vector<weight_t>{7.0});
  }
}

TEST_CASE("read_matrix_market: broken inputs") {
  TempDir dir;
  auto bad = [&](const std::string& content, const std::string& line, const std::string& phrase) {
    auto p = dir.write("bad.mtx", content);
    check_parse_error([&] { io::read_matrix_market(p); }, p + ":" + line + ": ", phrase);
  };
  const std::string pat = "%%MatrixMarket matrix coordinate pattern general\n";
  bad("3 3 1\n1 2\n", "1", "banner");
  bad("%%MatrixMarket matrix array real general\n2 2\n", "1", "unsupported Matrix Market format 'array'");
  bad("%%MatrixMarket matrix coordinate complex general\n", "1", "unsupported Matrix Market field 'complex'");
  bad("%%MatrixMarket matrix coordinate real skew-symmetric\n", "1", "unsupported Matrix Market symmetry 'skew-symmetric'");
  bad("%%MatrixMarket matrix coordinate complex hermitian\n", "1", "unsupported");
  bad("%%MatrixMarket matrix coordinate pattern hermitian\n", "1", "unsupported Matrix Market symmetry 'hermitian'");
  bad(pat + "3 4 1\n1 2\n", "2", "square");
  bad(pat + "% c\n3 3\n", "3", "size line");
  bad(pat + "3 3 3\n1 2\n2 3\n", "4", "truncated file");
  bad(pat + "3 3 1\n1 2\n2 3\n", "4", "more entries than the 1 declared");
  bad(pat + "3 3 1\n0 2\n", "3", "1-based");
  bad(pat + "3 3 1\n1 4\n", "3", "outside [1, 3]");
  bad(pat + "3 3 1\n1 2 5\n", "3", "2 columns");
  bad("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2\n", "3", "3 columns");
  bad("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 x\n", "3", "not a real number");
  bad("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 -1\n", "3", "negative");
  bad("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 inf\n", "3", "not finite");
  bad("%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 2 1.5\n", "3", "not an integer");
  bad(pat, "1", "size line");
}

// Found by tests/fuzz (fuzz_matrix_market): a 70-byte file whose size line declares 2 * 10^9
// vertices got as far as allocating their 16 GB row map.
TEST_CASE("read_matrix_market: a size line whose vertices cannot fit is refused before reading on") {
  TempDir dir;
  test::MemoryCap cap(std::uint64_t(64) << 20);
  auto p = dir.write("huge.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n2000000000 2000000000 1\n1 2\n");
  CHECK_THROWS_WITH_AS(io::read_matrix_market(p),
                       (p + ": the size line's 2000000000 vertices needs at least 48 GB, more than the 0.0671 GB of "
                            "memory available").c_str(),
                       UserError);
  // What fits is read as before: isolated vertices up to the declared size.
  auto small = dir.write("small.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n1000 1000 1\n1 2\n");
  CHECK(io::read_matrix_market(small).num_vertices == 1000);
}

TEST_CASE("read_metis: formats 0, 1, 10, 11, 100, 111 with ncon; isolated vertices") {
  TempDir dir;
  SUBCASE("fmt 0 with an isolated vertex (blank line) and comments") {
    auto p = dir.write("a.graph", "% comment\n4 2\n2 3\n1\n% vertex 3 follows\n1\n\n");
    EdgeList e = io::read_metis(p);
    CHECK(e.num_vertices == 4);
    CHECK(e.size() == 4);
    CHECK(e.src == std::vector<vid_t>{0, 0, 1, 2});
    CHECK(e.dst == std::vector<vid_t>{1, 2, 0, 0});
    CHECK(!e.has_weights());
  }
  SUBCASE("fmt 1 edge weights") {
    EdgeList e = io::read_metis(dir.write("b.graph", "2 1 1\n2 5\n1 5\n"));
    CHECK(e.weights == std::vector<weight_t>{5, 5});
  }
  SUBCASE("fmt 10 vertex weights dropped") {
    EdgeList e = io::read_metis(dir.write("c.graph", "2 1 10\n3 2\n4 1\n"));
    CHECK(e.src == std::vector<vid_t>{0, 1});
    CHECK(e.dst == std::vector<vid_t>{1, 0});
  }
  SUBCASE("fmt 111 with ncon 2") {
    EdgeList e = io::read_metis(dir.write("d.graph", "2 1 111 2\n1 3 4 2 9\n1 5 6 1 9\n"));
    CHECK(e.dst == std::vector<vid_t>{1, 0});
    CHECK(e.weights == std::vector<weight_t>{9, 9});
  }
  SUBCASE("fmt 100 sizes") {
    EdgeList e = io::read_metis(dir.write("e.graph", "2 1 100\n7 2\n7 1\n"));
    CHECK(e.size() == 2);
  }
}

TEST_CASE("read_metis: broken inputs") {
  TempDir dir;
  auto bad = [&](const std::string& content, const std::string& line, const std::string& phrase) {
    auto p = dir.write("bad.graph", content);
    check_parse_error([&] { io::read_metis(p); }, p + ":" + line + ": ", phrase);
  };
  bad("3 2\n2\n1 3\n", "3", "expected 3 vertex lines, found 2");
  bad("2 1 2\n2\n1\n", "1", "unknown METIS fmt");
  bad("2 1 12\n2\n1\n", "1", "unknown METIS fmt");
  bad("2 1 1 2\n2 1\n1 1\n", "1", "ncon");
  bad("2 x\n", "1", "edge count");
  bad("2 1\n3\n1\n", "2", "outside [1, 2]");
  bad("2 1\n0\n1\n", "2", "1-based");
  bad("2 1\n2\n1 a\n", "3", "'a'");
  bad("2 1 1\n2\n1 1\n", "2", "no edge weight");
  bad("2 1 1\n2 -1\n1 1\n", "2", "edge weight");
  bad("2 1 10\n\n1 1\n", "2", "fewer than 1 vertex weights");
  bad("2 1\n2\n1\n1\n", "4", "more than the 2 vertex lines");
  bad("3 1\n2 3\n1\n1\n", "4", "2 adjacency entries are expected");
  bad("% only comments\n", "1", "no METIS header");
}
