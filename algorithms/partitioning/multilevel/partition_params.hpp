#pragma once
// Parameters and result of the multilevel partitioner (paper 3). Defaults are the paper's:
// Pi = 4 candidates (§V-D), noise up to 10% of the mean net weight (§V-C), Theta = 16
// refinement repetitions, 16 chaining rounds, window 256, alpha 1e-6, beta 1e-7 (§VI).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/partitioning/coarsening/coarsening_params.hpp"
#include "algorithms/partitioning/common/kway_objective.hpp"
#include "algorithms/partitioning/common/step_seconds.hpp"
#include "algorithms/partitioning/refinement/constrained_fm.hpp"
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

// k-way, k > 2: one k-way hierarchy (direct) or multilevel recursive bisection
// (multilevel/multilevel_bisection.hpp; k a power of two, other k run direct); automatic:
// bisection from k = 8 on. ISPD98 ibm01-09, CPU, cut / best known: k = 4 direct 1.127, bisection
// 1.156; k = 8 1.155 / 1.131; k = 64 1.210 / 1.110 (measurements/2026-12-05-kway-cpu/).
enum class KwayScheme { automatic, direct, bisection };

// k-way, k > 2: how the initial partitions at the coarsest level are built (issue 25): direct
// k-way greedy growing (initial/greedy_growing), recursive bisection (initial/recursive_bisection),
// or both (even trials bisection, odd trials direct).
enum class KwayInitial { direct, bisection, mixed };

// Constrained mode: how the partition reaches no more blocks than the one-pass baseline.
//   off       pack the coarsest level only (the paper's clusters = blocks; often lower
//             connectivity with a few more blocks);
//   search    pack finer levels (and fall back to the one-pass baseline) until the initial
//             partition has no more blocks than one-pass;
//   dissolve  pack the coarsest level, refine, then empty the lightest blocks node by node into
//             the others (refinement/dissolve_blocks.hpp) down to one-pass's count or as far
//             as Omega and Delta allow, and refine the finest level once more.
enum class FewestBlocks { off, search, dissolve };

// Which uncoarsening levels get the sequential constrained FM (PartitionParams::constrained_fm).
enum class ConstrainedFm { off, finest, all };

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
  // Constrained mode, how the partition reaches as few blocks as the one-pass baseline (FewestBlocks).
  // Unset (auto): dissolve for directed inputs (SNN mapping, where blocks are cores and the issue
  // asks for no more than one-pass; at the same block counts as search, 1-16% less connectivity
  // on the seven networks measured, measurements/2026-12-06-dissolve-cpu), off for undirected
  // ones (hMETIS circuits, compared on connectivity: ISPD98 costs 1.1-1.5x).
  std::optional<FewestBlocks> fewest_blocks;
  // Spread leaving scores in the first half of the refinement repetitions (RefinementParams::
  // spread_saving); unset: on in constrained mode, off in k-way mode (resolved per run).
  std::optional<bool> spread_saving;
  // Constrained mode: sequential constrained FM (refinement/constrained_fm.hpp) after the parallel
  // refinement of every level (all), of the finest only (finest) or none (off); unset (auto):
  // finest (issue 24: with the dissolve default, the finest level alone gave the lowest SNN
  // connectivity on lenet and 16k-model, measurements/2026-12-06-snn-quality-cpu; every level
  // left ibm03 a block more).
  std::optional<ConstrainedFm> constrained_fm;
  // Constrained mode: the constrained FM skips a level where one evaluation of every node would
  // visit more than this many (net, block) pairs (sum over nets of pins x blocks touched; a pass
  // does up to five such evaluations, and a run several passes). Random SNN nets touch most
  // blocks: 64k-rand (Loihi-84, 145 M pins of nets of ~700 pins) ran its finest level's FM for
  // over 70 s on an H100 host without finishing (run 16, measurements/2026-12-06-coarse-tail/).
  // Measured per evaluation (CPU, Loihi-64): lenet 1.8 M, 16k-model 4.5 M, 16k-rand 5.9 M (its FM:
  // 0.23 s on the H100 host, 0.7 % less connectivity), 64k-model 31 M; at 16k-rand's 38 ns per
  // pair the limit, 2^29 (ConstrainedFmOptions' default), is about 20 s of FM on that host.
  std::int64_t constrained_fm_max_work = partitioning::ConstrainedFmOptions{}.max_evaluation_work;
  // Constrained mode: uncoarsening refines a level only when it has at least this many times the
  // nodes of the last level it refined (the coarsest, the finest and the spread/exact decision
  // level always); the levels between are projected through. 1: every level (the paper). The
  // coarsening tails of random SNNs (64k-rand: 25 levels from 206 to 12,405 nodes, 4-20 % a
  // level, each refined in about 2 s on an H200, issue 23) are where this saves; on the CPU 1.25
  // moved ISPD98's blocks and 64k-model's time either way (measurements/2026-12-07-refine-level-
  // ratio-cpu), so the default refines every level. After two refined levels in a row without a
  // move the ratio is at least k_idle_level_ratio (multilevel/uncoarsen.hpp) until a level moves.
  double refine_level_ratio = 1.0;
  int initial_trials = 16;  // greedy-growing initial partitions tried at the coarsest level
  bool initial_fm = true;
  KwayScheme scheme = KwayScheme::automatic;
  int rb_vcycles = 1;  // k-way V-cycles after recursive bisection
  KwayInitial initial = KwayInitial::mixed;  // k > 2 only; k = 2 always grows directly
  // k-way, direct scheme (also every bisection of --scheme rb): where uncoarsening starts
  // (multilevel/kway_start.hpp). `hierarchies` coarsenings of the input (other seeds), each with
  // its initial trials; the best `initial_candidates` distinct trials of each are refined from the
  // coarsest level down to its first level of at least candidate_level_ratio times the coarsest
  // level's nodes, and the best there goes on. ISPD98 ibm01-09, eps 0.03, seed 0, one run, cut /
  // best known (measurements/2026-12-06-kway-k4-8-cpu/): k = 4 1.087 -> 1.041 (worst ibm09 1.208 ->
  // 1.090), k = 8 1.089 -> 1.065, k = 2 1.028 -> 1.008, k = 16 1.043 -> 1.011. At k = 4: 3
  // hierarchies left ibm09 at 1.166, 8 candidates of one hierarchy at 1.151, a decision at 8x the
  // coarsest level misranked more (1.059); 32x was as good as 16x (1.040) at more time.
  // Unset (auto): 1 at k = 2, 4 otherwise (resolved per run; the bisections of recursive bisection
  // keep the value of the k they serve). At k = 2 one hierarchy meets issue 25's quality goal
  // (1.028 against 1.008 with 4, worst ibm04 1.098) in 0.36-1.44 s on one H100 against 0.75-2.55 s
  // with 4 (run 16, measurements/2026-12-06-coarse-tail/).
  std::optional<int> hierarchies;
  int initial_candidates = 1;
  double candidate_level_ratio = 16;
  int bisection_trials = 4;  // seeded growings (+ 2-way FM) per bisection of a recursive bisection  // polish each with sequential FM (initial/fm_refine.hpp)
  // k-way: after each uncoarsening level's parallel refinement, sequential FM on a host copy of
  // levels with at most this many nodes (0: none). ISPD98 k = 2: cut / best known 1.154 -> 1.130
  // (geometric mean, ibm01-09).
  vid_t level_fm_nodes = 262144;
  // k-way: V-cycles after the first multilevel cycle (multilevel/vcycle.hpp): coarsen again within
  // the blocks of the current partition (another noise seed) and refine every level again. With
  // flow refinement one is enough (ISPD98 ibm01-09, cut / best known: k = 2 1.028 with one, 1.035
  // with none, 1.030 with two; measurements/2026-12-06-kway-quality/).
  int vcycles = 1;
  // k-way: flow refinement (flow/flow_refine.hpp) after the level FM of the same levels; regions
  // of at most (1 + alpha eps) ceil(W / k) minus the other block's weight per side (0: off).
  double flow_alpha = 16;
  // A sequential FM pass (k-way initial and level FM, the constrained FM) ends after this many
  // moves without a new best prefix; unset (auto): 100 for directed inputs in constrained mode,
  // 1,000 otherwise (resolved per run). On the SNNs 100 loses nothing and halves the constrained
  // FM's time (lenet 0.24 -> 0.07 s, 16k-rand 1.36 -> 0.78 s, 64k-model 2.04 -> 1.18 s at 93,200
  // -> 93,168, CPU); on ISPD98 ibm09 under Loihi-64, 200 already left a block more (60 vs 59).
  std::optional<int> fm_stop_moves;
  // k-way: what the sequential FM (initial and level FM) and the choice among initial trials
  // minimise: cut (cut-net, connectivity breaking ties; ISPD98's best-known k > 2 values are cuts)
  // or km1 (connectivity; the parallel refinement always optimises connectivity).
  partitioning::KwayObjective objective = partitioning::KwayObjective::cut;

  std::uint64_t seed = 0;  // noise and initial-partition seeds; the result is a function of it
  // Independent multilevel runs with seeds seed, seed + 1, ...; the best result is kept (valid
  // first, then fewest blocks in constrained mode, then connectivity, then the earlier run), like
  // hMETIS's Nruns. runs = 1 is the paper's single V-cycle.
  int runs = 1;
  CoarseningParams coarsening;
  partitioning::RefinementParams refinement;
};

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
  // "stalled" (constrained tail detector), "min_shrink" (k-way: a level paired under 1 % of its
  // nodes), "max_levels"; "none" for the baselines.
  std::string coarsening_stop = "none";
  int penalty_from_level = 0;  // --weight-penalty auto: the first coarsening level it applied to (0: none)
  // How coarsening got its neighbour rows: "materialised", "streamed" (--neighbors off, or auto
  // when they did not fit), "none" for the baselines.
  std::string neighbor_rows = "none";
  int neighbor_rows_kept_from = 0;  // streamed rows: the first coarsening level that kept them (0: none)
  // --pair-window (coarsening/pair_window.hpp): the finest level's window (0: none) and the
  // levels up to the last one that had a window.
  eid_t pair_window = 0;
  int pair_window_levels = 0;
  // Constrained mode with spread leaving scores (multilevel/uncoarsen.hpp): the variant that
  // refined the finest level, "spread" or "exact" ("none" without spread scores), and the levels
  // the exact variant refined beside the spread one.
  std::string refinement_variant = "none";
  int exact_variant_levels = 0;
  part_t dissolved_blocks = 0;  // --fewest-blocks dissolve: blocks emptied after refinement
  int constrained_fm_skipped = 0;  // constrained FM runs skipped over their limits (constrained_fm_max_work, memory)
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
