#pragma once
// Which ranks share a node: the ranks whose memory (and GPUs) one process can reach without
// the network, hence the candidates for zero-copy IPC (paper 1, §II-B3, §III-C).
#include <mpi.h>

#include <vector>

#include "distributed/mpi/communicator.hpp"

namespace tessera::dist {

struct NodeTopology {
  std::vector<int> node_of_rank;  // node index per rank, nodes numbered by their lowest rank
  int node = 0;                   // this rank's node
  int local_rank = 0;             // rank among the ranks of its node (ascending global rank)
  int local_size = 1;
  int num_nodes = 1;

  bool same_node(int rank) const { return node_of_rank[static_cast<std::size_t>(rank)] == node; }
};

// Collective. ranks_per_node == 0: the real nodes (MPI_Comm_split_type, shared memory).
// ranks_per_node > 0: nodes of that many consecutive ranks, so mixed MPI + IPC runs can be
// exercised on a single machine (every "node" must still really share the GPU memory).
NodeTopology node_topology(const Communicator& comm, int ranks_per_node = 0);

}  // namespace tessera::dist
