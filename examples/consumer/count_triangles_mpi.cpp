// The distributed count (Tessera::dist) on the same graph, on however many ranks it is launched
// with (one without mpiexec): every rank gets the global total, C(6,3) = 20.
#include <Kokkos_Core.hpp>
#include <mpi.h>

#include <cstdio>

#include "distributed/triangle_count/dist_triangle_count.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  bool ok = false;
  {
    Kokkos::ScopeGuard kokkos(argc, argv);
    const auto result = tessera::dist::triangle_count(MPI_COMM_WORLD, "gen:clique:n=6");
    if (rank == 0) std::printf("clique(6) over %d rank(s): %llu triangles\n", result.ranks,
                               static_cast<unsigned long long>(result.triangles));
    ok = result.triangles == 20;
  }
  MPI_Finalize();
  return ok ? 0 : 1;
}
