#pragma once
// hMETIS hypergraph files (.hgr, plain or gzip).
//
// Header "num_nets num_nodes [fmt]" with fmt in {0, 1, 10, 11}; then one line per net listing
// its 1-based pins, preceded by the net weight when fmt is 1 or 11; then, when fmt is 10 or 11,
// num_nodes lines with one node weight each. Weights are non-negative integers. Lines starting
// with '%' are comments. A blank line inside the net section is an empty net, which hMETIS
// forbids, so it is an error.
#include <string>

#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::io {

struct HmetisReadOptions {
  // Read a netlist as a directed hypergraph: the first pin of every net is its only source and
  // the other pins are destinations. Otherwise the hypergraph is undirected (no sources).
  bool first_pin_is_source = false;
};

HypergraphInput read_hmetis(const std::string& path, const HmetisReadOptions& opts = {});

// Writes `h` as hMETIS; fmt is 1 when some net weight is not 1, 10 when some node weight is not
// 1 (11 for both). hMETIS weights are integers, so fractional net weights are an error, as are
// nets without pins (hMETIS cannot represent them). For a directed input each net's pins are
// written sources first; the direction is lost, except that a hypergraph in which every net has
// exactly one source reads back identically with first_pin_is_source = true.
void write_hmetis(const std::string& path, const HypergraphInput& h);

}  // namespace tessera::io
