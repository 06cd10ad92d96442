#pragma once
// Multi-GPU pattern mining (G2Miner, paper 2 §7): one process per GPU, every process holding
// the whole graph (each reads or generates it), each running the engine on its share of the
// work units (TaskShare: chunked round-robin or even split, task_share.hpp), the partial counts
// summed at the end. No messages during mining: the only communication is the reduction and
// the per-rank report.
//
// Every rank must pass the same graph and parameters (the unit sequence the share deals is
// built from them, identically on every rank of one backend). params.engine.share gives the
// schedule and chunk size; rank and ranks come from the communicator.
#include <mpi.h>

#include "algorithms/pattern_mining/problems/mine.hpp"
#include "algorithms/pattern_mining/problems/motifs.hpp"
#include "algorithms/pattern_mining/fsm/fsm.hpp"
#include "distributed/pattern_mining/share_report.hpp"

namespace tessera::dist {

using MiningSpace = Kokkos::DefaultExecutionSpace;
using MiningGraphView = CsrGraph<MiningSpace::memory_space>;

struct ReplicatedMineResult {
  mining::MineResult result;  // count: the whole graph's; stats: this rank's launch
  ShareReport report;
  double seconds = 0;         // this rank's mining and the reduction (the slowest rank's, after it)
};

// Collective over `comm`: the pattern's count (mining::mine) over all ranks.
ReplicatedMineResult mine(MPI_Comm comm, const MiningGraphView& graph, const mining::Pattern& pattern,
                          const mining::MineParams& params);

struct ReplicatedMotifResult {
  mining::MotifCounts counts;  // the whole graph's
  ShareReport report;
  double seconds = 0;
};

// Collective: k-motif counts (mining::count_motifs) over all ranks; rank 0 computes the
// closed-form terms (motifs.hpp, MotifTerms).
ReplicatedMotifResult count_motifs(MPI_Comm comm, const MiningGraphView& graph, int k, const mining::MineParams& params);

struct ReplicatedFsmResult {
  mining::FsmResult result;  // patterns and supports: the whole graph's; matches summed
  ShareReport report;
  double seconds = 0;
};

// Collective: frequent subgraph mining (mining::frequent_subgraphs) over all ranks. MNI support
// is not additive: each rank marks the domains of its share's matches and every launch's domain
// bitmaps are OR-reduced (MPI_BOR) before their sizes are taken, so every rank sees the whole
// graph's supports and grows the same patterns. The bitmaps (pattern vertices × n bits per
// launch) cross the network once per launch, through the host.
ReplicatedFsmResult frequent_subgraphs(MPI_Comm comm, const MiningGraphView& graph, const mining::FsmParams& params,
                                       const mining::EngineParams& engine = mining::fsm_engine_params());

}  // namespace tessera::dist
