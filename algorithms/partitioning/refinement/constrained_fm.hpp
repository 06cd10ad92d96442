#pragma once
// Constrained FM (issue 24; host code): Fiduccia-Mattheyses passes on a host copy of a
// constrained-mode level, after the parallel refinement. Each pass moves every node at most once,
// always the unlocked valid move of largest connectivity gain (ties: smaller node id, then larger
// block id), negative gains included, and rolls back to the best prefix (the earliest of equal
// gain). A move is valid when its target block stays within Omega and within Delta distinct
// inbound nets (exact, from per-(net, block) destination counts); only blocks already connected
// to the node are targets, so no block is ever opened. Gains are evaluated lazily: the heap holds
// each node's last evaluated gain, a popped node is evaluated again and pushed back when its gain
// dropped, and the pins of small nets whose counts cross a critical value are evaluated again
// after each move. Passes repeat while they gain enough (at most max_passes); then relaxed passes, whose
// moves may overload one block (Omega or Delta) that was not overloaded, after which only the
// best valid move out of that block is taken until it fits again: swaps and chains between full
// blocks (16k-model at 16 blocks: W = 16 Omega), and only prefixes with no overloaded block count.
// A pass also ends after stop_after moves without a new best prefix, or once its evaluations have
// visited work_factor times the (net, block) pairs of its first evaluation of every node (random
// SNN nets touch hundreds of blocks). The result never has higher connectivity than the input and
// stays valid. Deterministic (sequential moves, integer gains, ties by id). The evaluations that
// do not depend on each other (every node at a pass's start, the pins a move made dirty, the
// unlocked nodes of a relaxed pass's overloaded block) and the per-(net, block) counts run on the
// host execution space's threads, with the same results whatever their number.
#include <cstdint>
#include <vector>

#include "algorithms/partitioning/common/level.hpp"
#include "algorithms/partitioning/common/partition_limits.hpp"

namespace tessera::partitioning {

struct ConstrainedFmOptions {
  int max_passes = 4;
  bool relaxed = true;  // relaxed passes after the normal ones (see constrained_fm.cpp)
  int stop_after = 1000;            // moves without a new best prefix end a pass (PartitionParams::fm_stop_moves)
  std::int64_t work_factor = 4;     // see constrained_fm.cpp: a pass's evaluation budget
  // Passes of a kind (normal, relaxed) end after one that gains less than this fraction of the
  // connectivity: on 64k-model the last passes gained 1 in 93,000 at 0.5 s each (CPU), on
  // 256k-model the FM took 10.5 of 17.7 s on an H100 for 52 of 486,076.
  double min_pass_gain = 1e-4;
  eid_t update_net_size = 64;       // nets of at most this many pins re-evaluate their pins after a move
  std::int64_t max_count_cells = std::int64_t(1) << 27;  // nets x blocks above this: skip (memory)
  // One evaluation of every node visits sum_e |e| lambda(e) (net, block) pairs, and a pass does up
  // to 1 + work_factor of them: above this many per evaluation, skip (time; PartitionParams::
  // constrained_fm_max_work).
  std::int64_t max_evaluation_work = std::int64_t(1) << 29;
};

struct ConstrainedFmStats {
  score_t gain = 0;  // connectivity decrease (fixed point)
  std::int64_t moves = 0;
  int passes = 0;
  // Why nothing ran although the partition was valid: the (net, block) count cells or the work of
  // one evaluation of every node (ConstrainedFmOptions' max_count_cells, max_evaluation_work)
  // over the limit; `evaluation_work` is that work (0 when the cells were over).
  bool skipped = false;
  std::int64_t evaluation_work = 0;
};

// Improves `parts` (blocks 0..num_parts-1) of L in place. A partition that is invalid on entry is
// left unchanged.
ConstrainedFmStats constrained_fm(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t num_parts,
                                  const PartitionLimits& limits, const ConstrainedFmOptions& options = {});

}  // namespace tessera::partitioning
