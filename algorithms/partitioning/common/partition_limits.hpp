#pragma once
// The limits of one partitioner run, resolved once from the parameters and the input
// (multilevel/partition_hypergraph.cpp: resolve_limits) and passed unchanged to every phase:
// coarsening (clusters), initial packing, refinement (blocks) and the baselines.
#include <cstdint>
#include <limits>

#include "core/types.hpp"

namespace tessera::partitioning {

struct PartitionLimits {
  node_weight_t max_block_weight = std::numeric_limits<node_weight_t>::max();  // Omega (k-way: balanced limit)
  std::int64_t max_inbound = std::numeric_limits<std::int64_t>::max() / 4;   // Delta (huge when unset)
  bool check_inbound = false;                                                // Delta is given
  // Coarsening: largest cluster (Omega in constrained mode; in k-way mode about W / (k * 160),
  // so that the coarsest level keeps enough nodes for the initial partitioning).
  node_weight_t max_cluster_weight = std::numeric_limits<node_weight_t>::max();
  vid_t coarsest_nodes = 1;  // coarsening stops at this many nodes: ceil(W / Omega), or about 160 k
};

}  // namespace tessera::partitioning
