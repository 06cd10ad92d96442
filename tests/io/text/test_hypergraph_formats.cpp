// hMETIS and .dhg readers and writers; partition files (.snn and .axh: test_axon_formats.cpp).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "io/graph_io.hpp"
#include "io/text/text_formats.hpp"
#include "tests/io/text/text_test_util.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using tessera::test::check_parse_error;
using tessera::test::check_same;
using tessera::test::TempDir;

namespace {

// Two-net directed example: net 0 = {0} -> {1, 2}, net 1 = {3} -> {0}.
HypergraphInput small_directed() {
  HypergraphInput h;
  h.num_nodes = 4;
  h.directed = true;
  h.net_offsets = {0, 3, 5};
  h.pins = {0, 1, 2, 3, 0};
  h.net_num_sources = {1, 1};
  return h;
}

}  // namespace

TEST_CASE("read_hmetis: all four formats") {
  TempDir dir;
  const std::string nets = "1 2\n1 7 5 6\n5 6 4\n2 3 4\n";
  SUBCASE("fmt 0, undirected") {
    HypergraphInput h = io::read_hmetis(dir.write("a.hgr", "% c\n4 7\n" + nets));
    CHECK(h.num_nodes == 7);
    CHECK(h.num_nets() == 4);
    CHECK(!h.directed);
    CHECK(h.net_offsets == std::vector<eid_t>{0, 2, 6, 9, 12});
    CHECK(h.pins == std::vector<vid_t>{0, 1, 0, 6, 4, 5, 4, 5, 3, 1, 2, 3});
    CHECK(h.net_num_sources == std::vector<vid_t>{0, 0, 0, 0});
    CHECK(h.net_weights.empty());
    CHECK(h.node_weights.empty());
  }
  SUBCASE("fmt 1 and 11, gzip") {
    HypergraphInput h = io::read_hmetis(dir.write("b.hgr", "2 3 1\n5 1 2\n0 3\n"));
    CHECK(h.net_weights == std::vector<weight_t>{5, 0});
    CHECK(h.pins == std::vector<vid_t>{0, 1, 2});
    test::write_gz(dir.file("c.hgr.gz"), "2 3 11\n5 1 2\n1 3\n4\n\n5\n6\n\n");
    h = io::read_hmetis(dir.file("c.hgr.gz"));
    CHECK(h.net_weights == std::vector<weight_t>{5, 1});
    CHECK(h.node_weights == std::vector<node_weight_t>{4, 5, 6});
  }
  SUBCASE("fmt 10 and first_pin_is_source") {
    io::HmetisReadOptions o;
    o.first_pin_is_source = true;
    HypergraphInput h = io::read_hmetis(dir.write("d.hgr", "2 3 10\n3 1 2\n2\n1\n1\n1\n"), o);
    CHECK(h.directed);
    CHECK(h.net_num_sources == std::vector<vid_t>{1, 1});
    CHECK(h.pins == std::vector<vid_t>{2, 0, 1, 1});
    CHECK(h.node_weights == std::vector<node_weight_t>{1, 1, 1});
  }
}

TEST_CASE("read_hmetis: broken inputs") {
  TempDir dir;
  auto bad = [&](const std::string& content, const std::string& line, const std::string& phrase) {
    auto p = dir.write("bad.hgr", content);
    const std::string prefix = line == "0" ? p + ": " : p + ":" + line + ": ";  // no line: "file: what"
    check_parse_error([&] { io::read_hmetis(p); }, prefix, phrase);
  };
  bad("3 4\n1 2\n3 4\n", "3", "expected 3 net lines, found 2");
  bad("2 4\n1 2\n3 4\n1 2\n", "4", "unexpected data after the 2 net lines");
  bad("2 4\n1 5\n3 4\n", "2", "outside [1, 4]");
  bad("2 4\n1 0\n3 4\n", "2", "1-based");
  bad("2 4\n1 2\n\n3 4\n", "3", "no pins");
  bad("2 4 1\n1 2\n7\n", "3", "weight but no pins");
  bad("2 4 1\n-1 2\n1 3\n", "2", "net weight");
  bad("1 2 10\n1 2\n1\n", "3", "expected 2 node weight lines (fmt 10), found 1");
  bad("1 2 10\n1 2\n1\n1\n1\n", "5", "unexpected data after the 2 node weight lines");
  bad("1 2 10\n1 2\n1 1\n1\n", "3", "exactly one weight");
  bad("1 2 10\n1 2\n1.5\n1\n", "3", "node weight");
  // Weights and their total stay within 2^62 (no clamping, no wrapped totals).
  bad("1 2 10\n1 2\n99999999999999999999\n1\n", "3", "is not a non-negative integer");
  bad("1 2 10\n1 2\n4611686018427387905\n1\n", "3", "node weight 4611686018427387905 is above 2^62");
  bad("1 2 5\n1 2\n", "1", "unknown hMETIS fmt");
  bad("1 x\n", "1", "node count");
  bad("1 2\n1 b\n", "2", "'b'");
  bad("", "0", "no hMETIS header");
  // The total is checked where every reader's hypergraph is built (load_hypergraph).
  const auto total = dir.write("total.hgr", "1 3 10\n1 2\n4611686018427387904\n1\n1\n");
  bool thrown = false;
  try {
    io::load_hypergraph(total);
  } catch (const UserError& e) {
    thrown = true;
    CHECK(std::string(e.what()) ==
          total + ": node weights sum to more than 2^62 (at node 1); the partitioner's weight arithmetic is 64-bit");
  }
  CHECK(thrown);
  // Net weights likewise (issue 27): a weight near 2^63 on a 2-pin net would wrap the
  // partitioner's 64-bit fixed-point sums; 2^61 on 2 pins is exactly the 2^62 that still fits.
  const auto heavy_net = dir.write("heavy-net.hgr", "2 3 1\n9223372036854775807 1 2\n1 2 3\n");
  CHECK_THROWS_WITH_AS(io::load_hypergraph(heavy_net),
                       (heavy_net + ": net weights times their pin counts sum to more than 2^62 (at net 0, weight "
                                    "9.22337e+18); the partitioner's weight arithmetic is 64-bit").c_str(),
                       UserError);
  const auto second_net = dir.write("second-net.hgr", "2 3 1\n2305843009213693952 1 2\n1 1 3\n");
  CHECK_THROWS_WITH_AS(io::load_hypergraph(second_net),
                       doctest::Contains("sum to more than 2^62 (at net 1, weight 1)"), UserError);
  const auto fits = dir.write("fits.hgr", "1 3 1\n2305843009213693952 1 2\n");
  CHECK(io::load_hypergraph(fits).num_nets() == 1);
}

TEST_CASE("write_hmetis: formats and round trips") {
  TempDir dir;
  HypergraphInput h = small_directed();
  io::write_hmetis(dir.file("u.hgr"), h);
  {
    std::ifstream in(dir.file("u.hgr"));
    std::string header;
    std::getline(in, header);
    CHECK(header == "2 4");
  }
  io::HmetisReadOptions o;
  o.first_pin_is_source = true;
  check_same(io::read_hmetis(dir.file("u.hgr"), o), h);  // one source per net: lossless

  h.net_weights = {3, 1};
  h.node_weights = {1, 2, 1, 1};
  io::write_hmetis(dir.file("w.hgr.gz"), h);
  check_same(io::read_hmetis(dir.file("w.hgr.gz"), o), h);

  h.net_weights = {2.5, 1};
  CHECK_THROWS_AS(io::write_hmetis(dir.file("x.hgr"), h), UserError);
  CHECK(!std::filesystem::exists(dir.file("x.hgr")));
  h.net_weights.clear();
  h.net_offsets = {0, 0, 5};
  h.net_num_sources = {0, 1};
  CHECK_THROWS_WITH_AS(io::write_hmetis(dir.file("x.hgr"), h), doctest::Contains("no pins"), UserError);
  CHECK_THROWS_AS(io::write_hmetis((dir.path() / "missing" / "y.hgr").string(), small_directed()), UserError);
}

TEST_CASE(".dhg: round trips, optional separator, comments") {
  TempDir dir;
  HypergraphInput h = small_directed();
  io::write_directed_hypergraph(dir.file("a.dhg"), h);
  check_same(io::read_directed_hypergraph(dir.file("a.dhg")), h);

  // Weights (including ones text would round badly), an empty net, node weights, gzip.
  h.net_weights = {0.1, 1.0 / 3.0};
  h.node_weights = {5, 0, 2, 9};
  h.net_offsets.push_back(5);
  h.net_num_sources.push_back(0);
  h.net_weights.push_back(2);
  io::write_directed_hypergraph(dir.file("b.dhg.gz"), h);
  check_same(io::read_directed_hypergraph(dir.file("b.dhg.gz")), h);

  HypergraphInput u;
  u.num_nodes = 3;
  u.net_offsets = {0, 3};
  u.pins = {0, 1, 2};
  u.net_num_sources = {0};
  io::write_directed_hypergraph(dir.file("u.dhg"), u);
  check_same(io::read_directed_hypergraph(dir.file("u.dhg")), u);

  auto p = dir.write("hand.dhg",
                     "# written by hand\n\ndhg 1 nodes=5 nets=3 net_weights=1\n2.5 0 1 > 2 3\n1 4 > 0\n"
                     "# a comment between nets\n1 1 2 3\n");
  HypergraphInput r = io::read_directed_hypergraph(p);
  CHECK(r.directed);
  CHECK(r.num_nodes == 5);
  CHECK(r.net_offsets == std::vector<eid_t>{0, 4, 6, 9});
  CHECK(r.pins == std::vector<vid_t>{0, 1, 2, 3, 4, 0, 1, 2, 3});
  CHECK(r.net_num_sources == std::vector<vid_t>{2, 1, 0});
  CHECK(r.net_weights == std::vector<weight_t>{2.5, 1, 1});
}

// Formats whose header counts their records catch a file cut at any line boundary (issue 27).
TEST_CASE(".dhg and hMETIS: every cut at a line boundary is an error") {
  TempDir dir;
  HypergraphInput h = small_directed();
  h.net_weights = {0.5, 2};
  h.node_weights = {5, 0, 2, 9};
  io::write_directed_hypergraph(dir.file("whole.dhg"), h);
  HypergraphInput u = h;
  u.net_num_sources.assign(u.net_num_sources.size(), 0);
  u.directed = false;
  u.net_weights = {1, 2};
  io::write_hmetis(dir.file("whole.hgr"), u);
  for (const std::string name : {"whole.dhg", "whole.hgr"}) {
    std::ifstream in(dir.file(name));
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    int cuts = 0;
    for (std::size_t end = text.find('\n'); end + 1 < text.size(); end = text.find('\n', end + 1)) {
      const auto cut = dir.write("cut-" + name, text.substr(0, end + 1));
      CAPTURE(text.substr(0, end + 1));
      CHECK_THROWS_AS(name == "whole.dhg" ? io::read_directed_hypergraph(cut) : io::read_hmetis(cut), ParseError);
      ++cuts;
    }
    CHECK(cuts >= 6);  // header, 2 nets, 4 node weights: every proper prefix but the empty one
  }
}

TEST_CASE(".dhg: broken inputs") {
  TempDir dir;
  auto bad = [&](const std::string& content, const std::string& line, const std::string& phrase) {
    auto p = dir.write("bad.dhg", content);
    check_parse_error([&] { io::read_directed_hypergraph(p); }, p + ":" + line + ": ", phrase);
  };
  bad("4 7\n1 2\n", "1", "not a .dhg file");
  bad("dhg 2 nets=1 nodes=2\n0 > 1\n", "1", "unsupported .dhg version 2");
  bad("dhg 1 nets=1\n", "1", "nets=N and nodes=M");
  bad("dhg 1 nets=1 nodes=2 colour=3\n", "1", "unknown header key");
  bad("dhg 1 nets=1 nodes=2 nodes=3\n0 > 1\n", "1", "header key 'nodes' is given twice");
  bad("dhg 1 nets=1 nodes=2 directed=2\n", "1", "must be 0 or 1");
  bad("dhg 1 nets=2 nodes=2\n0 > 1\n", "2", "expected 2 net lines, found 1");
  bad("dhg 1 nets=1 nodes=2\n0 > 2\n", "2", "outside [0, 2)");
  bad("dhg 1 nets=1 nodes=2\n0>1\n", "2", "separator");
  bad("dhg 1 nets=1 nodes=2\n0 > 1 > 1\n", "2", "more than one '>'");
  bad("dhg 1 nets=1 nodes=2 directed=0\n0 > 1\n", "2", "directed=0");
  bad("dhg 1 nets=1 nodes=2 net_weights=1\n-1 0 > 1\n", "2", "net weight");
  bad("dhg 1 nets=1 nodes=2 net_weights=1\nnan 0 > 1\n", "2", "net weight");
  bad("dhg 1 nets=1 nodes=2\n0 > 1\n1 > 0\n", "3", "unexpected data");
  bad("dhg 1 nets=1 nodes=2 node_weights=1\n0 > 1\n3\n", "3", "expected 2 node weight lines, found 1");
  bad("dhg 1 nets=1 nodes=2 node_weights=1\n0 > 1\n3\n-4\n", "4", "node weight");
}

TEST_CASE("partition files") {
  TempDir dir;
  std::vector<part_t> parts = {0, 1, 1, 0, 3};
  io::write_partition(dir.file("p.part"), parts);
  CHECK(io::read_partition(dir.file("p.part"), 5) == parts);
  io::write_partition(dir.file("p.part.gz"), parts);
  CHECK(io::read_partition(dir.file("p.part.gz"), 5) == parts);
  CHECK(io::read_partition(dir.write("c.part", "% c\n0\n\n1\n"), 2) == std::vector<part_t>{0, 1});

  auto bad = [&](const std::string& content, vid_t n, const std::string& line, const std::string& phrase) {
    auto p = dir.write("bad.part", content);
    check_parse_error([&] { io::read_partition(p, n); }, p + ":" + line + ": ", phrase);
  };
  bad("0\n1\n", 3, "2", "expected 3 block ids (one per node), found 2");
  bad("0\n1\n1\n", 2, "3", "more block ids than the 2 nodes");
  bad("0\n-1\n", 2, "2", "block id '-1'");
  bad("0 1\n", 2, "1", "exactly one block id");
  CHECK_THROWS_AS(io::write_partition(dir.file("neg.part"), {0, -1}), UserError);
  CHECK_THROWS_AS(io::write_partition((dir.path() / "nope" / "p.part").string(), parts), UserError);
  CHECK(!std::filesystem::exists(dir.path() / "nope"));
}
