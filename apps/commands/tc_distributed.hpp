#pragma once
// `tessera tc --distributed`: the MPI layer (distributed/), compiled in only when Tessera is
// built with MPI; otherwise a clear error (tc_distributed_unavailable.cpp).
#include "apps/cli/arguments.hpp"

namespace tessera::cli {

// Runs under mpiexec (or as a single rank); rank 0 prints the result.
int tc_distributed(const Arguments& args);

}  // namespace tessera::cli
