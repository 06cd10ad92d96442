#include "algorithms/partitioning/metrics/partition_constraints.hpp"

#include "algorithms/partitioning/metrics/balance.hpp"
#include "core/error.hpp"

namespace tessera {

void check_constraints(PartitionQuality& q, const PartitionConstraints& c) {
  TESSERA_USER_REQUIRE(!c.max_block_weight || *c.max_block_weight >= 0,
                       "the block weight limit (Omega) must be >= 0, got " << *c.max_block_weight);
  TESSERA_USER_REQUIRE(!c.max_inbound_nets || *c.max_inbound_nets >= 0,
                       "the inbound net limit (Delta) must be >= 0, got " << *c.max_inbound_nets);
  TESSERA_USER_REQUIRE(!c.epsilon || *c.epsilon >= 0, "the balance parameter epsilon must be >= 0, got " << *c.epsilon);
  TESSERA_REQUIRE(static_cast<part_t>(q.block_weights.size()) == q.k &&
                      static_cast<part_t>(q.block_inbound_nets.size()) == q.k,
                  "block arrays do not match k = " << q.k);
  q.over_weight_blocks.clear();
  q.over_inbound_blocks.clear();
  q.imbalanced_blocks.clear();
  q.violating_blocks.clear();
  const node_weight_t balance_limit = c.epsilon ? kahypar_max_block_weight(q.total_weight, q.k, *c.epsilon) : 0;
  for (part_t p = 0; p < q.k; ++p) {
    bool bad = false;
    if (c.max_block_weight && q.block_weights[p] > *c.max_block_weight) {
      q.over_weight_blocks.push_back(p);
      bad = true;
    }
    if (c.max_inbound_nets && q.block_inbound_nets[p] > *c.max_inbound_nets) {
      q.over_inbound_blocks.push_back(p);
      bad = true;
    }
    if (c.epsilon && q.block_weights[p] > balance_limit) {
      q.imbalanced_blocks.push_back(p);
      bad = true;
    }
    if (bad) q.violating_blocks.push_back(p);
  }
  q.valid = q.violating_blocks.empty();
}

}  // namespace tessera
