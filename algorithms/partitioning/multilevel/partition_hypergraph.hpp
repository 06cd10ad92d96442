#pragma once
// Deterministic multilevel partitioner for directed hypergraphs (paper 3): coarsening by
// constraint-aware pair proposals and exact pseudo-forest matching (§V), the coarsest clusters
// packed into blocks under Omega and Delta (constrained mode) or our greedy growing (k-way mode),
// refinement at every level by chained move sequences with events-based validity (§VI).
// params.algorithm selects the paper's sequential baselines instead (one-pass, overlap).
//
//   PartitionParams p;                        // multilevel/partition_params.hpp
//   p.mode = PartitionMode::constrained; p.max_block_weight = 1024; p.max_inbound_nets = 4096;
//   auto r = tessera::partition_hypergraph(space, hypergraph, p);   // r.parts, r.num_parts
//
// Results are valid whenever the instance is feasible node by node: constrained mode never leaves
// a block above Omega or Delta; k-way mode keeps every block <= floor((1 + eps) ceil(W / k)).
// Impossible instances throw UserError: a node heavier than Omega or with more than Delta inbound
// nets, k < 1, k > number of nodes, eps < 0, negative net weights.
//
// Deterministic: the partition depends only on the hypergraph, the parameters and the seed — not
// on the backend, thread count or scheduling (integer/fixed-point arithmetic throughout, ties by
// id, sorts of unique keys, integer atomics only).
#include "algorithms/partitioning/metrics/partition_constraints.hpp"
#include "algorithms/partitioning/multilevel/partition_params.hpp"
#include "core/hypergraph/hypergraph.hpp"

namespace tessera {

template <class ExecSpace>
PartitionResult<typename ExecSpace::memory_space> partition_hypergraph(
    const ExecSpace& space, const Hypergraph<typename ExecSpace::memory_space>& h, const PartitionParams& params);

// The constraints a result of `params` must satisfy (Omega/Delta, or epsilon for k-way).
PartitionConstraints constraints_of(const PartitionParams& params);

}  // namespace tessera
