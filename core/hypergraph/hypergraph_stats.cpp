#include "core/hypergraph/hypergraph_stats.hpp"

#include <algorithm>

namespace tessera {

HypergraphStats hypergraph_stats(const HostHypergraph& h) {
  HypergraphStats s;
  s.num_nodes = h.num_nodes;
  s.num_nets = h.num_nets();
  s.num_pins = h.num_pins();
  for (nid_t e = 0; e < s.num_nets; ++e) {
    s.max_net_size = std::max(s.max_net_size, h.net_offsets(e + 1) - h.net_offsets(e));
    s.total_net_weight += h.net_weights(e);
  }
  for (vid_t v = 0; v < s.num_nodes; ++v) {
    s.max_node_degree = std::max(s.max_node_degree, h.node_offsets(v + 1) - h.node_offsets(v));
    s.max_inbound = std::max(s.max_inbound, h.node_num_inbound(v));
    s.total_node_weight += h.node_weights(v);
  }
  return s;
}

}  // namespace tessera
