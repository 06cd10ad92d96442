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

// Sets up this rank on the device or the host (upload, global order, orientation, readable
// rows) and counts its share with its kernels there; fills the timing, work and message
// metrics. Collective.
void count_on_rank(const Communicator& comm, const DistGraph& g, const DistTriangleParams& params,
                   const NodeTopology& topology, bool on_device, RankMetrics& rm, count_t& local, count_t& remote);

}  // namespace tessera::dist::detail
