#pragma once
// Algorithm 1 of paper 1 on one rank (§II-A): local counting, then the super-steps that scan
// remote wedges into message buffers, answer received queries and end with the non-blocking
// barrier.
#include "distributed/mpi/communicator.hpp"
#include "distributed/mpi/node_topology.hpp"
#include "distributed/triangle_count/dist_graph.hpp"
#include "distributed/triangle_count/dist_triangle_count.hpp"
#include "distributed/triangle_count/rank_setup.hpp"

namespace tessera::dist::detail {

// Counts this rank's share with its kernels on the device or the host; adds the upload to
// setup_seconds and fills the timing and message metrics. Collective.
void count_on_rank(const Communicator& comm, const DistGraph& g, const DistTriangleParams& params,
                   const NodeTopology& topology, const LocalDag& dag, bool on_device, RankMetrics& rm, count_t& local,
                   count_t& remote);

}  // namespace tessera::dist::detail
