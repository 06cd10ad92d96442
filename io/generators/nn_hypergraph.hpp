#pragma once
// Neural-network hypergraphs (paper 3, §VII-A: SNNs mapped to neuromorphic cores): one net per
// neuron, the neuron its only source and its postsynaptic neurons the destinations. Neurons with
// no postsynaptic neuron (the output layer) get no net.
//
// Specs (the text after "nn:"; keys optional unless noted, comma separated):
//   nn:lenet,input=28,width=1          LeNet-5 shape: conv5(6) pool2 conv5(16) pool2 dense120 dense84 dense10
//   nn:alexnet,input=64,width=0.25     AlexNet shape: conv11/4(64) pool3/2 conv5(192) pool3/2 conv3(384)
//                                      conv3(256) conv3(256) pool3/2 dense4096 dense4096 dense1000
//   nn:vgg,input=32,width=0.25,blocks=5  VGG-11 shape: [conv3(64) pool2] [conv3(128) pool2]
//                                      [2 conv3(256) pool2] [2 conv3(512) pool2] [2 conv3(512) pool2] dense...
//   nn:random,neurons=N,fanout=F,seed=S  every neuron has F distinct random postsynaptic neurons
//                                      (neurons and fanout required)
// `input` is the input's side in pixels (3 channels, 1 for LeNet), `width` scales every channel
// and dense count (at least 1 each). Convolutions are "same"-padded except where the reference
// network is not; pooling layers are depthwise (each channel to itself). The result is a
// directed HypergraphInput; the same spec always gives the same hypergraph.
#include <string>

#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::gen {

bool is_nn_spec(const std::string& spec);  // starts with "nn:" (or "gen:nn:")
// Throws UserError on an unknown network, key or bad value, or when the network would have more
// than 2^31 - 1 neurons or 2^40 pins.
HypergraphInput generate_nn_hypergraph(const std::string& spec);

}  // namespace tessera::gen
