#pragma once
// Sequential k-way Fiduccia-Mattheyses refinement with rollback (paper 3, §III cites FM [20] as
// the basis of its refinement), used on the k-way coarsest level (about 160 k nodes) to polish
// each greedy-growing initial partition, and on the uncoarsening levels (level FM). Each pass moves
// every node at most once, always the unlocked move of largest gain that keeps its target block
// <= Omega (ties: larger gain, then smaller node id, then smaller block), and rolls back to the
// best prefix; a pass ends after `stop_after` moves without a new best prefix (issue 25: 100 left
// ibm03 at k = 2 in a local minimum 1.70x the best known cut, 1,000 reaches 1.11x at the same
// cost). Passes repeat while they improve. Gains are those of the objective
// (common/kway_objective.hpp), read from a gain cache (initial/kway_gain_cache.hpp).
// Deterministic (sequential, integer gains, ties by id).
#include <vector>

#include "algorithms/partitioning/common/kway_objective.hpp"
#include "algorithms/partitioning/common/level.hpp"

namespace tessera::partitioning {

struct FmOptions {
  int stop_after = 1000;  // PartitionParams::fm_stop_moves (declared there, with the option and its auto rule)
  KwayObjective objective = KwayObjective::cut;  // PartitionParams::objective
  int max_passes = 8;
  // Evaluate every gain from the pin counts (O(deg * k) per node, the FM before the gain cache)
  // instead of reading the cache: the reference the cached FM must reproduce move for move.
  bool recompute_gains = false;
  // How a pass undoes the moves after its best prefix: one by one in reverse (reverse), or by
  // restoring the gain cache saved at the pass's start and replaying the prefix (restore); the
  // same partition and cache either way. automatic: save when the cache is small beside the
  // expected work of undoing, then whichever moves fewer nodes (issue 25: the coarse levels,
  // hundreds of nodes of ~60 nets each, move every node in a pass and undo ~90% of the moves).
  enum class Rollback { automatic, reverse, restore };
  Rollback rollback = Rollback::automatic;
  // Per-block weight limits (size k) instead of one Omega for all: recursive bisection's two
  // sides have limits in proportion to the blocks each will be split into.
  std::vector<node_weight_t> max_weights;
};

// Improves `parts` in place; returns the objective's decrease (fixed point; for cut in units of
// k_cut_gain_factor * cut + connectivity).
score_t fm_refine(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega,
                  const FmOptions& options);

}  // namespace tessera::partitioning
