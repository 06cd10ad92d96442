#pragma once
// What evaluate_partition measures of a partition of a hypergraph (paper 3, §II-B and §VII-A).
#include <cstdint>
#include <vector>

#include "core/types.hpp"

namespace tessera {

struct PartitionQuality {
  part_t k = 0;                              // number of blocks: largest block id + 1
  node_weight_t total_weight = 0;            // W = sum of node weights
  std::vector<node_weight_t> block_weights;  // w(p) = sum of node weights in p; size k
  // |U_{n in p} in(n)|: nets with at least one destination pin in p (every pin of a net with no
  // sources counts as a destination, so for undirected hypergraphs this is "nets touching p").
  std::vector<std::int64_t> block_inbound_nets;  // size k

  weight_t connectivity = 0;  // km1, Eq. 1: sum_e w(e) (lambda(e) - 1)
  weight_t cut_net = 0;       // Eq. 16: sum_e w(e) [lambda(e) > 1]
  nid_t num_cut_nets = 0;     // |{e : lambda(e) > 1}|

  node_weight_t max_block_weight = 0;    // max_p w(p)
  std::int64_t max_inbound_nets = 0;     // max_p |U in(n)|
  double imbalance = 0;                  // KaHyPar: max_p w(p) / ceil(W / k) - 1

  // Validity against the PartitionConstraints given (unset constraints are not checked).
  bool valid = true;
  std::vector<part_t> over_weight_blocks;   // w(p) > Omega
  std::vector<part_t> over_inbound_blocks;  // inbound nets > Delta
  std::vector<part_t> imbalanced_blocks;    // w(p) > floor((1 + epsilon) ceil(W / k))
  std::vector<part_t> violating_blocks;     // union of the three, ascending
};

}  // namespace tessera
