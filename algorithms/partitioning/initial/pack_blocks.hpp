#pragma once
// Packing nodes into as few blocks as the constraints allow (constrained mode), on the host.
//
// Used twice: at the coarsest level of the multilevel scheme, where the nodes are the clusters
// coarsening left (paper 3, §III takes one block per cluster; when coarsening ends early, in its
// tail, that leaves far more blocks than ceil(W / Omega)), and at the finest level as the
// paper's "overlap" baseline (§VII-A, [4]: nodes co-located by the overlap of their incidence sets).
//
// Greedy growing, one block at a time: the block starts from the smallest unassigned id and
// repeatedly takes the unassigned node of largest score (ties to the smaller id), among those with
// a net already touching the block, when it fits: weight <= Omega and exact
// distinct inbound nets <= Delta (a marker per net). When no node with overlap fits, it tries the
// next unassigned ids in order (what the one-pass baseline does), and closes after
// `max_failures` consecutive nodes that did not fit, or at once when no unassigned node fits its
// remaining weight. Nets with more than `max_overlap_net_size`
// pins feed no overlap (as in coarsening: their pairs say little and would make growth
// quadratic), but they count for Delta. Deterministic: a function of the level only.
//
// Scores (PackScore): `overlap`, the total weight (+1 each, so zero-weight nets count) of the
// node's nets already touching the block; `cut_gain`, 2 * overlap - the node's own net weight (same
// +1, same nets), i.e. the nets the node shares with the block minus the nets it would bring in
// (the gain of greedy hypergraph growing). Overlap prefers nodes with many nets, shared or not (a
// hub whose other nets then leave the block cut); cut gain prefers nodes that close the block's
// nets. Neither wins everywhere, so the driver tries both.
#include <cstdint>
#include <vector>

#include "algorithms/partitioning/common/level.hpp"
#include "algorithms/partitioning/common/partition_limits.hpp"

namespace tessera::partitioning {

// The score of a candidate node for the block being filled (see above).
enum class PackScore { overlap, cut_gain };

// How pack_blocks grows a block (the limits it packs under are the run's PartitionLimits:
// max_block_weight Omega, and max_inbound Delta when check_inbound).
struct PackParams {
  eid_t max_overlap_net_size = 1000;  // the driver passes CoarseningParams::max_scored_net_size
  int max_failures = 64;
  PackScore score = PackScore::overlap;  // the driver tries both
};

// Block of every node, ids 0..count-1 in the order the blocks were opened.
std::vector<part_t> pack_blocks(const Level<Kokkos::HostSpace>& L, const PartitionLimits& limits,
                                const PackParams& params = {});

// The paper's one-pass baseline (§VII-A, [5]): nodes in id order fill the current block while it
// stays within Omega and Delta; a node that does not fit opens the next block.
std::vector<part_t> one_pass_blocks(const Level<Kokkos::HostSpace>& L, const PartitionLimits& limits);
// One-pass over the nodes in `order` (a permutation of the level's ids) instead of id order.
std::vector<part_t> one_pass_blocks(const Level<Kokkos::HostSpace>& L, const PartitionLimits& limits,
                                    const std::vector<vid_t>& order);

// An order of the level's nodes for chunking (the structured packing of the driver): greedy
// growing by params.score as in pack_blocks, but with no Delta check and no rejection: a segment
// takes nodes until its weight reaches Omega, the node that crosses Omega is split in thought (its
// remainder counts for the next segment) and the next segment grows around it, so consecutive
// Omega-sized chunks of the order, once expanded to unit-weight nodes, are compact and adjacent.
std::vector<vid_t> growth_order(const Level<Kokkos::HostSpace>& L, const PartitionLimits& limits,
                                const PackParams& params = {});

}  // namespace tessera::partitioning
