#pragma once
// Refinement step 5 (paper 3, §VI-C, Eqs. 14-15; refine.hpp): the exact gain of every move of the
// sequence given all earlier moves. Declared here, defined and instantiated in
// sequence_gains.cpp (its kernels in one translation unit: core/kokkos_ext/instantiate.hpp).
//
// For move s of node v (block ps to pd) and a net e of v, the gain needs cur_s and cur_d: e's
// pins in ps and pd once moves 0..s-1 are applied. A net with few moving pins (at most
// k_walked_movers) is walked: each earlier mover adjusts the counts. In a net with more, every
// moving pin gives two events, (block it leaves, its position, -1) and (block it enters, its
// position, +1); sorted by (block, position) within the net and prefix-summed, pins(p, e) plus
// the sum of p's earlier events is the count at every event, so each event adds its move's term
// (leaving score at the departure, -w(e) at an arrival into an empty block). The step costs
// O(P (k_walked_movers + log P)) for P moving pins. It used to walk every net's moving pins for
// every move in it, Σ_e movers(e)^2: alexnet (Loihi-84, one CPU thread) 41.3G steps for 129M
// moving pins, 342 of the 354 s of its sequence step (issue 24).
#include <Kokkos_Core.hpp>

#include "algorithms/partitioning/refinement/refine_state.hpp"

namespace tessera::partitioning::detail {

// Nets with at most this many moving pins are walked (a bounded loop per move and net; sorting
// their events cost more on the CPU's ISPD98 inputs, whose nets have a handful of pins).
inline constexpr eid_t k_walked_movers = 32;

// seq_node(s) is the node of sequence position s, lv.seqpos its inverse (-1 for nodes that do
// not move). Returns the first M entries of buf.seq_gain: the gain of move s after moves
// 0..s-1 (lv.leave_saving scores leaving, w(e) is lost on entering a block e has no pin in).
template <class ExecSpace>
Kokkos::View<score_t*, typename ExecSpace::memory_space> in_sequence_gains(
    const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
    RefineBuffers<typename ExecSpace::memory_space>& buf,
    const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node);

}  // namespace tessera::partitioning::detail
