#pragma once
// Rank and size of MPI_COMM_WORLD for the MPI tests.
#include <mpi.h>

#include "distributed/mpi/host_threads.hpp"

namespace tessera::test {

inline int world_rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

inline int world_size() {
  int s = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

// How main chose the host threads of this rank (before Kokkos was initialised).
inline dist::HostThreads& host_threads_choice() {
  static dist::HostThreads choice;
  return choice;
}

}  // namespace tessera::test
