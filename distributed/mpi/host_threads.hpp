#pragma once
// Host threads per rank. Every rank of a node would otherwise start as many OpenMP threads as
// the node has cores: p ranks oversubscribe the node p times, and spinning threads starve the
// ranks' MPI progress (4 ranks on 2 cores: over 100 s instead of 1.8 s for ca-GrQc). When the
// user has not chosen a count, each rank takes its share of the node's cores.
#include <mpi.h>

#include <string>

namespace tessera::dist {

struct HostThreads {
  int threads = 0;        // what this rank's host space runs (0: left to the user's setting)
  int node_cores = 0;     // CPUs the ranks of this node may run on (union of their affinity masks)
  int ranks_on_node = 1;  // from MPI_Comm_split_type(MPI_COMM_TYPE_SHARED)
  int rank_cpus = 0;      // CPUs this rank may run on (its affinity mask; 0: unknown). A launcher
                          // that binds each rank to one core (Open MPI does for np <= 2) caps
                          // the share at 1: launch with --bind-to none to use the node
  std::string source;     // "OMP_NUM_THREADS", "KOKKOS_NUM_THREADS", "--kokkos-threads" or "node share"
};

// The share rule: node_cores / ranks_on_node, at least 1, and at most the CPUs this rank may
// run on (a rank bound to one core gains nothing from more threads).
int node_share_threads(int node_cores, int ranks_on_node, int own_cpus);

// Collective over `comm`; call after MPI_Init and before Kokkos::initialize. Unless the user
// set OMP_NUM_THREADS or KOKKOS_NUM_THREADS, or passed --kokkos-threads / --kokkos-num-threads
// in argv, sets KOKKOS_NUM_THREADS to the node share, which Kokkos reads when it initialises
// its host space (the same on every backend; the variable is not deprecated in Kokkos 4).
HostThreads set_host_threads_for_rank(MPI_Comm comm, int argc, char** argv);

}  // namespace tessera::dist
