#pragma once
// `tessera mine|cliques|motifs|fsm --distributed`: the replicated multi-GPU mining of
// distributed/pattern_mining/ (one process per GPU under mpiexec, each with the whole graph and
// its TaskShare of the units, counts summed), compiled in only with MPI; otherwise a clear error
// (mining_distributed_unavailable.cpp). The MPI runtime is DistributedRuntime (tc_distributed.hpp).
#include <vector>

#include "algorithms/pattern_mining/problems/mine.hpp"
#include "algorithms/pattern_mining/problems/motifs.hpp"
#include "algorithms/pattern_mining/fsm/fsm.hpp"

namespace tessera::cli {

// What rank 0 reports besides the counts: each rank's units and mining time.
struct DistributedMiningRun {
  struct Rank {
    int rank = 0;
    long long units = 0;
    double seconds = 0;         // mining: preparation, task lists, kernels
    double kernel_seconds = 0;  // the engine kernels alone
  };
  int rank = 0;               // this process's rank (only rank 0 prints)
  std::vector<Rank> ranks;
  double imbalance = 0;       // max / mean of the ranks' seconds
  double seconds = 0;         // mining and reduction, as the slowest rank saw it
};

// Collective over MPI_COMM_WORLD; params.engine.share holds the schedule and chunk size. A
// failure on any rank stops every rank (MPI_Abort), as `tc --distributed` does.
mining::MineResult mine_distributed(const CsrGraph<Kokkos::DefaultExecutionSpace::memory_space>& graph,
                                    const mining::Pattern& pattern, const mining::MineParams& params,
                                    DistributedMiningRun& run);
mining::MotifCounts motifs_distributed(const CsrGraph<Kokkos::DefaultExecutionSpace::memory_space>& graph, int k,
                                       const mining::MineParams& params, DistributedMiningRun& run);
// FSM: supports from OR-reduced domain bitmaps (distributed/pattern_mining); per-rank time is
// the rank's kernel time.
mining::FsmResult fsm_distributed(const CsrGraph<Kokkos::DefaultExecutionSpace::memory_space>& graph,
                                  const mining::FsmParams& params, const mining::EngineParams& engine,
                                  DistributedMiningRun& run);

}  // namespace tessera::cli
