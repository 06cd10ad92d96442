#pragma once
// AxonCUDA's binary hypergraph formats, byte for byte (paper 3's tool; layouts in io/README.md),
// plain or gzip. Both start with the header `u32 node_count, u32 edge_count` and then hold
// exactly edge_count records, little-endian:
//   .snn  u32 dst_count, u32 src, u32 dst[dst_count], f32 weight      (one source per net)
//   .axh  u32 pin_count, u32 src_count, u32 pins[pin_count], f32 weight (sources first)
// A record is one directed net: its source(s) drive it, its destinations are its sinks (the
// nets a node is a destination of are its inbound nets). AxonCUDA refuses hyperedges without a
// destination, and .axh ones without a source; so do we. Node weights are not stored.
//
// Readers are strict: every id < node_count, exactly edge_count records, nothing after the
// last; errors are ParseError "path: byte offset X (net N): what" and the header's counts are
// checked against the file size before anything is allocated.
#include <string>

#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::io {

HypergraphInput read_snn(const std::string& path);
HypergraphInput read_axh(const std::string& path);
// Writers refuse (UserError, no file written) what the format cannot hold: a net without
// exactly one source (.snn) or at least one (.axh), a net without a destination, node weights
// other than 1, a weight beyond f32's range. Weights are rounded to the nearest f32. gzip when
// `path` ends in .gz.
void write_snn(const std::string& path, const HypergraphInput& h);
void write_axh(const std::string& path, const HypergraphInput& h);

}  // namespace tessera::io
