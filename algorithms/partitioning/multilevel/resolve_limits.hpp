#pragma once
// The limits of one partitioner run (common/partition_limits.hpp), resolved once from the
// parameters and the input's statistics before any phase runs.
#include <Kokkos_Core.hpp>

#include "algorithms/partitioning/common/partition_limits.hpp"
#include "algorithms/partitioning/multilevel/partition_params.hpp"
#include "core/hypergraph/hypergraph.hpp"

namespace tessera::partitioning {

// Input statistics the limits are resolved from.
struct InputStats {
  node_weight_t total_weight = 0, max_node_weight = 0;
  nid_t max_node_inbound = 0;  // the most inbound nets of one node (Delta must allow it)
  double max_net_weight = 0, min_net_weight = 0;
};

template <class ExecSpace>
InputStats input_stats(const ExecSpace& space, const Hypergraph<typename ExecSpace::memory_space>& h);

// The limits of the run (every phase receives them unchanged); throws UserError on bad
// parameters and on instances no partition can satisfy.
PartitionLimits resolve_limits(const PartitionParams& params, const InputStats& in, vid_t n, nid_t m);

}  // namespace tessera::partitioning
