#include "io/text/hypergraph_checks.hpp"

#include <cmath>

#include "core/error.hpp"

namespace tessera::io::detail {

void check_hypergraph_input(const HypergraphInput& h, const std::string& path) {
  const std::string where = "cannot write '" + path + "': ";
  TESSERA_USER_REQUIRE(!h.net_offsets.empty() && h.net_offsets.front() == 0,
                       where << "net_offsets must start with 0");
  TESSERA_USER_REQUIRE(h.net_offsets.back() == static_cast<eid_t>(h.pins.size()),
                       where << "net_offsets ends at " << h.net_offsets.back() << " but there are " << h.pins.size()
                             << " pins");
  TESSERA_USER_REQUIRE(h.num_nodes >= 0, where << "negative node count " << h.num_nodes);
  const std::size_t num_nets = h.net_offsets.size() - 1;
  TESSERA_USER_REQUIRE(h.net_num_sources.empty() || h.net_num_sources.size() == num_nets,
                       where << h.net_num_sources.size() << " source counts for " << num_nets << " nets");
  TESSERA_USER_REQUIRE(h.net_weights.empty() || h.net_weights.size() == num_nets,
                       where << h.net_weights.size() << " net weights for " << num_nets << " nets");
  TESSERA_USER_REQUIRE(h.node_weights.empty() || h.node_weights.size() == static_cast<std::size_t>(h.num_nodes),
                       where << h.node_weights.size() << " node weights for " << h.num_nodes << " nodes");
  for (std::size_t e = 0; e < num_nets; ++e) {
    eid_t size = h.net_offsets[e + 1] - h.net_offsets[e];
    TESSERA_USER_REQUIRE(size >= 0, where << "net_offsets decreases at net " << e);
    vid_t sources = num_sources(h, static_cast<nid_t>(e));
    TESSERA_USER_REQUIRE(sources >= 0 && sources <= size,
                         where << "net " << e << " has " << sources << " sources but only " << size << " pins");
  }
  for (std::size_t i = 0; i < h.pins.size(); ++i)
    TESSERA_USER_REQUIRE(h.pins[i] >= 0 && h.pins[i] < h.num_nodes,
                         where << "pin " << h.pins[i] << " is outside [0, " << h.num_nodes << ")");
  for (std::size_t e = 0; e < h.net_weights.size(); ++e)
    TESSERA_USER_REQUIRE(std::isfinite(h.net_weights[e]) && h.net_weights[e] >= 0,
                         where << "net " << e << " has weight " << h.net_weights[e] << "; weights must be finite and >= 0");
  for (std::size_t v = 0; v < h.node_weights.size(); ++v)
    TESSERA_USER_REQUIRE(h.node_weights[v] >= 0,
                         where << "node " << v << " has negative weight " << h.node_weights[v]);
}

}  // namespace tessera::io::detail
