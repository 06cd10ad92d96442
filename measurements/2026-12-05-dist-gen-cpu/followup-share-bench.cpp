// Issue 26 follow-up: times kronecker_share_rows (equal vertex blocks) or, with FULL=1 in the
// environment, load_distributed_graph (the whole read path, work split) on its own, without the
// count: mpiexec -n P share-bench SCALE REPS LABEL. Built against build/openmp's libraries with
// either version of distributed/triangle_count/generated_rows.cpp linked first.
#include <mpi.h>
#include <Kokkos_Core.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "distributed/triangle_count/generated_rows.hpp"
#include "distributed/triangle_count/dist_graph.hpp"
#include <string>
using namespace tessera;
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  Kokkos::initialize(argc, argv);
  {
    int p, r; MPI_Comm_size(MPI_COMM_WORLD, &p); MPI_Comm_rank(MPI_COMM_WORLD, &r);
    gen::KroneckerParams kp; kp.scale = std::atoi(argv[1]); kp.edge_factor = 16; kp.seed = 1;
    const vid_t n = vid_t(1) << kp.scale;
    std::vector<vid_t> blocks(p + 1);
    for (int k = 0; k <= p; ++k) blocks[k] = vid_t(std::int64_t(n) * k / p);
    for (int rep = 0; rep < std::atoi(argv[2]); ++rep) {
      MPI_Barrier(MPI_COMM_WORLD);
      auto t0 = std::chrono::steady_clock::now();
      eid_t input = 0;
      HostGraph g;
      if (std::getenv("FULL")) {
        dist::SplitParams sp; sp.balance = dist::PartitionBalance::work;
        g = dist::load_distributed_graph(MPI_COMM_WORLD, "gen:kronecker:scale=" + std::string(argv[1]) + ",edge_factor=16,seed=1", sp).local;
      } else g = dist::kronecker_share_rows(MPI_COMM_WORLD, kp, blocks, input);
      double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), mx;
      MPI_Reduce(&s, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
      long long e = g.num_entries(), tot;
      MPI_Reduce(&e, &tot, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
      if (r == 0) std::printf("%s scale %d P %d rep %d share_s %.3f entries %lld\n", argv[3], kp.scale, p, rep, mx, tot);
    }
  }
  Kokkos::finalize();
  MPI_Finalize();
}
