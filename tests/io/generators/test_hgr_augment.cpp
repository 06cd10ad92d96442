// hgr-augment generator (io/generators/hgr_augment.hpp): exact sizes, the copy layout without
// rewiring, rewired pins keep their node within the copy, weights copied, determinism (same
// spec, same pins; another seed, other pins), the load_hypergraph path, bad specs.
#include <doctest/doctest.h>

#include <cstdint>

#include "core/error.hpp"
#include "io/generators/hgr_augment.hpp"
#include "io/graph_io.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

// 4 nodes, 3 nets, 7 pins; node weights 1 2 3 4, net weights 5 6 7.
const char* k_small_hgr = "3 4 11\n5 1 2\n6 2 3 4\n7 1 4\n1\n2\n3\n4\n";

std::uint64_t pin_checksum(const HypergraphInput& h) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < h.pins.size(); ++i) sum = sum * 1000003ULL + std::uint64_t(h.pins[i]);
  return sum;
}

}  // namespace

TEST_CASE("hgr-augment: exact sizes, copy layout, weights") {
  test::TempDir dir;
  const std::string file = dir.write("small.hgr", k_small_hgr);
  CHECK(gen::is_hgr_augment_spec("hgr-augment:file=x"));
  CHECK(gen::is_hgr_augment_spec("gen:hgr-augment:file=x"));
  CHECK_FALSE(gen::is_hgr_augment_spec("nn:lenet"));
  // No rewiring: net e of copy c is net e over the nodes of copy c.
  const auto plain = gen::generate_hgr_augment("hgr-augment:file=" + file + ",factor=3,rewire=0");
  CHECK(plain.num_nodes == 12);
  REQUIRE(plain.num_nets() == 9);
  REQUIRE(plain.pins.size() == 21);
  CHECK_FALSE(plain.directed);
  const std::vector<vid_t> base = {0, 1, 1, 2, 3, 0, 3};
  for (std::size_t c = 0; c < 3; ++c)
    for (std::size_t i = 0; i < base.size(); ++i) CHECK(plain.pins[c * 7 + i] == vid_t(c * 4) + base[i]);
  CHECK(plain.net_offsets == std::vector<eid_t>{0, 2, 5, 7, 9, 12, 14, 16, 19, 21});
  CHECK(plain.node_weights == std::vector<node_weight_t>{1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4});
  CHECK(plain.net_weights == std::vector<weight_t>{5, 6, 7, 5, 6, 7, 5, 6, 7});
  // Every pin rewired: same sizes, each pin still the same node of some copy.
  const auto all = gen::generate_hgr_augment("hgr-augment:file=" + file + ",factor=16,seed=3,rewire=1");
  CHECK(all.num_nodes == 64);
  CHECK(all.num_nets() == 48);
  REQUIRE(all.pins.size() == 112);
  for (std::size_t i = 0; i < all.pins.size(); ++i) CHECK(all.pins[i] % 4 == base[i % 7]);
}

TEST_CASE("hgr-augment: deterministic, seeded, loadable, checked") {
  test::TempDir dir;
  const std::string file = dir.write("small.hgr", k_small_hgr);
  const std::string spec = "hgr-augment:file=" + file + ",factor=16,seed=7";
  const auto a = gen::generate_hgr_augment(spec), b = gen::generate_hgr_augment("gen:" + spec);
  CHECK(a.pins == b.pins);
  CHECK(pin_checksum(a) == 16830933662133526072ULL);
  const auto other = gen::generate_hgr_augment("hgr-augment:file=" + file + ",factor=16,seed=8");
  CHECK(a.pins != other.pins);
  // Default factor 16 and rewire 1/8: exactly 16x the nodes, nets and pins.
  const HostHypergraph h = io::load_hypergraph(spec);
  CHECK(h.num_nodes == 64);
  CHECK(h.num_nets() == 48);
  CHECK(h.num_pins() == 112);
  CHECK(io::holds_hypergraph(spec, std::nullopt));
  CHECK_THROWS_AS(gen::generate_hgr_augment("hgr-augment:factor=2"), UserError);              // no file
  CHECK_THROWS_AS(gen::generate_hgr_augment("hgr-augment:file=" + file + ",factor=0"), UserError);
  CHECK_THROWS_AS(gen::generate_hgr_augment("hgr-augment:file=" + file + ",rewire=2"), UserError);
  CHECK_THROWS_AS(gen::generate_hgr_augment("hgr-augment:file=" + file + ",copies=2"), UserError);
  CHECK_THROWS_AS(gen::generate_hgr_augment("hgr-augment:file=" + file + ",seed=1,seed=2"), UserError);
}
