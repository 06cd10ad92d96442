// The MPI side of `mine|cliques|motifs --distributed` (mining_distributed.hpp).
#include "apps/commands/mining_distributed.hpp"

#include <mpi.h>

#include <iostream>

#include "core/error.hpp"
#include "distributed/pattern_mining/replicated_mining.hpp"

namespace tessera::cli {

namespace {

void fill(DistributedMiningRun& run, const dist::ShareReport& report, double seconds) {
  MPI_Comm_rank(MPI_COMM_WORLD, &run.rank);
  run.ranks.clear();
  for (const auto& r : report.ranks) run.ranks.push_back({r.rank, static_cast<long long>(r.units), r.seconds, r.kernel_seconds});
  run.imbalance = report.imbalance();
  run.seconds = seconds;
}

// One rank's failure would leave the others waiting in the reduction: report it and stop all.
template <class Run>
auto on_every_rank(const Run& run) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  TESSERA_REQUIRE(initialized, "--distributed mining runs inside a DistributedRuntime (apps/main.cpp)");
  try {
    return run();
  } catch (const std::exception& e) {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::cerr << "tessera: error (rank " << rank << "): " << e.what() << "\n";
    MPI_Abort(MPI_COMM_WORLD, 1);
    throw;  // not reached
  }
}

}  // namespace

mining::MineResult mine_distributed(const CsrGraph<Kokkos::DefaultExecutionSpace::memory_space>& graph,
                                    const mining::Pattern& pattern, const mining::MineParams& params,
                                    DistributedMiningRun& run) {
  return on_every_rank([&] {
    auto r = dist::mine(MPI_COMM_WORLD, graph, pattern, params);
    fill(run, r.report, r.seconds);
    return r.result;
  });
}

mining::MotifCounts motifs_distributed(const CsrGraph<Kokkos::DefaultExecutionSpace::memory_space>& graph, int k,
                                       const mining::MineParams& params, DistributedMiningRun& run) {
  return on_every_rank([&] {
    auto r = dist::count_motifs(MPI_COMM_WORLD, graph, k, params);
    fill(run, r.report, r.seconds);
    return r.counts;
  });
}

mining::FsmResult fsm_distributed(const CsrGraph<Kokkos::DefaultExecutionSpace::memory_space>& graph,
                                  const mining::FsmParams& params, const mining::EngineParams& engine,
                                  DistributedMiningRun& run) {
  return on_every_rank([&] {
    auto r = dist::frequent_subgraphs(MPI_COMM_WORLD, graph, params, engine);
    fill(run, r.report, r.seconds);
    return r.result;
  });
}

}  // namespace tessera::cli
