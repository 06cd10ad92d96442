#pragma once
// Rank and size of MPI_COMM_WORLD for the MPI tests.
#include <mpi.h>

#include <memory>
#include <string>

#include "distributed/mpi/host_threads.hpp"
#include "tests/support/test_support.hpp"

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

// A file `name` that rank 0 creates in `dir` (made there) with `write(path)`, its path shared
// with every rank: the ranks then read it by themselves (HDF5 range reads).
template <class Write>
std::string file_on_rank0(std::unique_ptr<TempDir>& dir, const char* name, Write&& write) {
  std::string path;
  if (world_rank() == 0) {
    dir = std::make_unique<TempDir>();
    path = dir->file(name);
    write(path);
  }
  int length = static_cast<int>(path.size());
  MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
  path.resize(static_cast<std::size_t>(length));
  MPI_Bcast(path.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
  return path;
}

}  // namespace tessera::test
