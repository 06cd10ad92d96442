#pragma once
// Exact maximum-weight matching on a proposal pseudo-forest (paper 3, §V-D, Eqs. 7–12).
//
// Every node n proposes at most one pair (n, target(n)) of score s(n) >= 0. Ordering the pair
// keys (score, min id, max id), a proposal n -> t is kept only when its key does not exceed t's
// own proposal key: then keys never decrease towards the roots and every cycle has length two
// (the paper's invariant, §V-A, which holds by construction for first candidates; the filter
// makes it hold for every proposal graph). Roots are nodes without a kept proposal and the two
// ends of each 2-cycle.
//
// Dynamic program: ss1(n) = s(n) + sum_c ss0(c) (n matched to its target, Eq. 7);
// ss0(n) = sum_c ss0(c) + max(0, max_c ss1(c) - ss0(c)) (Eq. 10); a 2-cycle {a, b} is matched when
// s + sum ss0(children of a and b) > ss0(a) + ss0(b) (Eqs. 8, 11); top-down, a node not matched
// upwards takes its best child when that child's ss1 - ss0 > 0 (Eq. 12). Ties by child id.
// Instead of the paper's leaf-to-root walks with atomic claims, nodes are bucketed by depth
// (pointer jumping) and processed level by level, each node pulling from its own children:
// same recurrences, no atomics, so the matching is identical on every backend.
#include <Kokkos_Core.hpp>

#include "algorithms/partitioning/common/level.hpp"

namespace tessera::partitioning {

// The matching on each proposal pseudo-forest (Fig. 16 ablates it).
enum class MatchingKind {
  optimal,  // exact maximum-weight matching by the dynamic program above (paper)
  greedy,   // the prototype's heuristic ([22]): every root 2-cycle is paired, then, top-down, each
            // unmatched node takes its child of best proposal (score, id)
};

// Scratch of the matching rounds of one level, allocated once for its n nodes (device
// allocations synchronise; a level runs up to 8 rounds), and the device counter of the pairs
// made so far, which the driver reads once per level.
template <class MemorySpace>
struct MatchingWorkspace {
  Kokkos::View<vid_t*, MemorySpace> target, parent, jump, jump2, depth, depth2, child_count, bucket_count, children,
      by_depth, child_fill, bucket_fill, best;
  Kokkos::View<score_t*, MemorySpace> ss0, ss1, sum0;
  Kokkos::View<vid_t, MemorySpace> pairs;
  explicit MatchingWorkspace(vid_t n);
};

// Matches along kept proposals. `mate` (in/out): nodes already matched (mate != invalid_vid)
// must neither propose nor be targeted. Adds the number of new pairs to ws.pairs.
template <class ExecSpace>
void match_pseudoforest(const ExecSpace& space, const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& target_in,
                        const Kokkos::View<score_t*, typename ExecSpace::memory_space>& score,
                        const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& mate, MatchingKind kind,
                        MatchingWorkspace<typename ExecSpace::memory_space>& ws);

// The same with its own workspace; returns the number of new pairs.
template <class ExecSpace>
vid_t match_pseudoforest(const ExecSpace& space, const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& target_in,
                         const Kokkos::View<score_t*, typename ExecSpace::memory_space>& score,
                         const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& mate,
                         MatchingKind kind = MatchingKind::optimal);

}  // namespace tessera::partitioning
