#pragma once
// Consistency checks of a HypergraphInput before a writer serializes it, so that no writer
// produces a file its own reader would reject.
#include <string>

#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::io::detail {

// Throws UserError naming `path` when offsets, pins, source counts or weights are inconsistent.
// An empty net_num_sources is accepted and means "no sources".
void check_hypergraph_input(const HypergraphInput& h, const std::string& path);

// Sources of net e (0 when net_num_sources is empty).
inline vid_t num_sources(const HypergraphInput& h, nid_t e) {
  return h.net_num_sources.empty() ? 0 : h.net_num_sources[static_cast<std::size_t>(e)];
}

}  // namespace tessera::io::detail
