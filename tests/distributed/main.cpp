// doctest main for the MPI tests: MPI (MPI_THREAD_MULTIPLE requested) and the Kokkos scope
// around the whole suite. Every rank runs every test (they are collective); only rank 0
// prints, and another rank's report is printed (prefixed with its rank) only when it failed.
// The exit code is the maximum over the ranks.
//
// `--requires-data` (the real-data entries) exits with 77, which ctest reports as skipped,
// when the shared data folder is absent (as tests/main.cpp does); checked before MPI_Init so
// every rank decides alike.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>
#include <mpi.h>

#include <Kokkos_Core.hpp>

#include <cstring>
#include <iostream>
#include <sstream>
#include <vector>

#include "distributed/mpi/host_threads.hpp"
#include "distributed/mpi/rank_device.hpp"
#include "tests/distributed/mpi_world.hpp"
#include "tests/support/test_support.hpp"

namespace {
const char* thread_level_name(int level) {
  switch (level) {
    case MPI_THREAD_SINGLE: return "MPI_THREAD_SINGLE";
    case MPI_THREAD_FUNNELED: return "MPI_THREAD_FUNNELED";
    case MPI_THREAD_SERIALIZED: return "MPI_THREAD_SERIALIZED";
    case MPI_THREAD_MULTIPLE: return "MPI_THREAD_MULTIPLE";
    default: return "unknown";
  }
}
}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  if (tessera::test::skip_for_missing_data(args)) return 77;
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0)
    std::cout << "tessera_mpi_tests: " << size << " ranks, MPI thread level requested MPI_THREAD_MULTIPLE, provided "
              << thread_level_name(provided) << "\n";
  // The CPU variant calls MPI from the master thread only (OpenMP regions never do), so
  // MPI_THREAD_FUNNELED suffices; anything less is reported by the test that checks it.
  int kokkos_argc = static_cast<int>(args.size());
  // As `tessera tc --distributed` does: each rank runs its share of the node's cores unless
  // OMP_NUM_THREADS (or Kokkos' own setting) says otherwise; ctest leaves it unset.
  tessera::test::host_threads_choice() = tessera::dist::set_host_threads_for_rank(MPI_COMM_WORLD, kokkos_argc, args.data());
  tessera::dist::set_device_for_rank(MPI_COMM_WORLD, kokkos_argc, args.data());  // ranks share the GPUs in turn
  Kokkos::initialize(kokkos_argc, args.data());
  if (rank == 0)
    std::cout << "host threads per rank: " << Kokkos::DefaultHostExecutionSpace().concurrency() << " ("
              << tessera::test::host_threads_choice().source << "; " << tessera::test::host_threads_choice().node_cores
              << " cores, " << tessera::test::host_threads_choice().ranks_on_node << " ranks on the node)\n";
  int result = 0;
  {
    std::ostringstream captured;
    doctest::Context context;
    context.applyCommandLine(kokkos_argc, args.data());
    if (rank != 0) context.setCout(&captured);
    result = context.run();
    if (rank != 0 && result != 0) std::cerr << "[rank " << rank << "]\n" << captured.str() << std::flush;
  }
  Kokkos::finalize();
  int worst = 0;
  MPI_Allreduce(&result, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return worst;
}
