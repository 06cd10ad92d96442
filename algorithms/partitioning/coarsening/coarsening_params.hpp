#pragma once
// Parameters of coarsening (paper 3, §V): part of PartitionParams (multilevel/partition_params.hpp),
// declared here so that coarsening/ needs nothing from the driver.
#include "algorithms/partitioning/matching/pseudoforest_matching.hpp"
#include "core/types.hpp"

namespace tessera {

inline constexpr int k_weight_penalty_auto = -1;
inline constexpr eid_t k_pair_window_auto = -1;
inline constexpr eid_t k_pair_budget = eid_t(1) << 35;  // pair visits of a level (34.4 G): pair_window.hpp

// Where a level's neighbour rows come from (--neighbors): materialised once from the pins and
// derived level to level (the paper), streamed from the pins batch after batch at every level
// (only one batch in memory; no permanent purge of invalid pairs, so partitions may differ), or
// automatic: materialised when the rows fit their memory budget (coarsening/neighbor_batches.hpp:
// both copies within 3/8 of the memory available when coarsening starts), streamed otherwise.
enum class NeighborRows { materialised, streamed, automatic };

struct CoarseningParams {
  int candidates = 4;              // Pi (at most 8)
  double noise_fraction = 0.1;     // noise cap as a fraction of the mean normalised net weight
  eid_t max_scored_net_size = 1000;  // nets with more pins are not used for pairing scores
  int max_levels = 200;
  // Pair score divided by nothing (0, paper) / w(n) + w(m) (1) / w(n) w(m) (2), or
  // k_weight_penalty_auto: 0 until a level shrinks slowly (slow_level_pairs), 2 from then on.
  int weight_penalty = 0;
  // A level that pairs fewer than this fraction of its nodes, but not so few that it stalled, is
  // slow: its pairs gather around a few heavy clusters that every neighbour proposes to (stars:
  // one pair per star and round). Dividing by the weights spreads the proposals.
  double slow_level_pairs = 0.10;
  vid_t kway_nodes_per_block = 160;  // k-way: coarsen down to about k * this many nodes
  // Tail detector (constrained mode): a level that pairs fewer than this fraction of its nodes has
  // stalled; the next level proposes with all k_max_candidates candidates, and a second stalled
  // level in a row ends coarsening (initial packing then merges the clusters into blocks).
  // 2%: on ISPD98 Loihi-64 the same blocks and connectivity as 1% on ibm01-08 with fewer levels
  // (ibm07 106 -> 48), ibm09 60 blocks / 9,870 instead of 59 / 10,048 (63 -> 30 levels).
  double stall_fraction = 0.02;
  // Minimum shrink (k-way mode, Mt-KaHyPar's minimum shrink factor of 1.01): coarsening ends after
  // a level that pairs fewer than this fraction of its nodes. k-way coarsens towards 160 k nodes,
  // which nodes at the weight limit may never reach: the 16x-augmented ibm09 at k = 2 spent 150
  // levels of 1-15 pairs each from 1,100 nodes on, about 60 ms a level on an H100 (10 s of 37 s,
  // and again in the V-cycle; run 19). ibm01-09, k = 2: cut / best known 1.0190 -> 1.0216
  // (measurements/2026-12-07-kway-tail-cpu).
  double kway_min_shrink = 0.01;
  // Fig. 16's ablation (streamed) and the fallback of the networks whose rows do not fit (automatic).
  NeighborRows neighbors = NeighborRows::automatic;
  // Nodes per batch of the neighbourhood construction and pair proposals (0: sized from the free
  // device memory, coarsening/neighbor_batches.hpp). Results do not depend on it.
  vid_t neighbor_batch_nodes = 0;
  // Pins paired in nets of more than W + 1 pins: the W nearest each (coarsening/pair_window.hpp),
  // 0 every pin, or k_pair_window_auto: a window only on levels whose pair visits exceed
  // pair_budget.
  eid_t pair_window = k_pair_window_auto;
  eid_t pair_budget = k_pair_budget;  // auto's budget (no option: tests set it small)
  partitioning::MatchingKind matching = partitioning::MatchingKind::optimal;
};

}  // namespace tessera
