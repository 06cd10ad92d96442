#pragma once
// The two balance conventions of the reference data (shared/data/README.md):
//   KaHyPar epsilon   every block weight <= floor((1 + eps) * ceil(W / k))   (best_known_kahypar_*)
//   hMETIS UBfactor   every block weight in [(100/k - UB)%, (100/k + UB)%] of W  (best_known_tilos)
// e.g. k = 2, UB = 2 allows 48%..52% of W per block; note UBfactor bounds blocks from below too.
#include <vector>

#include "core/types.hpp"

namespace tessera {

// ceil(W / k), the perfectly balanced block weight; 0 when k == 0.
node_weight_t perfect_block_weight(node_weight_t total_weight, part_t k);

// floor((1 + epsilon) * ceil(W / k)), computed in double as KaHyPar does.
node_weight_t kahypar_max_block_weight(node_weight_t total_weight, part_t k, double epsilon);

// max_p w(p) / ceil(W / k) - 1 (0 when k == 0 or W == 0).
double kahypar_imbalance(const std::vector<node_weight_t>& block_weights, part_t k);

// hMETIS UBfactor balance: true when each of the k blocks (blocks past the end of
// `block_weights` weigh 0) holds between (100/k - ubfactor)% and (100/k + ubfactor)% of the total.
// Compared as 100 k w(p) against (100 -+ ubfactor k) W in double: exact for an integral ubfactor
// while 100 k W < 2^53.
// Throws UserError when k < 1, block_weights has more than k entries, or ubfactor < 0.
bool hmetis_balanced(const std::vector<node_weight_t>& block_weights, part_t k, double ubfactor);

}  // namespace tessera
