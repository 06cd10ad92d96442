#pragma once
// Flow-based refinement between pairs of blocks (issue 25; the idea of KaHyPar-MF and Mt-KaHyPar's
// flow refinement, our own code): FM moves one node at a time and stops in local minima where
// only a group of nodes moving together lowers the cut. For two blocks a and b sharing cut nets,
// a region is grown by BFS from the boundary into each block, no larger than what the other block
// could take under a relaxed limit (1 + alpha eps); the rest of a is contracted into the source,
// the rest of b into the sink, and the nets become a flow network (Lawler's expansion: a net of
// three or more terminals is an edge of capacity w(e) between an in- and an out-node; a net of two
// terminals is an undirected edge). A minimum s-t cut is the least cut that keeps the fixed nodes
// where they are; of the two extreme minimum cuts (closest to s, closest to t) the balanced one with
// the lighter heavier block is applied when it lowers the objective (or keeps it and improves the
// balance). When neither is balanced, alpha is halved for the side to blame and the region
// rebuilt: when every minimum cut leaves a too heavy, the region of b (the nodes that may join a)
// shrinks, and the other way round; both when both. The pair's next round starts from twice the
// alphas that ended this one (FlowOptions::keep_alpha).
//
// Host code: integer capacities, regions grown in node and net id order, pairs in the round-robin
// order of the circle method (each round k / 2 disjoint pairs, then block ids), so the result is
// one function of the level and the partition (the same on every backend and thread count). Pairs
// of disjoint blocks commute (a pair reads and moves its own two blocks' nodes only), so they run
// side by side on the host's threads in batches that keep every block's pairs in that order; each
// pair's moves are applied when its batch is done. Against pairs in block order (batches of one
// or two pairs), ISPD98 ibm01-09 on the CPU: k = 4 cut 1.0352 -> 1.0312 of the best known, flows
// 23.6 -> 14.8 s; k = 8 1.0574 -> 1.0570, 19.2 -> 15.2 s (measurements/2026-12-07-flow-pairs-cpu).
#include <vector>

#include "algorithms/partitioning/common/kway_objective.hpp"
#include "algorithms/partitioning/common/level.hpp"

namespace tessera::partitioning {

struct FlowOptions {
  // Region size: each side at most (1 + alpha eps) ceil(W / k) minus the other block's weight
  // (KaHyPar-MF's alpha'; 16 there). 0: no flow refinement.
  double alpha = 16;
  double epsilon = 0.03;
  int max_rounds = 8;          // rounds over all block pairs while some pair improves
  // A pair's next round starts from twice the alphas its last flow used (at most alpha), not from
  // alpha: the blocks' weights move little between rounds, so a region that was too large for a
  // balanced cut mostly stays so (ibm07 at k = 2: four flows a round, three of them unbalanced, in
  // every round). ISPD98 ibm01-09 (CPU): the same cuts at k = 2 and 4, flows 4.1 -> 2.9 s and
  // 20.7 -> 18.3 s (measurements/2026-12-07-flow-alpha-cpu; starting from the last alphas
  // themselves saved more but lost cut where a round rebalanced the blocks). Off: every round
  // starts from alpha.
  bool keep_alpha = true;
  eid_t max_net_size = 1000;   // larger nets do not grow regions (they still enter the network)
  KwayObjective objective = KwayObjective::cut;  // cut: nets touching a third block are left out
};

struct FlowStats {
  int flows = 0;         // max-flow computations
  int improvements = 0;  // applied cuts
};

// Improves `parts` (k blocks, every block <= omega) in place; the objective never increases and
// no block exceeds omega (nor exceeds its weight before, when it was already above omega).
FlowStats flow_refine(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, node_weight_t omega,
                      const FlowOptions& options);

}  // namespace tessera::partitioning
