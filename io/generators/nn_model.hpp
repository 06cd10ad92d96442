#pragma once
// The paper's synthetic SNN families of Table I (§VII-A): "-model" networks (regular and local,
// like a VGG-style ANN converted to an SNN) and their "-rand" variants (small-world rewiring).
//
//   nn:model,neurons=N,fanout=H[,channels=C][,layers=L]
//   nn:model-rand,neurons=N,fanout=H[,channels=C][,layers=L][,rewire=P][,seed=S]
//
// Neurons form L layers (default 4) of C channels (default 16) on a side x side grid, ids
// channel-major within a layer as in a converted CNN; the last layer feeds the first, so every
// neuron has exactly H postsynaptic neurons and one net of H + 1 pins. side = round(sqrt(N /
// (L C))) and then L = round(N / (C side^2)) (at least 2): the network has L C side^2 neurons, N
// to within a few % once N >= 16 L C (exactly N = 2^14, 2^16, 2^18, 10^6 with the defaults).
// With Table I's limits (2^10 / 2^12) a block of whole channels of the 64k- and 256k-model has
// too many inbound nets, so good blocks are spatial tiles across channels: one-pass, filling
// blocks in id order, needs 320 and 4,032 blocks where ceil(N / Omega) is 64 and 256 (at 16k,
// four whole channels just fit: 16 blocks either way). A neuron at (y, x) feeds
// the next layer's k x k window around (y, x) (shifted inwards at the borders, k the smallest
// with C k^2 >= H), all channels of each window position, positions row-major, the first H of
// them: neighbouring neurons share most of their destinations, as in a convolution.
// model-rand rewires each destination with probability P (default 0.1) to a neuron drawn
// uniformly (hash of seed, neuron, slot; redrawn while it repeats a destination or is the
// neuron itself): the same out-degrees, much larger neighbourhoods.
#include <string>

#include "core/hypergraph/hypergraph_builder.hpp"
#include "io/generators/nn_spec_keys.hpp"

namespace tessera::gen::detail {

// keys.name is "model" or "model-rand"; `spec` names the network in errors.
HypergraphInput generate_model_network(const NnSpecKeys& keys, const std::string& spec);

}  // namespace tessera::gen::detail
