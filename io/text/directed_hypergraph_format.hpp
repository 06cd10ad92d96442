#pragma once
// Tessera's text format for directed, weighted hypergraphs (".dhg"), plain or gzip.
// Full description in io/README.md. In short:
//
//   # comment lines start with '#'; blank lines are ignored
//   dhg 1 nets=3 nodes=5 directed=1 net_weights=1 node_weights=0
//   2.5 0 1 > 2 3        <- [weight] sources '>' destinations, 0-based node ids
//   1 4 > 0
//   1 > 1 2 3 4          <- '>' optional: a line without it lists destinations only
//   (when node_weights=1: `nodes` lines with one non-negative integer weight each)
//
// The header line comes first and carries the format version (1); keys may appear in any
// order; nets and nodes are required, the flags default to directed=1, net_weights=0,
// node_weights=0. An empty net is written as a lone ">" (with its weight if weighted).
// The header's counts are record counts: a file cut anywhere, at a line boundary too, or with
// lines appended, is an error naming the count it misses (nets, then node weights).
#include <string>

#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::io {

HypergraphInput read_directed_hypergraph(const std::string& path);
// Writes `h` exactly (round trip through read_directed_hypergraph is lossless, weights
// included); gzip when `path` ends in .gz.
void write_directed_hypergraph(const std::string& path, const HypergraphInput& h);

}  // namespace tessera::io
