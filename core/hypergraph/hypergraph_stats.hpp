#pragma once
// Size statistics of a hypergraph (host copy).
#include "core/hypergraph/hypergraph.hpp"

namespace tessera {

struct HypergraphStats {
  vid_t num_nodes = 0;
  nid_t num_nets = 0;
  eid_t num_pins = 0;
  eid_t max_net_size = 0;
  eid_t max_node_degree = 0;  // incident nets
  nid_t max_inbound = 0;      // |in(n)|
  node_weight_t total_node_weight = 0;
  weight_t total_net_weight = 0;
};

HypergraphStats hypergraph_stats(const HostHypergraph& h);

}  // namespace tessera
