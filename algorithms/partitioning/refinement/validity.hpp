#pragma once
// Refinement step 6 (paper 3, §VI-D, Fig. 6; refine.hpp): events-based validity. For every
// position s of the move sequence, viol(s) receives the change in the number of violated limits
// (block size Omega, distinct inbound nets Delta) that move s causes. Declared here, defined and
// instantiated in validity.cpp (its kernels in one translation unit:
// core/kokkos_ext/instantiate.hpp).
//
// Inbound events come from the moves, not from the pins: move s of node v gives a departure
// (from, s) and an arrival (to, s) in the row of every net e that v is a destination pin of (its
// first nin(v) incident nets); each net's row is sorted by (block, position), and the Fig. 6 walk
// over each (net, block) group finds where pins_in(block, e) crosses zero. Events, rows and sort
// grow with the moved nodes' inbound nets (plus O(nets) for the row map), not with the level's
// pins: the former layout (two slots per pin of every net, each net's row sorted at every
// evaluation) cost O(pins) a sequence even when a handful of nodes moved, and 48 bytes per pin of
// the finest level (27.7 GB for the 1M network's 577 M pins). The 2-core CPU's validity step:
// lenet 0.34 -> 0.09 s, 64k-model 1.77 -> 1.12 s, the same partitions.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/refinement/refine_state.hpp"

namespace tessera::partitioning::detail {

// Step 6a (§VI-D): size events, key (block, position, sign), one per block a move touches,
// prefix-summed per block; viol(s) becomes the change in violated size limits at move s.
template <class ExecSpace>
void size_violations(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                     const RefineBuffers<typename ExecSpace::memory_space>& buf,
                     const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node,
                     const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& viol);

// Step 6b (§VI-D, Fig. 6): transitions of pins_in(p, e) across zero along the sequence
// seq_node (lv.move_to the destinations, lv.ri the counts before it) become inbound-count events,
// prefix-summed per block; adds to viol(s) the change in violated Delta limits at move s.
template <class ExecSpace>
void inbound_violations(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                        RefineBuffers<typename ExecSpace::memory_space>& buf,
                        const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node,
                        const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& viol);

}  // namespace tessera::partitioning::detail
