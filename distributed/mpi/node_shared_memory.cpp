#include "distributed/mpi/node_shared_memory.hpp"

#include "distributed/mpi/communicator.hpp"

namespace tessera::dist {

NodeSharedMemory::NodeSharedMemory(MPI_Comm comm, int node, std::size_t bytes) {
  int rank = 0;
  TESSERA_MPI_CHECK(MPI_Comm_rank(comm, &rank));
  TESSERA_MPI_CHECK(MPI_Comm_split(comm, node, rank, &node_comm_));
  TESSERA_MPI_CHECK(MPI_Comm_set_errhandler(node_comm_, MPI_ERRORS_RETURN));
  // Parts are contiguous by default: a multiple of 64 bytes keeps every rank's part aligned
  // (and off its neighbours' cache lines); at least one line, since some MPI libraries return
  // no address for empty parts.
  const std::size_t rounded = (bytes + 63) / 64 * 64;
  TESSERA_MPI_CHECK(MPI_Win_allocate_shared(static_cast<MPI_Aint>(rounded > 0 ? rounded : 64), 1, MPI_INFO_NULL,
                                            node_comm_, &mine_, &window_));
}

NodeSharedMemory::~NodeSharedMemory() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  if (window_ != MPI_WIN_NULL) MPI_Win_free(&window_);
  if (node_comm_ != MPI_COMM_NULL) MPI_Comm_free(&node_comm_);
}

void NodeSharedMemory::publish() {
  TESSERA_MPI_CHECK(MPI_Win_fence(0, window_));
}

const void* NodeSharedMemory::of(int node_rank) const {
  MPI_Aint size = 0;
  int unit = 1;
  void* base = nullptr;
  TESSERA_MPI_CHECK(MPI_Win_shared_query(window_, node_rank, &size, &unit, &base));
  return base;
}

}  // namespace tessera::dist
