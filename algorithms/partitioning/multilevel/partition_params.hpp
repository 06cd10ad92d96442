#pragma once
// Parameters and result of the multilevel partitioner (paper 3). Defaults are the paper's:
// Pi = 4 candidates (§V-D), noise up to 10% of the mean net weight (§V-C), Theta = 16
// refinement repetitions, 16 chaining rounds, window 256, alpha 1e-6, beta 1e-7 (§VI).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/partitioning/matching/pseudoforest_matching.hpp"
#include "algorithms/partitioning/refinement/refine.hpp"
#include "core/types.hpp"

namespace tessera {

enum class PartitionMode {
  constrained,  // at most Omega weight and Delta distinct inbound nets per block, fewest blocks
  kway,         // k blocks, KaHyPar epsilon balance, no inbound limit (§VII-E)
};

// What partitions (constrained mode; k-way mode is multilevel only). The two baselines are the
// sequential SNN-mapping heuristics the paper compares against (§VII-A, Fig. 7); they run on the
// host and refine nothing.
enum class PartitionAlgorithm {
  multilevel,  // the paper's scheme (default)
  one_pass,    // nodes in id order fill one block after the other under Omega and Delta ([5])
  overlap,     // greedy growing by incidence-set overlap under Omega and Delta ([4])
};

struct CoarseningParams {
  int candidates = 4;              // Pi (at most 8)
  double noise_fraction = 0.1;     // noise cap as a fraction of the mean normalised net weight
  eid_t max_scored_net_size = 1000;  // nets with more pins are not used for pairing scores
  int max_levels = 200;
  int weight_penalty = 0;  // pair score divided by nothing (paper) / w(n) + w(m) / w(n) w(m)
  vid_t kway_nodes_per_block = 160;  // k-way: coarsen down to about k * this many nodes
  // Tail detector (constrained mode): a level that pairs fewer than this fraction of its nodes has
  // stalled; the next level proposes with all k_max_candidates candidates, and a second stalled
  // level in a row ends coarsening (initial packing then merges the clusters into blocks).
  // 2%: on ISPD98 Loihi-64 the same blocks and connectivity as 1% on ibm01-08 with fewer levels
  // (ibm07 106 -> 48), ibm09 60 blocks / 9,870 instead of 59 / 10,048 (63 -> 30 levels).
  double stall_fraction = 0.02;
  // Ablations (Fig. 16). false: neighbourhoods rebuilt from the pins at every level instead of
  // derived from the previous level's (no persistent rows, so no permanent purge of invalid pairs).
  bool materialize_neighbors = true;
  partitioning::MatchingKind matching = partitioning::MatchingKind::optimal;
};

struct PartitionParams {
  PartitionMode mode = PartitionMode::constrained;
  PartitionAlgorithm algorithm = PartitionAlgorithm::multilevel;
  // constrained mode
  node_weight_t max_block_weight = 0;           // Omega (>= 1)
  std::optional<std::int64_t> max_inbound_nets; // Delta (unset: no inbound limit)
  std::optional<std::int64_t> max_parts;        // preset partition limit (reported, not enforced)
  // k-way mode
  part_t k = 2;
  double epsilon = 0.03;
  // Constrained mode: search finer levels (and fall back to the one-pass baseline) until the
  // initial partition has no more blocks than one-pass; false: pack the coarsest level only
  // (often lower connectivity with a few more blocks). Unset (auto): true for directed inputs
  // (SNN mapping, where blocks are cores and the issue asks for no more than one-pass), false
  // for undirected ones (hMETIS circuits, compared on connectivity: ISPD98 costs 1.1-1.5x).
  std::optional<bool> fewest_blocks;
  int initial_trials = 16;  // greedy-growing initial partitions tried at the coarsest level
  bool initial_fm = true;  // polish each with sequential FM (initial/fm_refine.hpp)
  // k-way: after each uncoarsening level's parallel refinement, sequential FM on a host copy of
  // levels with at most this many nodes (0: none). ISPD98 k = 2: cut / best known 1.154 -> 1.130
  // (geometric mean, ibm01-09).
  vid_t level_fm_nodes = 262144;

  std::uint64_t seed = 0;  // noise and initial-partition seeds; the result is a function of it
  // Independent multilevel runs with seeds seed, seed + 1, ...; the best result is kept (valid
  // first, then fewest blocks in constrained mode, then connectivity, then the earlier run), like
  // hMETIS's Nruns. runs = 1 is the paper's single V-cycle.
  int runs = 1;
  CoarseningParams coarsening;
  partitioning::RefinementParams refinement;
};

// Seconds per algorithm step (the paper's Fig. 8 breakdown), summed over levels and repetitions.
// Each step ends with a fence, so the times are device times on GPUs.
struct StepSeconds {
  double neighbors = 0;    // first neighbourhood construction (§V-B)
  double proposal = 0;     // candidate pairs proposal and isolated pairing (§V-C)
  double matching = 0;     // pseudo-forest matching rounds (§V-D)
  double contraction = 0;  // coarse hypergraph and coarse neighbourhoods (§V-E)
  double initial = 0;      // initial packing / k-way initial partitioning; the baselines
  double gains = 0;        // refinement: pins(p, e) runs, block state, move proposal (§VI-B)
  double sequence = 0;     // refinement: move sort, chaining, ranking, in-sequence gains (§VI-C)
  double validity = 0;     // refinement: events-based validity, best prefix, apply (§VI-D)
};

// The steps by name, in the order above: the one list the CLI's JSON and the YAML records use.
struct StepField {
  const char* name;
  double StepSeconds::*seconds;
};
inline constexpr StepField k_step_fields[] = {
    {"neighbors", &StepSeconds::neighbors}, {"proposal", &StepSeconds::proposal},
    {"matching", &StepSeconds::matching},   {"contraction", &StepSeconds::contraction},
    {"initial", &StepSeconds::initial},     {"gains", &StepSeconds::gains},
    {"sequence", &StepSeconds::sequence},   {"validity", &StepSeconds::validity}};

// Refinement at one level of the V-cycle (uncoarsening order, coarsest first): where the
// refinement time goes, level by level.
struct RefinedLevel {
  vid_t nodes = 0;
  int repetitions = 0;  // repetitions run (at most Theta)
  double seconds = 0;
};

template <class MemorySpace>
struct PartitionResult {
  Kokkos::View<part_t*, MemorySpace> parts;  // block of every node, ids 0..num_parts-1
  part_t num_parts = 0;
  std::vector<vid_t> level_nodes;  // nodes per level, finest first
  std::vector<RefinedLevel> refined_levels;
  // Why coarsening ended: "target" (ceil(W / Omega) or the k-way size reached), "no_pairs",
  // "stalled" (tail detector), "max_levels"; "none" for the baselines.
  std::string coarsening_stop = "none";
  double seconds = 0;
  double coarsening_seconds = 0, refinement_seconds = 0, initial_seconds = 0;
  StepSeconds steps;
};

// Literature constraint presets (Omega / Delta / partition limit): TrueNorth 256/256/4096,
// Loihi-64 1024/4096/4096, Loihi-84 4096/65536/7056. Names are case-insensitive.
struct ConstraintPreset {
  std::string name;
  node_weight_t max_block_weight;
  std::int64_t max_inbound_nets;
  std::int64_t max_parts;
};
const std::vector<ConstraintPreset>& constraint_presets();
// Throws UserError listing the presets when `name` is unknown.
ConstraintPreset find_constraint_preset(const std::string& name);
// Constrained-mode parameters with the preset's Omega, Delta and partition limit.
PartitionParams params_for_preset(const ConstraintPreset& preset);

}  // namespace tessera
