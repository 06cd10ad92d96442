#include "distributed/mpi/node_shared_memory.hpp"

#include "distributed/mpi/communicator.hpp"

namespace tessera::dist {

NodeSharedMemory::NodeSharedMemory(MPI_Comm comm, int node, std::size_t bytes) {
  int rank = 0;
  TESSERA_MPI_CHECK(MPI_Comm_rank(comm, &rank));
  TESSERA_MPI_CHECK(MPI_Comm_split(comm, node, rank, &node_comm_));
  TESSERA_MPI_CHECK(MPI_Comm_set_errhandler(node_comm_, MPI_ERRORS_RETURN));
  // At least one byte: some MPI libraries return no address for empty parts.
  TESSERA_MPI_CHECK(MPI_Win_allocate_shared(static_cast<MPI_Aint>(bytes > 0 ? bytes : 1), 1, MPI_INFO_NULL, node_comm_,
                                            &mine_, &window_));
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
