#pragma once
// The sub-hypergraph induced by a node subset, on the host (k-way recursive bisection,
// multilevel/multilevel_bisection.hpp). Local ids follow the subset's order; each net keeps its
// pins inside the subset in their order (sources first, as in the input), nets with fewer than two
// such pins are dropped, and with `whole_nets` so is every net with a pin outside (cut-net
// objective: a net cut by an earlier bisection stays cut whatever later ones do). Nets keep their
// input order and weight; nodes their weight. Linear in the pins of the subset's nets.
#include <vector>

#include "core/hypergraph/hypergraph.hpp"

namespace tessera::partitioning {

HostHypergraph induced_hypergraph(const HostHypergraph& h, const std::vector<vid_t>& nodes, bool whole_nets);

}  // namespace tessera::partitioning
