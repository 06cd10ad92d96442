#pragma once
// Sequential k-way Fiduccia-Mattheyses refinement with rollback (paper 3, §III cites FM [20] as
// the basis of its refinement), used only on the k-way coarsest level (about 160 k nodes) to
// polish each greedy-growing initial partition. Each pass moves every node at most once, always
// the unlocked move of largest connectivity gain that keeps its target block <= Omega (ties: larger
// gain, then smaller node id, then smaller block), and rolls back to the best prefix; a pass ends
// after `stop_after` moves without a new best prefix (issue 25: 100 left ibm03 at k = 2 in a local
// minimum 1.70x the best known cut, 1,000 reaches 1.11x at the same cost). Passes repeat while
// they improve. Deterministic (sequential, ties by id).
#include <vector>

#include "algorithms/partitioning/common/level.hpp"

namespace tessera::partitioning {

// Improves `parts` in place; returns the connectivity decrease (fixed point).
// `stop_after`: PartitionParams::fm_stop_moves (declared there, with the option).
score_t fm_refine(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega,
                  int stop_after, int max_passes = 8);

}  // namespace tessera::partitioning
