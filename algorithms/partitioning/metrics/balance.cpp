#include "algorithms/partitioning/metrics/balance.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera {

node_weight_t perfect_block_weight(node_weight_t total_weight, part_t k) {
  if (k <= 0) return 0;
  return (total_weight + k - 1) / k;
}

node_weight_t kahypar_max_block_weight(node_weight_t total_weight, part_t k, double epsilon) {
  TESSERA_USER_REQUIRE(epsilon >= 0 && std::isfinite(epsilon), "the balance parameter epsilon must be >= 0, got " << epsilon);
  const long double limit = std::floor((1.0L + epsilon) * static_cast<long double>(perfect_block_weight(total_weight, k)));
  // Totals are at most 2^62 (check_node_weight_total), so a larger limit admits the same
  // partitions as 2^62 does; computed in long double, it cannot wrap.
  return limit >= static_cast<long double>(k_max_total_node_weight) ? k_max_total_node_weight
                                                                     : static_cast<node_weight_t>(limit);
}

double kahypar_imbalance(const std::vector<node_weight_t>& block_weights, part_t k) {
  node_weight_t total = 0, heaviest = 0;
  for (auto w : block_weights) {
    total += w;
    heaviest = std::max(heaviest, w);
  }
  const node_weight_t perfect = perfect_block_weight(total, k);
  if (perfect == 0) return 0;
  return static_cast<double>(heaviest) / static_cast<double>(perfect) - 1.0;
}

bool hmetis_balanced(const std::vector<node_weight_t>& block_weights, part_t k, double ubfactor) {
  TESSERA_USER_REQUIRE(k >= 1, "hMETIS balance needs k >= 1 blocks, got k = " << k);
  TESSERA_USER_REQUIRE(static_cast<std::int64_t>(block_weights.size()) <= k,
                       "hMETIS balance: " << block_weights.size() << " block weights given for k = " << k
                                          << "; pass k at least the number of blocks");
  TESSERA_USER_REQUIRE(ubfactor >= 0, "hMETIS UBfactor must be >= 0 (a percentage), got " << ubfactor);
  node_weight_t total = 0;
  for (auto w : block_weights) total += w;
  const double kd = static_cast<double>(k);
  const double lower = (100.0 - ubfactor * kd) * static_cast<double>(total);  // vs 100 k w(p)
  const double upper = (100.0 + ubfactor * kd) * static_cast<double>(total);
  for (part_t p = 0; p < k; ++p) {
    const node_weight_t w = p < static_cast<part_t>(block_weights.size()) ? block_weights[p] : 0;
    const double scaled = 100.0 * kd * static_cast<double>(w);
    if (scaled < lower || scaled > upper) return false;
  }
  return true;
}

}  // namespace tessera
