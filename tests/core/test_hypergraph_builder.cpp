// Hypergraph construction: layout (sources first, inbound first), cleaning, validation.
#include <doctest/doctest.h>

#include "core/error.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "tests/support/memory_cap.hpp"
#include "tests/support/spaces.hpp"

using namespace tessera;
using tessera::test::to_vector;

TEST_CASE("build_hypergraph lays out directed nets as the paper does") {
  HypergraphInput in;
  in.num_nodes = 4;
  in.add_net({0}, {1, 2});        // net 0: 0 -> {1, 2}
  in.add_net({2}, {3, 0, 3}, 2);  // net 1: 2 -> {3, 0}; 3 repeated
  in.add_net({}, {1, 1});         // net 2: undirected-style pin list, duplicate
  HypergraphBuildReport rep;
  auto h = build_hypergraph(in, &rep);
  CHECK(h.directed);
  CHECK(h.num_nets() == 3);
  CHECK(rep.duplicate_pins_removed == 2);
  CHECK(to_vector(h.net_offsets) == std::vector<eid_t>{0, 3, 6, 7});
  CHECK(to_vector(h.pins) == std::vector<vid_t>{0, 1, 2, 2, 3, 0, 1});
  CHECK(to_vector(h.net_num_sources) == std::vector<vid_t>{1, 1, 0});
  CHECK(to_vector(h.net_weights) == std::vector<weight_t>{1, 2, 1});
  // Node 0: in = {1}, out = {0}; node 1: in = {0, 2}; node 2: in = {0}, out = {1}; node 3: in = {1}.
  CHECK(to_vector(h.node_offsets) == std::vector<eid_t>{0, 2, 4, 6, 7});
  CHECK(to_vector(h.incident_nets) == std::vector<nid_t>{1, 0, 0, 2, 0, 1, 1});
  CHECK(to_vector(h.node_num_inbound) == std::vector<nid_t>{1, 2, 1, 1});
  CHECK(to_vector(h.node_weights) == std::vector<node_weight_t>{1, 1, 1, 1});

  auto back = to_hypergraph_input(h);
  CHECK(back.pins == std::vector<vid_t>{0, 1, 2, 2, 3, 0, 1});
  CHECK(back.net_weights == std::vector<weight_t>{1, 2, 1});
  CHECK(back.node_weights.empty());
}

TEST_CASE("build_hypergraph rejects bad input with the source name") {
  HypergraphInput in;
  in.num_nodes = 2;
  in.add_net({}, {0, 2});
  CHECK_THROWS_WITH_AS(build_hypergraph(in, nullptr, "x.hgr"), doctest::Contains("x.hgr: net 0 has pin 2 outside"),
                       UserError);
  HypergraphInput neg;
  neg.num_nodes = 2;
  neg.add_net({}, {0, 1}, -1);
  CHECK_THROWS_WITH_AS(build_hypergraph(neg), doctest::Contains("must be finite and >= 0"), UserError);
  HypergraphInput weights;
  weights.num_nodes = 2;
  weights.node_weights = {1};
  CHECK_THROWS_WITH_AS(build_hypergraph(weights), doctest::Contains("1 node weights for 2 nodes"), UserError);
}

// Found by tests/fuzz (fuzz_snn): one pin id near 2^30 in a 60-byte .snn file makes a hypergraph
// of 2^30 nodes, whose per-node arrays were allocated (gigabytes) before any check.
TEST_CASE("build_hypergraph checks the node count against the memory budget before allocating") {
  test::MemoryCap cap(std::uint64_t(64) << 20);
  HypergraphInput in;
  in.num_nodes = vid_t(1) << 30;
  in.add_net({0}, {(vid_t(1) << 30) - 1});
  CHECK_THROWS_WITH_AS(build_hypergraph(in, nullptr, "x.snn"),
                       "x.snn: a hypergraph of 1073741824 nodes, 1 nets and 2 pins needs at least 25.8 GB, more "
                       "than the 0.0671 GB of memory available",
                       UserError);
  HypergraphInput fits;  // 2^20 nodes, 24 MB
  fits.num_nodes = vid_t(1) << 20;
  fits.add_net({0}, {(vid_t(1) << 20) - 1});
  CHECK(build_hypergraph(fits).num_nodes == vid_t(1) << 20);
}
