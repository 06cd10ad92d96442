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
//   nn:mobilenet,input=224,width=1     MobileNet v1: conv3/2(32), 13 depthwise-separable blocks
//                                      [depthwise 3x3/s, pointwise 1x1(c)], global average pool, dense1000
//   nn:random,neurons=N,fanout=F,seed=S  every neuron has F distinct random postsynaptic neurons
//                                      (neurons and fanout required)
//   nn:model,... nn:model-rand,...     the paper's regular and small-world synthetic SNNs (nn_model.hpp)
//   nn:allen,neurons=N,fanout=300      a cortical sheet, distance-dependent connectivity (nn_allen.hpp)
//   nn:table1=NAME                     a network of the paper's Table I by name (below)
// `input` is the input's side in pixels (3 channels, 1 for LeNet), `width` scales every channel
// and dense count (at least 1 each). Convolutions are "same"-padded except where the reference
// network is not; pooling layers are depthwise (each channel to itself). The result is a
// directed HypergraphInput; the same spec always gives the same hypergraph.
//
// Table I presets (nn:table1=NAME; paper: |N|, average net size, pins -> ours):
//   lenet      20k, 37.3, 766k    nn:lenet,input=50,width=0.625 (20.5k, 38.6, 793k)
//   alexnet    110k, 210, 23M     nn:alexnet,input=136,width=0.28 (112k, 205, 22.5M)
//   mobilenet  216k, 417, 90M     nn:mobilenet,input=24,width=3 (215k, 415, 88.8M; a small input and
//                                 wide channels: the paper's net sizes need ~3x MobileNet v1's)
//   vgg11      302k, 848, 256M    nn:vgg,input=36,width=1.375 (318k, 820, 255.7M)
//   16k-, 64k-, 256k-rand  14k/208k/194k, 63/696/688   nn:model-rand with those neurons, fanout = size - 1
//                                 (13,520, 207,936 and 193,600 neurons; 16k-rand with layers=5)
//   1M         6.9M, 83.5, 577M   nn:model-rand,neurons=6900000,fanout=83 (the table's name is garbled
//                                 in our copy; its structure is not described, we take -rand's)
//   allen-v1   231k, 305, 70M     nn:allen,neurons=231000,fanout=304 (231k, 305, 70.4M; nn_allen.hpp)
//   16k-, 64k-, 256k-model  16k/64k/256k, 128/192/256, 2.1M/12.6M/67.4M   nn:model,neurons=2^14/2^16/2^18,
//                                 fanout=128/192/256 (pins = neurons x (fanout + 1) match the table's)
// The paper's networks come from [25] and are not public: these have the table's sizes and the
// described structure, not the same connections. The Table I limits (Omega, Delta) are 2^10, 2^12
// for lenet, alexnet, 16k-rand and the -model networks, and 2^12, 2^16 for the others.
#include <string>
#include <vector>

#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::gen {

bool is_nn_spec(const std::string& spec);  // starts with "nn:" (or "gen:nn:")
// Throws UserError on an unknown network, key or bad value, or when the network would have more
// than 2^31 - 1 neurons or 2^40 pins.
HypergraphInput generate_nn_hypergraph(const std::string& spec);

// The spec a Table I name stands for ("256k-model" -> "nn:model,neurons=262144,fanout=256");
// UserError listing the names for an unknown one.
std::string table1_spec(const std::string& name);
std::vector<std::string> table1_names();  // in the table's order

}  // namespace tessera::gen
