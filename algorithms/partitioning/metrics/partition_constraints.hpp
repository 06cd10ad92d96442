#pragma once
// The hard limits a partition must respect (paper 3, §II-B), each optional:
//   max_block_weight  Omega: w(p) <= Omega for every block (|p| for unit node weights)
//   max_inbound_nets  Delta: |U_{n in p} in(n)| <= Delta for every block
//   epsilon           KaHyPar balance: w(p) <= floor((1 + epsilon) * ceil(W / k)); the k-way
//                     experiments of §VII-E use epsilon = 0.03 (hMETIS UBfactor: see balance.hpp)
#include <cstdint>
#include <optional>

#include "algorithms/partitioning/metrics/partition_quality.hpp"
#include "core/types.hpp"

namespace tessera {

struct PartitionConstraints {
  std::optional<node_weight_t> max_block_weight;  // Omega
  std::optional<std::int64_t> max_inbound_nets;   // Delta
  std::optional<double> epsilon;                  // KaHyPar balance parameter
};

// Fills the violation lists and `valid` of `q` from its k, total weight, block weights and
// inbound counts. Throws UserError for a negative Omega, Delta or epsilon.
void check_constraints(PartitionQuality& q, const PartitionConstraints& c);

}  // namespace tessera
