#pragma once
// Host memory the ranks of a node share (MPI-3 shared-memory windows): each rank allocates its
// part, every rank of the node reads the others' in place. The host counterpart of CUDA IPC
// (paper 1, §II-B3) for CPU ranks on one node.
#include <mpi.h>

#include <cstddef>

namespace tessera::dist {

class NodeSharedMemory {
 public:
  // Collective over the ranks of `comm` with the same `node` (one shared-memory domain, e.g.
  // NodeTopology::node); `bytes` may differ per rank.
  NodeSharedMemory(MPI_Comm comm, int node, std::size_t bytes);
  ~NodeSharedMemory();  // collective over the node (MPI_Win_free)
  NodeSharedMemory(const NodeSharedMemory&) = delete;
  NodeSharedMemory& operator=(const NodeSharedMemory&) = delete;

  void* mine() const { return mine_; }
  // Call after every rank of the node has written its part: makes the writes visible
  // (collective over the node).
  void publish();
  // The part of the node's `node_rank`-th rank (ranks of the node numbered by their rank in `comm`).
  const void* of(int node_rank) const;

 private:
  MPI_Comm node_comm_ = MPI_COMM_NULL;
  MPI_Win window_ = MPI_WIN_NULL;
  void* mine_ = nullptr;
};

}  // namespace tessera::dist
