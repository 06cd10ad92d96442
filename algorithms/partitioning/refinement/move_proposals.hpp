#pragma once
// Refinement step 2 (paper 3, §VI-B, Eq. 13; refine.hpp): every node's move to the block of
// largest connection, gain(n, p) = saving(n) - Σ_{e∋n} w(e) + conn(n, p) with conn(n, p) = Σ w(e)
// over the incident nets with a pin in p (p ≠ the node's block); ties to the larger block id;
// `into_room_only`: only blocks with room for the node. Declared here, defined and instantiated
// in move_proposals.cpp (its kernels in one translation unit: core/kokkos_ext/instantiate.hpp).
//
// Two kernels, the same moves (integer sums and max):
//   dense     a team per node adds conn(n, ·) into a scratch array over the blocks: O(P) a node
//             to clear and scan it besides its pins; on GPUs wherever the array fits shared
//             memory, elsewhere for few blocks or for few nodes of many pins (the coarse levels
//             of the large SNNs: the 1M network's level of 2,137 nodes and ~2,000 blocks gathers
//             683 M pairs, 5.5 GB, run 23);
//   gathered  the (block, w(e)) pairs of every incident net sorted per node: O(Σ λ log) and no
//             per-block work, for many nodes of few pins; in batches of consecutive nodes whose
//             pairs fit a quarter of the free device memory and 4 GiB (row_batches.hpp).
#include <Kokkos_Core.hpp>

#include "algorithms/partitioning/refinement/refine_state.hpp"

namespace tessera::partitioning::detail {

enum class ProposalKernel { automatic, dense, gathered };

struct ProposalChoice {
  ProposalKernel kernel = ProposalKernel::automatic;
  eid_t max_batch_pairs = 0;  // gathered pairs a batch; 0: from the free device memory
};

// Fills lv.move_to (invalid_part: no move of gain >= min_gain) and lv.move_gain.
template <class ExecSpace>
void propose_moves(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                   RefineBuffers<typename ExecSpace::memory_space>& buf, bool into_room_only, score_t min_gain,
                   const ProposalChoice& choice = {});

}  // namespace tessera::partitioning::detail
