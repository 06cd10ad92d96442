#pragma once
// Our own k-way initial partitioning at the coarsest level (paper 3, §VII-E uses Mt-KaHyPar there;
// the issue asks for our own): greedy hypergraph growing. Blocks 0..k-2 are grown one after the
// other from a pseudo-random seed node, always adding the unassigned node most connected to the
// block (sum of the weights of its nets already touching the block; ties to the smaller id), until
// the block reaches ceil(W_left / k_left); the last block takes the rest. When that leaves a block
// above Omega, nodes are moved, lightest first, to the lightest blocks with room. Runs on the host:
// the coarsest level has only about 160 k nodes.
#include <cstdint>
#include <vector>

#include "algorithms/partitioning/common/kway_objective.hpp"
#include "algorithms/partitioning/common/level.hpp"

namespace tessera::partitioning {

std::vector<part_t> greedy_growing(const Level<Kokkos::HostSpace>& L, part_t k, node_weight_t omega,
                                   std::uint64_t seed);

// Moves nodes of blocks above Omega, lightest first (ties by id), each to the lightest block with
// room (ties: smaller id); nodes that fit nowhere stay.
void repair_overweight(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega);

// Connectivity (fixed point) of a partition of a host level.
score_t host_connectivity(const Level<Kokkos::HostSpace>& L, const std::vector<part_t>& parts);
// The k-way objective's value: connectivity, or k_cut_gain_factor * cut + connectivity.
score_t host_objective(const Level<Kokkos::HostSpace>& L, const std::vector<part_t>& parts, KwayObjective objective);

}  // namespace tessera::partitioning
