// Readers on the shared real data (see ../shared/data/README.md for every number used here).
#include <doctest/doctest.h>

#include <algorithm>

#include "io/text/text_formats.hpp"
#include "tests/io/text/text_test_util.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using tessera::test::data_path;

namespace {
// Every pin and edge endpoint must lie in range.
bool ids_in_range(const EdgeList& e) {
  auto ok = [&](vid_t v) { return v >= 0 && v < e.num_vertices; };
  return std::all_of(e.src.begin(), e.src.end(), ok) && std::all_of(e.dst.begin(), e.dst.end(), ok);
}
}  // namespace

TEST_SUITE("real-data") {
  TEST_CASE("Matrix Market: karate, dolphins, netscience") {
    // Size lines: "34 34 78", "62 62 159", "1589 1589 2742" (pattern/pattern/real symmetric).
    EdgeList k = io::read_matrix_market(data_path("graphs/raw/karate.mtx"));
    CHECK(k.num_vertices == 34);
    CHECK(k.size() == 78);
    CHECK(!k.directed);
    CHECK(!k.has_weights());
    EdgeList d = io::read_matrix_market(data_path("graphs/raw/dolphins.mtx"));
    CHECK(d.num_vertices == 62);
    CHECK(d.size() == 159);
    EdgeList n = io::read_matrix_market(data_path("graphs/raw/netscience.mtx"));
    CHECK(n.num_vertices == 1589);
    CHECK(n.size() == 2742);
    REQUIRE(n.has_weights());
    // First two entries of the file: "2 1 2.5" and "1085 1 .5".
    CHECK(n.src[0] == 1);
    CHECK(n.dst[0] == 0);
    CHECK(n.weights[0] == 2.5);
    CHECK(n.src[1] == 1084);
    CHECK(n.weights[1] == 0.5);
    CHECK(ids_in_range(n));
  }

  TEST_CASE("METIS: karate, lesmis (fmt 1), 4elt (gzip)") {
    // Headers "34 78 0", "77 254 1", "15606 45878": every edge appears at both ends.
    EdgeList k = io::read_metis(data_path("graphs/raw/karate.metis.graph"));
    CHECK(k.num_vertices == 34);
    CHECK(k.size() == 2 * 78);
    EdgeList l = io::read_metis(data_path("graphs/raw/lesmis.metis.graph"));
    CHECK(l.num_vertices == 77);
    CHECK(l.size() == 2 * 254);
    REQUIRE(l.has_weights());
    CHECK(l.dst[0] == 1);  // vertex 1's line starts "2 1": neighbour 2 with weight 1
    CHECK(l.weights[0] == 1.0);
    EdgeList e = io::read_metis(data_path("graphs/raw/4elt.metis.graph.gz"));
    CHECK(e.num_vertices == 15606);
    CHECK(e.size() == 2 * 45878);
    CHECK(ids_in_range(e));
  }

  TEST_CASE("SNAP text: CA-CondMat, email-Eu-core; shared-data karate.el.gz") {
    // CA-CondMat header "# Nodes: 23133 Edges: 186936"; the file lists 186936 arcs and its ids
    // are sparse (largest 108299), so n = 108300 >= 23133.
    EdgeList c = io::read_edge_list(data_path("graphs/raw/CA-CondMat.txt.gz"));
    CHECK(c.size() == 186936);
    CHECK(c.num_vertices == 108300);
    CHECK(ids_in_range(c));
    // email-Eu-core: no header, 25571 arcs, ids 0..1004 (README: n = 1,005).
    EdgeList m = io::read_edge_list(data_path("graphs/raw/email-Eu-core.txt.gz"));
    CHECK(m.num_vertices == 1005);
    CHECK(m.size() == 25571);
    // karate.el.gz: "# n 34 m 78" and 78 edge lines.
    EdgeList k = io::read_edge_list(data_path("graphs/classic/karate.el.gz"));
    CHECK(k.num_vertices == 34);
    CHECK(k.size() == 78);
  }

  TEST_CASE("SNAP text with an uncommented column-name line is rejected at that line") {
    // README: CA-HepPh's column-name line (line 4) lacks its leading '#'.
    const std::string p = data_path("graphs/raw/CA-HepPh.txt.gz");
    test::check_parse_error([&] { io::read_edge_list(p); }, p + ":4: ", "'FromNodeId'");
  }

  TEST_CASE("hMETIS: manual examples in all four formats, karate, ISPD98 ibm01") {
    const std::string dir = "hypergraphs/format_examples/";
    for (const char* name : {"hmetis_manual_unweighted_hypergraph.hgr", "hmetis_manual_weighted_hyperedges_hypergraph.hgr",
                             "hmetis_manual_weighted_hypernodes_hypergraph.hgr",
                             "hmetis_manual_weighted_hyperedges_and_hypernodes_hypergraph.hgr"}) {
      CAPTURE(name);
      HypergraphInput h = io::read_hmetis(data_path(dir + name));
      CHECK(h.num_nodes == 7);
      CHECK(h.num_nets() == 4);
      CHECK(h.pins.size() == 12);
      CHECK(h.pins == std::vector<vid_t>{0, 1, 0, 6, 4, 5, 4, 5, 3, 1, 2, 3});
      const std::string n(name);
      if (n.find("hyperedges") != std::string::npos) CHECK(h.net_weights == std::vector<weight_t>{2, 3, 8, 7});
      else CHECK(h.net_weights.empty());
      if (n.find("hypernodes") != std::string::npos)
        CHECK(h.node_weights == std::vector<node_weight_t>{5, 1, 8, 7, 3, 9, 3});
      else
        CHECK(h.node_weights.empty());
    }
    HypergraphInput k = io::read_hmetis(data_path(dir + "karate_club.graph.hgr"));
    CHECK(k.num_nodes == 34);
    CHECK(k.num_nets() == 78);
    CHECK(k.pins.size() == 156);

    HypergraphInput ibm = io::read_hmetis(data_path("hypergraphs/ispd98/ibm01.hgr.gz"));
    CHECK(ibm.num_nodes == 12752);
    CHECK(ibm.num_nets() == 14111);
    CHECK(ibm.pins.size() == 50566);
    eid_t max_size = 0;
    for (nid_t e = 0; e < ibm.num_nets(); ++e) max_size = std::max(max_size, ibm.net_offsets[e + 1] - ibm.net_offsets[e]);
    CHECK(max_size == 42);
    HypergraphInput w = io::read_hmetis(data_path("hypergraphs/ispd98_weighted/ibm01.weight.hgr.gz"));
    CHECK(w.num_nodes == 12752);
    CHECK(w.num_nets() == 14111);
    CHECK(w.pins == ibm.pins);
    CHECK(w.node_weights.size() == 12752);
    CHECK(w.net_weights.empty());

    // A reference partition of ibm01 has one block id per node, k = 2.
    auto parts = io::read_partition(data_path("hypergraphs/reference_partitions/ispd98/ibm01.k2.ub1.part.gz"), 12752);
    CHECK(parts.size() == 12752);
    CHECK(*std::max_element(parts.begin(), parts.end()) == 1);
  }

  TEST_CASE("hMETIS and .dhg writers round-trip ibm01") {
    test::TempDir tmp;
    HypergraphInput ibm = io::read_hmetis(data_path("hypergraphs/ispd98_weighted/ibm01.weight.hgr.gz"));
    io::write_hmetis(tmp.file("ibm01.hgr.gz"), ibm);
    HypergraphInput back = io::read_hmetis(tmp.file("ibm01.hgr.gz"));
    CHECK(back.pins == ibm.pins);
    CHECK(back.net_offsets == ibm.net_offsets);
    CHECK(back.node_weights == ibm.node_weights);
    io::write_directed_hypergraph(tmp.file("ibm01.dhg"), ibm);
    HypergraphInput d = io::read_directed_hypergraph(tmp.file("ibm01.dhg"));
    CHECK(d.pins == ibm.pins);
    CHECK(d.node_weights == ibm.node_weights);
    CHECK(!d.directed);
  }
}
