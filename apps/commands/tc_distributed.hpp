#pragma once
// `tessera tc --distributed`: the MPI layer (distributed/), compiled in only when Tessera is
// built with MPI; otherwise a clear error (tc_distributed_unavailable.cpp).
#include <string>

#include "apps/cli/arguments.hpp"
#include "io/graph_io.hpp"

namespace tessera::cli {

// MPI around Kokkos for `tessera tc|mine|cliques|motifs|fsm ... --distributed`: constructed before Kokkos is
// initialised, it starts MPI and sets this rank's host threads (the node's cores divided by
// the ranks on the node, unless the user chose: distributed/mpi/host_threads.hpp); destroyed
// after Kokkos is finalised, it finalises MPI. Any other command line: does nothing.
class DistributedRuntime {
 public:
  DistributedRuntime(int argc, char** argv);
  ~DistributedRuntime();
  DistributedRuntime(const DistributedRuntime&) = delete;
  DistributedRuntime& operator=(const DistributedRuntime&) = delete;

 private:
  bool started_ = false;
};

// Declares the distributed parameters' options (dist::dist_param_options(), except those tc
// already declares for both modes: --variant, --orientation) on the tc command; nothing
// without MPI.
void add_distributed_options(Arguments& args);
// What an option of the single-node table (triangle_count_options()) means with --distributed,
// appended to its help: the distributed parameter's help and default when tc declares the
// option for both modes (variant, orientation), "single node only" otherwise; "" without MPI.
std::string distributed_help(const std::string& name);

// Usage error (exit 2) when one of those options is given without --distributed.
void reject_distributed_options(const Arguments& args);

// Runs under mpiexec (or as a single rank) inside a DistributedRuntime; rank 0 prints the
// result. `load` holds tc's input options (--format, --one-based, --compact-ids); the
// single-node-only options (--intersection, --per-vertex) are usage errors.
int tc_distributed(const Arguments& args, const io::GraphLoadOptions& load);

}  // namespace tessera::cli
