#pragma once
// ".snn" binary directed hypergraphs (spiking-neural-network connectivity), plain or gzip.
//
// A sequence of net records, little-endian, no header:
//   u32 dst_count, u32 src, u32 dst[dst_count], f32 weight
// Each record is one net with exactly one source. num_nodes = largest id + 1; node weights
// are not stored. Errors name the byte offset (binary files have no lines).
#include <string>

#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::io {

HypergraphInput read_snn(const std::string& path);
// Requires every net to have exactly one source (the first pin); weights are stored as f32
// (unit weights when `h.net_weights` is empty); node weights are dropped. gzip when `path`
// ends in .gz.
void write_snn(const std::string& path, const HypergraphInput& h);

}  // namespace tessera::io
