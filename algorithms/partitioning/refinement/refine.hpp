#pragma once
// Refinement of one level (paper 3, §VI), repeated Theta = 16 times:
//   1. pins(p, e) per net, as sorted runs (block, pins, destination pins) — the paper's |P| x |E|
//      matrix stored sparsely, so thousands of blocks cost nothing extra (§VI-B);
//   2. every node proposes its best move: gain(n, p) = saving(n) - loss(n, p) (Eq. 13), ties to
//      the larger block id; in the second half of the repetitions only moves into blocks with
//      room (size(n) + w(p) <= Omega) are proposed;
//   3. moves sorted by (source block, -gain) are chained into paths and cycles: each free chain
//      end picks, in a window of 256 moves leaving its destination, the successor maximising
//      gain(m) - alpha |size(n) - size(m)| - beta ||in(n)| - |in(m)|| (alpha 1e-6, beta 1e-7);
//      conflicts go to the largest (-penalty, node id) by an atomic max; up to 16 rounds (§VI-C);
//   4. cycles are cut at their smallest move, chains ranked by total gain into one sequence;
//      (stalled_retries, off by default: a sequence without a valid prefix is ranked again, cycles
//      first, then as pairwise swaps, swaps.hpp);
//   5. in-sequence gains: each move's exact gain given every earlier move (Eqs. 14-15), computed
//      after step 6 and only for the moves before the last valid prefix ends (none when no prefix
//      is valid: the Delta-bound coarse levels of rewired networks such as 64k-rand);
//   6. events-based validity (§VI-D, Fig. 6): size events and inbound-pin events are sorted by
//      (block, position) and prefix-summed, transitions of pins_in(p, e) across zero become
//      inbound-count events, then validity transitions; their prefix sum counts the violated
//      blocks after every move;
//   7. the valid prefix of largest cumulative gain is applied (only when it gains, or when the
//      starting state was invalid: then the best valid prefix repairs it).
// The steps live in gains.hpp (1: compute_net_runs, block_state), move_proposals.hpp (2:
// propose_moves; a dense or a gathered kernel, whichever costs less on the level), sequence.hpp
// (3-4: chain_sequence, rank_chains), sequence_gains.hpp (5:
// in_sequence_gains; nets of many moving pins through sorted per-net events), validity.hpp (6:
// size_violations, inbound_violations) and apply.hpp (7: best_valid_prefix, apply_prefix), behind
// the private refine_state.hpp (scratch and the by-value RefineView their kernels capture); the
// repetition loop is refine.cpp. Every step sums integers or sorts unique keys, so the result is
// identical on every backend and thread count; the only atomics are integer additions and max over packed (penalty, id) keys.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <limits>
#include <memory>

#include "algorithms/partitioning/common/level.hpp"
#include "algorithms/partitioning/common/partition_limits.hpp"

namespace tessera::partitioning {

struct RefinementParams {
  int repetitions = 16;  // Theta
  int chain_rounds = 16;
  int window = 256;
  // Also propose boundary moves of negative isolated gain (the in-sequence gains and best-prefix
  // choice then act like one parallel FM pass). Off: on ISPD98 it was slower and worse.
  bool propose_negative = false;
  // Leaving score of the first half of the repetitions (issue 24): exact (Eq. 13's saving: w(e)
  // when the node is the last pin of e in its block) or spread (w(e) / c^2 for the c pins of e in
  // the block, so that thinning a net's presence in a block also scores and groups of nodes
  // leave together over the repetitions). The second half always uses the exact gains, and a
  // level whose exact connectivity ends higher than it started is restored.
  bool spread_saving = false;
  // A repetition whose sequence (chains ranked by gain) has no valid prefix at all tries two more:
  // the chains with the moves of cut cycles first, then the moves paired into swaps between two
  // blocks (swaps.hpp; issue 24: full blocks). Off by default: measured on two inputs only
  // (Loihi-64, CPU: 16k-model 19,088 -> 18,709 but refinement 0.36 -> 1.56 s; lenet 7,183 -> 7,078).
  bool stalled_retries = false;
  // alpha = 1e-6, beta = 1e-7: as integers, penalty = 10 |dsize| + |din| (grade = gain - 1e-7 penalty)
};

struct RefinementStats {
  score_t gain = 0;  // fixed-point connectivity decrease
  int applied_moves = 0;
  int repetitions_run = 0;
  // The spread phase moved nodes and was kept: only then can the result differ from the exact
  // refinement's alone (the exact phase starts from where the spread phase left the partition).
  bool spread_kept = false;
  // Time per step group (fenced): gains (steps 1-2 above), sequence (3-5), validity (6-7).
  double gains_seconds = 0, sequence_seconds = 0, validity_seconds = 0;
};

// A level partition's cost: blocks over Omega or Delta, non-empty blocks, exact connectivity
// (sum of w(e) (lambda(e) - 1) in fixed point), compared lexicographically; integer sums, the
// same on every backend.
struct PartitionCost {
  std::int64_t violations = 0, blocks = 0;
  score_t connectivity = 0;
  bool operator>(const PartitionCost& o) const {
    if (violations != o.violations) return violations > o.violations;
    return blocks != o.blocks ? blocks > o.blocks : connectivity > o.connectivity;
  }
  bool operator<(const PartitionCost& o) const { return o > *this; }
};

namespace detail {
template <class MemorySpace>
struct RefineScratch;
}  // namespace detail

// Scratch of the refinement of every level of one run, allocated once for the finest level and
// the run's block count (device allocations synchronise, and a level used to make fifty of them).
template <class MemorySpace>
using RefineWorkspace = std::shared_ptr<detail::RefineScratch<MemorySpace>>;

template <class ExecSpace>
RefineWorkspace<typename ExecSpace::memory_space> make_refine_workspace(
    const ExecSpace& space, const Level<typename ExecSpace::memory_space>& finest, part_t num_parts,
    const PartitionLimits& limits);

// Refines `parts` of level L in place, with scratch from ws (levels no larger than its finest).
template <class ExecSpace>
RefinementStats refine(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                       const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                       const PartitionLimits& limits, const RefinementParams& params,
                       const RefineWorkspace<typename ExecSpace::memory_space>& ws);

// The cost of `parts` on level L (with ws's scratch).
template <class ExecSpace>
PartitionCost level_cost(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                         const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                         const PartitionLimits& limits, const RefineWorkspace<typename ExecSpace::memory_space>& ws);

// The same with scratch of its own.
template <class ExecSpace>
RefinementStats refine(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                       const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                       const PartitionLimits& limits, const RefinementParams& params);

}  // namespace tessera::partitioning

