// AxonCUDA's binary formats (.snn, .axh): hand-made byte fixtures of the documented layouts
// (io/README.md, AxonCUDA's includes/hgraph.hpp), read and written both ways, gzip, and every
// malformed case with its error.
#include <doctest/doctest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "io/graph_io.hpp"
#include "io/text/text_formats.hpp"
#include "tests/io/text/text_test_util.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using tessera::test::check_parse_error;
using tessera::test::check_same;
using tessera::test::TempDir;

namespace {

std::string bytes(std::initializer_list<unsigned char> b) { return std::string(b.begin(), b.end()); }

// .snn, written out byte by byte from the layout: 7 nodes (4 and 6 in no net), 2 nets.
const std::string snn_fixture = bytes({
    0x07, 0x00, 0x00, 0x00,  // node_count 7
    0x02, 0x00, 0x00, 0x00,  // edge_count 2
    0x02, 0x00, 0x00, 0x00,  // net 0: dst_count 2
    0x05, 0x00, 0x00, 0x00,  //        src 5
    0x01, 0x00, 0x00, 0x00,  //        dst 1
    0x02, 0x00, 0x00, 0x00,  //        dst 2
    0x00, 0x00, 0xc0, 0x3f,  //        weight 1.5f (0x3fc00000)
    0x01, 0x00, 0x00, 0x00,  // net 1: dst_count 1
    0x00, 0x00, 0x00, 0x00,  //        src 0
    0x03, 0x00, 0x00, 0x00,  //        dst 3
    0x00, 0x00, 0x80, 0x3e,  //        weight 0.25f (0x3e800000)
});

// .axh: 5 nodes, net 0 = {0, 1} -> {2, 3}, net 1 = {4} -> {0}.
const std::string axh_fixture = bytes({
    0x05, 0x00, 0x00, 0x00,  // node_count 5
    0x02, 0x00, 0x00, 0x00,  // edge_count 2
    0x04, 0x00, 0x00, 0x00,  // net 0: pin_count 4
    0x02, 0x00, 0x00, 0x00,  //        src_count 2
    0x00, 0x00, 0x00, 0x00,  //        pins 0 1 (sources)
    0x01, 0x00, 0x00, 0x00,
    0x02, 0x00, 0x00, 0x00,  //        pins 2 3 (destinations)
    0x03, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x40,  //        weight 2.0f (0x40000000)
    0x02, 0x00, 0x00, 0x00,  // net 1: pin_count 2
    0x01, 0x00, 0x00, 0x00,  //        src_count 1
    0x04, 0x00, 0x00, 0x00,  //        pins 4 | 0
    0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x3f,  //        weight 0.5f (0x3f000000)
});

HypergraphInput snn_expected() {
  HypergraphInput h;
  h.num_nodes = 7;
  h.directed = true;
  h.net_offsets = {0, 3, 5};
  h.pins = {5, 1, 2, 0, 3};
  h.net_num_sources = {1, 1};
  h.net_weights = {1.5, 0.25};
  return h;
}

HypergraphInput axh_expected() {
  HypergraphInput h;
  h.num_nodes = 5;
  h.directed = true;
  h.net_offsets = {0, 4, 6};
  h.pins = {0, 1, 2, 3, 4, 0};
  h.net_num_sources = {2, 1};
  h.net_weights = {2.0, 0.5};
  return h;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string gunzip(const std::string& path) {
  gzFile gz = gzopen(path.c_str(), "rb");
  REQUIRE(gz != nullptr);
  std::string out;
  char buffer[4096];
  int got = 0;
  while ((got = gzread(gz, buffer, sizeof buffer)) > 0) out.append(buffer, static_cast<std::size_t>(got));
  gzclose(gz);
  return out;
}

using Reader = HypergraphInput (*)(const std::string&);
using Writer = void (*)(const std::string&, const HypergraphInput&);

struct Layout {
  const char* ext;
  Reader read;
  Writer write;
  std::string fixture;
  HypergraphInput expected;
};

std::vector<Layout> layouts() {
  return {{".snn", io::read_snn, io::write_snn, snn_fixture, snn_expected()},
          {".axh", io::read_axh, io::write_axh, axh_fixture, axh_expected()}};
}

}  // namespace

TEST_CASE("AxonCUDA formats: hand-made fixtures read and written byte for byte, plain and gzip") {
  TempDir dir;
  for (const auto& f : layouts()) {
    CAPTURE(f.ext);
    check_same(f.read(dir.write(std::string("fixture") + f.ext, f.fixture)), f.expected);
    const std::string out = dir.file(std::string("out") + f.ext);
    f.write(out, f.expected);
    CHECK(file_bytes(out) == f.fixture);
    // gzip: the writer compresses for a .gz name, the reader detects it from the content.
    const std::string gz = out + ".gz";
    f.write(gz, f.expected);
    CHECK(file_bytes(gz).substr(0, 2) == "\x1f\x8b");
    CHECK(gunzip(gz) == f.fixture);
    check_same(f.read(gz), f.expected);
    test::write_gz(dir.file("hand.gz"), f.fixture);
    check_same(f.read(dir.file("hand.gz")), f.expected);
    // A header without nets is a hypergraph of isolated nodes.
    const HypergraphInput isolated = f.read(dir.write("isolated", bytes({3, 0, 0, 0, 0, 0, 0, 0})));
    CHECK(isolated.num_nodes == 3);
    CHECK(isolated.num_nets() == 0);
  }
}

TEST_CASE("AxonCUDA formats: through load_hypergraph, sources drive and destinations are inbound") {
  TempDir dir;
  CHECK(io::format_from_path("a.snn") == io::FileFormat::snn);
  CHECK(io::format_from_path("a.AXH.gz") == io::FileFormat::axh);
  CHECK(io::parse_file_format("axh") == io::FileFormat::axh);
  CHECK(io::is_hypergraph_format(io::FileFormat::axh));
  CHECK(io::holds_hypergraph("x.axh"));
  const HostHypergraph h = io::load_hypergraph(dir.write("s.snn", snn_fixture));
  CHECK(h.num_nodes == 7);
  CHECK(h.directed);
  // Node 5 drives net 0, nodes 1, 2 receive it; node 0 drives net 1, node 3 receives it. The
  // partitioner's inbound limit counts the nets a node is a destination of, as AxonCUDA does.
  const std::vector<vid_t> inbound(h.node_num_inbound.data(), h.node_num_inbound.data() + 7);
  CHECK(inbound == std::vector<vid_t>{0, 1, 1, 1, 0, 0, 0});
  // Written back through the dispatch: the same bytes, in both layouts.
  io::save_hypergraph(dir.file("back.snn"), h);
  CHECK(file_bytes(dir.file("back.snn")) == snn_fixture);
  io::save_hypergraph(dir.file("back.axh"), io::load_hypergraph(dir.write("a.axh", axh_fixture)));
  CHECK(file_bytes(dir.file("back.axh")) == axh_fixture);
  // .snn -> .axh -> .snn keeps everything.
  io::save_hypergraph(dir.file("s.axh"), h);
  io::save_hypergraph(dir.file("s2.snn"), io::load_hypergraph(dir.file("s.axh")));
  CHECK(file_bytes(dir.file("s2.snn")) == snn_fixture);
}

TEST_CASE("AxonCUDA formats: weights are f32, widened exactly and rounded to nearest on writing") {
  TempDir dir;
  HypergraphInput h = snn_expected();
  h.net_weights = {0.1, 16777217.0};  // neither is an f32
  io::write_snn(dir.file("w.snn"), h);
  const HypergraphInput r = io::read_snn(dir.file("w.snn"));
  CHECK(r.net_weights == std::vector<weight_t>{static_cast<double>(0.1f), 16777216.0});
  h.net_weights = {1, 1e39};
  CHECK_THROWS_WITH_AS(io::write_snn(dir.file("big.snn"), h), doctest::Contains("does not fit a 32-bit float"), UserError);
  CHECK(!std::filesystem::exists(dir.file("big.snn")));
  h.net_weights.clear();  // unit weights
  io::write_axh(dir.file("unit.axh"), h);
  CHECK(io::read_axh(dir.file("unit.axh")).net_weights == std::vector<weight_t>{1, 1});
}

TEST_CASE("AxonCUDA formats: malformed files name the byte offset") {
  TempDir dir;
  auto bad = [&](const std::string& ext, const std::string& content, const std::string& phrase) {
    CAPTURE(ext);
    CAPTURE(phrase);
    const auto path = dir.write("bad" + ext, content);
    const Reader read = ext == ".snn" ? io::read_snn : io::read_axh;
    check_parse_error([&] { read(path); }, path + ": byte offset ", phrase);
    // Also compressed: the same error wherever the size is not known in advance.
    test::write_gz(dir.file("bad" + ext + ".gz"), content);
    check_parse_error([&] { read(dir.file("bad" + ext + ".gz")); }, dir.file("bad" + ext + ".gz") + ": byte offset ",
                      "");
  };
  const auto u32 = [](std::uint32_t v) {
    return bytes({static_cast<unsigned char>(v), static_cast<unsigned char>(v >> 8),
                  static_cast<unsigned char>(v >> 16), static_cast<unsigned char>(v >> 24)});
  };
  const std::string one = u32(0x3f800000u);  // weight 1.0f
  for (const std::string ext : {".snn", ".axh"}) {
    bad(ext, "", "byte offset 0: empty file");
    bad(ext, u32(4).substr(0, 3), "byte offset 0: truncated header: the file ends at byte offset 3");
    bad(ext, u32(4), "byte offset 4: truncated header");
    bad(ext, u32(0xffffffffu) + u32(0), "byte offset 0: node_count 4294967295 does not fit");
    bad(ext, u32(4) + u32(0x80000000u), "byte offset 4: edge_count 2147483648 does not fit");
    const std::string trailing = ext == ".snn" ? snn_fixture : axh_fixture;
    bad(ext, trailing + "xyz", "byte offset " + std::to_string(trailing.size()) + ": 3 bytes after the last of the 2 nets");
  }
  // A header announcing nets that are not there, checked against the file size before reading on
  // (the gzip copy finds out at the end of the data).
  bad(".snn", u32(4) + u32(2), "byte offset 4: the header announces 2 nets, needing at least 40 bytes");
  bad(".axh", u32(4) + u32(0x7fffffffu), "byte offset 4: the header announces 2147483647 nets, needing at least 42949672948 bytes");
  // One long net where two were announced: the file ends between records.
  bad(".snn", u32(8) + u32(2) + u32(5) + u32(0) + u32(1) + u32(2) + u32(3) + u32(4) + u32(5) + one,
      "byte offset 40 (net 1): the file ends after 1 of the 2 nets");
  // Records cut short or asking for more than the file holds (no allocation from the count).
  bad(".snn", u32(4) + u32(1) + u32(3) + u32(0) + u32(1) + u32(2), "byte offset 8 (net 0): truncated net record: the file ends at byte offset 24");
  bad(".snn", u32(4) + u32(1) + u32(4000000000u) + u32(0) + u32(1) + one, "byte offset 8 (net 0): truncated net record");
  bad(".axh", u32(4) + u32(1) + u32(3) + u32(1) + u32(0) + u32(1) + one, "byte offset 8 (net 0): truncated net record");
  // Ids at or above node_count, wherever they are.
  bad(".snn", u32(4) + u32(1) + u32(1) + u32(4) + u32(0) + one, "byte offset 12 (net 0): source id 4 is not below node_count 4");
  bad(".snn", u32(4) + u32(1) + u32(2) + u32(0) + u32(1) + u32(9) + one, "byte offset 20 (net 0): destination id 9 is not below node_count 4");
  bad(".axh", u32(4) + u32(1) + u32(2) + u32(1) + u32(7) + u32(0) + one, "byte offset 16 (net 0): source id 7 is not below node_count 4");
  bad(".axh", u32(0) + u32(1) + u32(2) + u32(1) + u32(0) + u32(0) + one, "byte offset 16 (net 0): source id 0 is not below node_count 0");
  // Nets AxonCUDA refuses: no destination, no source.
  bad(".snn", u32(4) + u32(1) + u32(0) + u32(0) + one + u32(0), "byte offset 8 (net 0): dst_count is 0");
  bad(".axh", u32(4) + u32(1) + u32(2) + u32(0) + u32(0) + u32(1) + one, "byte offset 12 (net 0): src_count is 0");
  bad(".axh", u32(4) + u32(1) + u32(2) + u32(2) + u32(0) + u32(1) + one, "byte offset 8 (net 0): pin_count 2 leaves no destination");
  // Weights: finite and >= 0.
  bad(".snn", u32(4) + u32(1) + u32(1) + u32(0) + u32(1) + u32(0xbf800000u), "byte offset 20 (net 0): net weight -1");
  bad(".axh", u32(4) + u32(1) + u32(2) + u32(1) + u32(0) + u32(1) + u32(0x7fc00000u), "byte offset 24 (net 0): net weight is not finite");
}

TEST_CASE("AxonCUDA formats: writers refuse what the layout cannot hold and leave no file") {
  TempDir dir;
  auto refused = [&](Writer write, const char* name, const HypergraphInput& h, const std::string& phrase) {
    CAPTURE(phrase);
    CHECK_THROWS_WITH_AS(write(dir.file(name), h), doctest::Contains(phrase.c_str()), UserError);
    CHECK(!std::filesystem::exists(dir.file(name)));
  };
  refused(io::write_snn, "two.snn", axh_expected(), "net 0 has 2 sources; the format stores exactly one");
  HypergraphInput undirected = snn_expected();
  undirected.net_num_sources = {0, 0};
  undirected.directed = false;
  refused(io::write_snn, "u.snn", undirected, "net 0 has no source; the format needs exactly one per net");
  refused(io::write_axh, "u.axh", undirected, "net 0 has no source; the format needs at least one per net");
  HypergraphInput lonely = snn_expected();
  lonely.add_net({6}, {});
  refused(io::write_snn, "l.snn", lonely, "net 2 has no destination");
  refused(io::write_axh, "l.axh", lonely, "net 2 has no destination");
  HypergraphInput heavy = snn_expected();
  heavy.node_weights = {1, 1, 1, 2, 1, 1, 1};
  refused(io::write_axh, "h.axh", heavy, "node 3 has weight 2; the format stores no node weights");
  heavy.node_weights.assign(7, 1);  // unit node weights are what the format means
  io::write_axh(dir.file("h.axh"), heavy);
  CHECK(io::read_axh(dir.file("h.axh")).num_nets() == 2);
}
