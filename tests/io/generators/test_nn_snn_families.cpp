// The paper's SNN families (Table I): nn:model, nn:model-rand, nn:allen, nn:mobilenet and the
// nn:table1=NAME presets. Exact sizes and hand-computed nets where the structure is regular,
// bounds and tolerances where it is random, determinism, and hostile specs.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <vector>

#include "core/error.hpp"
#include "io/generators/nn_hypergraph.hpp"

using namespace tessera;

namespace {

std::vector<vid_t> net_pins(const HypergraphInput& in, nid_t e) {
  return {in.pins.begin() + in.net_offsets[e], in.pins.begin() + in.net_offsets[e + 1]};
}

// Every net: the neuron itself as the only source, then distinct destinations other than it.
void check_one_net_per_neuron(const HypergraphInput& in) {
  REQUIRE(in.directed);
  REQUIRE(in.num_nets() == in.num_nodes);
  for (nid_t e = 0; e < in.num_nets(); ++e) {
    const auto pins = net_pins(in, e);
    REQUIRE(in.net_num_sources[e] == 1);
    REQUIRE(pins[0] == e);
    std::set<vid_t> distinct(pins.begin(), pins.end());
    REQUIRE(distinct.size() == pins.size());
    for (const vid_t p : pins) REQUIRE((p >= 0 && p < in.num_nodes));
  }
}

}  // namespace

TEST_CASE("nn:model: exact shape, pins and the convolution-like window") {
  // side = round(sqrt(4096 / (16 * 4))) = 8, layers = round(4096 / (4 * 64)) = 16.
  const auto in = gen::generate_nn_hypergraph("nn:model,neurons=4096,fanout=40,channels=4,layers=16");
  CHECK(in.num_nodes == 4096);
  CHECK(in.pins.size() == std::size_t(4096) * 41);
  check_one_net_per_neuron(in);
  // Neuron 0 (layer 0, channel 0, y = x = 0): fanout 40 = 10 window positions of 4 channels,
  // k = 4, the window clamped at the corner; layer 1 starts at 4 * 64 = 256.
  const auto n0 = net_pins(in, 0);
  CHECK(n0[1] == 256);                             // position (0, 0), channel 0
  CHECK(n0[2] == 256 + 64);                        // position (0, 0), channel 1
  CHECK(n0[1 + 5] == 256 + 64 + 1);                // position (0, 1), channel 1
  CHECK(n0[1 + 39] == 256 + 3 * 64 + 2 * 8 + 1);   // position 9 = (2, 1), channel 3
  // Its right neighbour has the same (clamped) window, a neuron at (4, 4) a shifted one.
  auto tail = [](std::vector<vid_t> v) { v.erase(v.begin()); return v; };
  CHECK(tail(net_pins(in, 1)) == tail(n0));
  const auto centre = net_pins(in, 4 * 8 + 4);  // window origin (3, 3)
  CHECK(centre[1] == 256 + 3 * 8 + 3);
  // The last layer feeds the first.
  const nid_t last = 4096 - 64;  // layer 15, channel 3, (0, 0)
  CHECK(net_pins(in, last)[1] == 0);
  // Rounding of the requested size: 14,000 neurons in 4 layers of 16 channels -> side 15.
  const auto r = gen::generate_nn_hypergraph("nn:model,neurons=14000,fanout=62");
  CHECK(r.num_nodes == 4 * 16 * 225);
  CHECK(gen::generate_nn_hypergraph("nn:model,neurons=14000,fanout=62,layers=5").num_nodes == 5 * 16 * 169);
  CHECK(r.pins.size() == std::size_t(r.num_nodes) * 63);
}

TEST_CASE("nn:model-rand: same out-degrees, rewired fraction, determinism") {
  const std::string base = "nn:model,neurons=4096,fanout=40,channels=4,layers=16";
  const auto model = gen::generate_nn_hypergraph(base);
  CHECK(gen::generate_nn_hypergraph("nn:model-rand,neurons=4096,fanout=40,channels=4,layers=16,rewire=0").pins == model.pins);
  const auto r = gen::generate_nn_hypergraph("nn:model-rand,neurons=4096,fanout=40,channels=4,layers=16,rewire=0.25,seed=7");
  CHECK(r.net_offsets == model.net_offsets);
  check_one_net_per_neuron(r);
  std::int64_t changed = 0;
  for (std::size_t i = 0; i < r.pins.size(); ++i) changed += r.pins[i] != model.pins[i];
  // 163,840 destinations, each rewired with probability 0.25 (a redraw may land on the original:
  // ~1/4096): 40,960 expected, sd ~175.
  CHECK(changed > 40960 - 1000);
  CHECK(changed < 40960 + 1000);
  CHECK(gen::generate_nn_hypergraph("nn:model-rand,neurons=4096,fanout=40,channels=4,layers=16,rewire=0.25,seed=7").pins ==
        r.pins);
  CHECK(gen::generate_nn_hypergraph("nn:model-rand,neurons=4096,fanout=40,channels=4,layers=16,rewire=0.25,seed=8").pins !=
        r.pins);
  // Everything rewired: still distinct destinations and never the neuron itself.
  check_one_net_per_neuron(gen::generate_nn_hypergraph("nn:model-rand,neurons=300,fanout=16,rewire=1"));
}

TEST_CASE("nn:allen: fanout per population, bounded reach, determinism") {
  const auto in = gen::generate_nn_hypergraph("nn:allen,neurons=2500,fanout=40,seed=3");
  CHECK(in.num_nodes == 2500);
  check_one_net_per_neuron(in);
  // Four populations of fanout 20, 33, 47, 60 (40 x 0.5, 0.83, 1.17, 1.5): the mean net size is
  // 41 within the spread of the population counts.
  std::set<std::int64_t> sizes;
  for (nid_t e = 0; e < in.num_nets(); ++e) sizes.insert(in.net_offsets[e + 1] - in.net_offsets[e] - 1);
  CHECK(sizes == std::set<std::int64_t>{20, 33, 47, 60});
  const double mean = double(in.pins.size()) / 2500;
  CHECK(mean > 41 * 0.95);
  CHECK(mean < 41 * 1.05);
  // sigma = sqrt(40); the widest population's half-width a = round(sqrt(40) * sqrt(1.5) / 1.1547)
  // = 7, so no destination is more than 4a = 28 columns or rows away (a 50-column sheet).
  int farthest = 0;
  for (nid_t e = 0; e < in.num_nets(); ++e)
    for (const vid_t d : net_pins(in, e))
      farthest = std::max({farthest, std::abs(d % 50 - e % 50), std::abs(d / 50 - e / 50)});
  CHECK(farthest <= 28);
  CHECK(farthest >= 14);
  CHECK(gen::generate_nn_hypergraph("nn:allen,neurons=2500,fanout=40,seed=3").pins == in.pins);
  CHECK(gen::generate_nn_hypergraph("nn:allen,neurons=2500,fanout=40,seed=4").pins != in.pins);
}

TEST_CASE("nn:mobilenet: depthwise-separable layer sizes and nets") {
  // input 32, width 0.25: conv3/2 -> 8x16x16; then per block [depthwise, pointwise]:
  // 8x16x16 16x16x16 | 16x8x8 32x8x8 | 32x8x8 32x8x8 | 32x4x4 64x4x4 | 64x4x4 64x4x4 |
  // 64x2x2 128x2x2 | 5 x (128x2x2 128x2x2) | 128x1x1 256 | 256 256 | avg pool 256 | dense 1000
  const auto in = gen::generate_nn_hypergraph("nn:mobilenet,input=32,width=0.25");
  const std::int64_t sizes = 3 * 32 * 32 + 8 * 256 + 8 * 256 + 16 * 256 + 16 * 64 + 32 * 64 + 32 * 64 + 32 * 64 +
                             32 * 16 + 64 * 16 + 64 * 16 + 64 * 16 + 64 * 4 + 128 * 4 + 10 * 128 * 4 + 128 + 256 +
                             256 + 256 + 256 + 1000;
  CHECK(in.num_nodes == sizes);
  // The first depthwise layer's neuron at (8, 8) of channel 0 (after the input and the first
  // conv) feeds one pointwise position in all 16 channels; a first-conv neuron at (8, 8) feeds
  // the 3x3 depthwise window of its own channel.
  const vid_t conv = 3 * 32 * 32, dw = conv + 8 * 256;
  const nid_t conv_net = conv + 8 * 16 + 8;  // nets follow neuron order from the input layer on
  const auto c = net_pins(in, conv_net);
  CHECK(c.size() == 10);
  CHECK(c[1] == dw + 7 * 16 + 7);
  const auto d = net_pins(in, dw + 8 * 16 + 8);
  CHECK(d.size() == 17);
  CHECK(d[1] == dw + 8 * 256 + 8 * 16 + 8);
}

TEST_CASE("nn:table1 presets: names, the -model sizes of the table, and bad names") {
  const auto names = gen::table1_names();
  CHECK(names.size() == 12);
  for (const auto& n : names) CHECK(gen::table1_spec(n).rfind("nn:", 0) == 0);
  const auto m = gen::generate_nn_hypergraph("nn:table1=16k-model");
  CHECK(m.num_nodes == 16384);
  CHECK(m.pins.size() == std::size_t(16384) * 129);  // Table I: 2.1M pins, average net size 128
  const auto lenet = gen::generate_nn_hypergraph("gen:nn:table1=lenet");  // Table I: 20k neurons, 766k pins
  CHECK(std::abs(double(lenet.num_nodes) / 20000 - 1) < 0.05);
  CHECK(std::abs(double(lenet.pins.size()) / 766000 - 1) < 0.05);
  const auto rand = gen::generate_nn_hypergraph("nn:table1=16k-rand");  // 14k neurons, 875k pins
  CHECK(rand.num_nodes == 13520);
  CHECK(std::abs(double(rand.pins.size()) / 875000 - 1) < 0.03);
  CHECK_THROWS_WITH_AS(gen::generate_nn_hypergraph("nn:table1=resnet"),
                       doctest::Contains("unknown Table I network 'resnet'"), UserError);
  CHECK_THROWS_AS(gen::generate_nn_hypergraph("nn:table1=lenet,width=2"), UserError);
}

TEST_CASE("nn SNN families: hostile specs are one-line UserErrors") {
  for (const char* spec : {
           "nn:model,fanout=8",                                 // neurons missing
           "nn:model,neurons=100",                              // fanout missing
           "nn:model,neurons=0,fanout=1", "nn:model,neurons=1e12,fanout=8", "nn:model,neurons=100,fanout=0",
           "nn:model,neurons=4096,fanout=2000,channels=4",      // fanout above a layer
           "nn:model,neurons=100,fanout=4,channels=0", "nn:model,neurons=100,fanout=4,layers=1",
           "nn:model,neurons=100,fanout=4.5", "nn:model,neurons=100,fanout=4,rewire=0.1",  // rewire: -rand only
           "nn:model-rand,neurons=100,fanout=4,rewire=1.5", "nn:model-rand,neurons=100,fanout=4,rewire=-1",
           "nn:model-rand,neurons=100,fanout=4,rewire=nan", "nn:model,neurons=100,fanout=4,fanout=5",
           "nn:model,neurons=2000000000,fanout=500",            // ~10^12 pins: memory budget
           "nn:allen,neurons=10,fanout=300", "nn:allen,neurons=400,fanout=90,sigma=1,populations=1",
           "nn:allen,neurons=400,fanout=9,sigma=0", "nn:allen,neurons=400,populations=0",
           "nn:mobilenet,input=0", "nn:mobilenet,width=0", "nn:mobilenet,depth=3", "nn:vgg,blocks=6"}) {
    CAPTURE(spec);
    CHECK_THROWS_AS(gen::generate_nn_hypergraph(spec), UserError);
  }
}
