#pragma once
// Per-rank work and time of a replicated mining run (replicated_mining.hpp), gathered so that
// rank 0 can report the imbalance (paper 2, Fig. 12: per-GPU time under each schedule), and
// the reductions of the ranks' partial counts.
#include <mpi.h>

#include <vector>

#include "algorithms/pattern_mining/engine/task_share.hpp"
#include "core/types.hpp"
#include "distributed/mpi/communicator.hpp"

namespace tessera::dist {

struct RankShare {
  int rank = 0;
  eid_t units = 0;      // engine units this rank ran (tasks, or parts of split hub tasks)
  double seconds = 0;   // this rank's mining (preparation, task lists, kernels), before the reduction
  double kernel_seconds = 0;  // its engine kernels alone (the rest is preparation every rank repeats)
};

struct ShareReport {
  std::vector<RankShare> ranks;  // by rank, on every rank
  double imbalance() const;      // max / mean of the ranks' seconds (1 = even)
};

// This rank's share of the units under the schedule and chunk size of `options` (its rank
// and ranks are ignored: they come from the communicator).
mining::TaskShare rank_share(const Communicator& comm, const mining::TaskShare& options);

// Collective: every rank's units and seconds, on every rank.
ShareReport gather_share_report(const Communicator& comm, eid_t units, double seconds, double kernel_seconds);

// Collective element-wise sums of the ranks' partial counts.
count_t sum_over_ranks(const Communicator& comm, count_t partial);
std::vector<count_t> sum_over_ranks(const Communicator& comm, const std::vector<count_t>& partial);

}  // namespace tessera::dist
