// Neural-network hypergraph generator: layer sizes, net structure (one source, its postsynaptic
// destinations), a hand-checked convolution, random fan-out, and bad specs.
#include <doctest/doctest.h>

#include <set>

#include "core/error.hpp"
#include "io/generators/nn_hypergraph.hpp"
#include "tests/support/memory_cap.hpp"

using namespace tessera;

TEST_CASE("nn generator: LeNet layer sizes and nets") {
  const auto in = gen::generate_nn_hypergraph("nn:lenet");
  // 1x28x28 + 6x28x28 + 6x14x14 + 16x10x10 + 16x5x5 + 120 + 84 + 10
  CHECK(in.num_nodes == 784 + 4704 + 1176 + 1600 + 400 + 120 + 84 + 10);
  CHECK(in.num_nets() == in.num_nodes - 10);  // every neuron but the outputs has a net
  CHECK(in.directed);
  for (nid_t e = 0; e < in.num_nets(); ++e) CHECK(in.net_num_sources[e] == 1);
  // The last hidden dense layer (84 neurons) feeds the 10 outputs: nets of 11 pins.
  const nid_t last = in.num_nets() - 1;
  CHECK(in.net_offsets[last + 1] - in.net_offsets[last] == 11);
  // A centre pixel of the input reaches 6 channels x 5x5 positions of the "same" conv.
  const vid_t centre = 14 * 28 + 14;
  CHECK(in.net_offsets[centre + 1] - in.net_offsets[centre] == 1 + 6 * 25);
  // The corner pixel reaches only the 3x3 corner of each output channel.
  CHECK(in.net_offsets[1] - in.net_offsets[0] == 1 + 6 * 9);
}

TEST_CASE("nn generator: pooling is depthwise, random fan-out is exact, specs are checked") {
  // lenet input 12: conv5 pad2 -> 6x12x12, pool2 -> 6x6x6, conv5 -> 16x2x2, pool2 -> 16x1x1.
  // The first conv neuron feeds exactly one pool neuron, in its own channel.
  const auto in = gen::generate_nn_hypergraph("nn:lenet,input=12,width=1");
  const vid_t conv_first = 144;  // first neuron of the conv output (1x12x12 input)
  const vid_t pool_first = conv_first + 6 * 144;
  const nid_t e = conv_first;   // nets are in neuron order (every input-layer neuron has one)
  REQUIRE(in.pins[in.net_offsets[e]] == conv_first);
  CHECK(in.net_offsets[e + 1] - in.net_offsets[e] == 2);  // one pool neuron, same channel
  CHECK(in.pins[in.net_offsets[e] + 1] == pool_first);

  const auto r = gen::generate_nn_hypergraph("gen:nn:random,neurons=50,fanout=7,seed=3");
  CHECK(r.num_nodes == 50);
  REQUIRE(r.num_nets() == 50);
  for (nid_t n = 0; n < 50; ++n) {
    std::set<vid_t> pins(r.pins.begin() + r.net_offsets[n], r.pins.begin() + r.net_offsets[n + 1]);
    CHECK(pins.size() == 8);  // source + 7 distinct destinations
    CHECK(r.pins[r.net_offsets[n]] == n);
  }
  CHECK(gen::generate_nn_hypergraph("nn:random,neurons=50,fanout=7,seed=3").pins == r.pins);
  CHECK_THROWS_AS(gen::generate_nn_hypergraph("nn:resnet"), UserError);
  CHECK_THROWS_AS(gen::generate_nn_hypergraph("nn:lenet,depth=3"), UserError);
  CHECK_THROWS_AS(gen::generate_nn_hypergraph("nn:random,neurons=10"), UserError);
  CHECK_THROWS_AS(gen::generate_nn_hypergraph("nn:random,neurons=10,fanout=10"), UserError);
  CHECK_THROWS_AS(gen::generate_nn_hypergraph("nn:lenet,input=x"), UserError);
  CHECK_THROWS_AS(gen::generate_nn_hypergraph("nn:lenet,input=8"), UserError);  // too small for conv5 + pools
  CHECK(gen::is_nn_spec("gen:nn:lenet"));
  CHECK(!gen::is_nn_spec("kronecker:scale=3"));
}

// Found by tests/fuzz (fuzz_generator_spec): sizes that do not fit the integers they are cast
// to were undefined behaviour ("input=1e308" under UBSan), and layered networks had no memory
// check before their pin lists grew.
TEST_CASE("nn generator: out-of-range sizes are refused before anything is computed or allocated") {
  auto message = [](const std::string& spec) {
    try {
      gen::generate_nn_hypergraph(spec);
    } catch (const UserError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(message("nn:lenet,input=1e308") == "nn generator: key 'input' expects an integer in [1, 46340], got '1e308'");
  CHECK(message("nn:lenet,input=46341") == "nn generator: key 'input' expects an integer in [1, 46340], got '46341'");
  CHECK(message("nn:lenet,input=-28").find("key 'input' expects an integer") != std::string::npos);
  CHECK(message("nn:vgg,blocks=2.5").find("key 'blocks' expects an integer in [1, 5]") != std::string::npos);
  CHECK(message("nn:random,neurons=2.5,fanout=1").find("key 'neurons' expects an integer") != std::string::npos);
  CHECK(message("nn:random,neurons=99999999999999999999,fanout=1").find("key 'neurons'") != std::string::npos);
  CHECK(message("nn:random,neurons=10,fanout=3,seed=-1").find("key 'seed'") != std::string::npos);
  CHECK(message("nn:alexnet,width=inf") == "nn generator: key 'width' expects a number in (0, 1024], got 'inf'");
  CHECK(message("nn:alexnet,width=1e300").find("key 'width' expects a number in (0, 1024]") != std::string::npos);
  CHECK(message("nn:alexnet,width=0").find("key 'width'") != std::string::npos);
  // 2^64 - 1 is a valid seed.
  CHECK(message("nn:random,neurons=10,fanout=3,seed=18446744073709551615") == "accepted");

  // A layered network is checked against the memory budget before it is built.
  std::string big;
  {
    test::MemoryCap cap(std::uint64_t(64) << 20);
    big = message("nn:vgg,input=1024,width=2");
  }
  CHECK(big.rfind("nn generator (", 0) == 0);
  CHECK(big.find("needs at least") != std::string::npos);
}
