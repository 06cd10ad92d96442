#pragma once
// A cortical-sheet SNN in the manner of the Allen Institute's V1 model (paper §VII-A, Table I
// "allen-v1": ~231k neurons, average net size 305, connectivity between populations decaying
// with distance).
//
//   nn:allen,neurons=N[,fanout=F][,populations=P][,sigma=S][,seed=X]
//
// Neurons lie on a sheet of ceil(sqrt(N)) columns, row-major. Each belongs to one of P populations
// (default 4, a hash of seed and id: intermixed, as cell types are); population p has fanout
// F * m_p and reach S * sqrt(m_p) with m_p spread evenly over [0.5, 1.5] (mean 1, so the average
// fanout is F, default 300). A neuron's postsynaptic neurons are drawn one by one at integer
// offsets (dx, dy), each the sum of four uniform integers (a bell-shaped, bounded kernel with
// standard deviation ~ the reach; integer arithmetic only, so the same on every machine);
// draws off the sheet, onto the neuron itself or repeating a destination are redrawn.
// S defaults to max(2, sqrt(F)) grid steps, enough room for F distinct targets.
#include <string>

#include "core/hypergraph/hypergraph_builder.hpp"
#include "io/generators/nn_spec_keys.hpp"

namespace tessera::gen::detail {

HypergraphInput generate_allen_network(const NnSpecKeys& keys, const std::string& spec);

}  // namespace tessera::gen::detail
