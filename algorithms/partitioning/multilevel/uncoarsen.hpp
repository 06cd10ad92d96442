#pragma once
// Uncoarsening (paper 3, §III): the partition projected from each level onto the next finer one
// and refined there (refinement/refine.hpp, and k-way level FM); in constrained mode with spread
// leaving scores, the spread and exact variants side by side until a decision level. Included by
// multilevel/partition_hypergraph.cpp only.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/partitioning/common/hierarchy.hpp"
#include "algorithms/partitioning/common/partition_limits.hpp"
#include "algorithms/partitioning/common/step_seconds.hpp"
#include "algorithms/partitioning/multilevel/initial_partition.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"
#include "algorithms/partitioning/multilevel/partition_params.hpp"
#include "algorithms/partitioning/refinement/constrained_fm.hpp"
#include "algorithms/partitioning/refinement/dissolve_blocks.hpp"
#include "algorithms/partitioning/refinement/refine.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/util/progress.hpp"

namespace tessera::partitioning {

// The exact variant competes on the levels of at most 1/k_variant_decision_ratio of the input's
// nodes; the better of the two on the last of them goes on alone. On lenet, 16k-rand, 64k-model
// and ibm01-05 (Loihi-64) that level ranks the variants as the finest level did when both ran to
// the end, so the partitions are unchanged; at 1/16, ibm01 would pick the loser (exact at 742
// nodes, spread at the finest).
inline constexpr vid_t k_variant_decision_ratio = 8;

// Constrained mode: after the second refined level in a row whose refinement applied no move, the
// next level refined is the first with at least this many times the nodes of the last (the finest
// and the decision level always), until a level moves again. The Delta-bound coarse levels of
// rewired networks refine without a move, level after level (64k-rand on an H200, run 22: 22 of 31
// levels, most of them 200-3,500 nodes, 5-15 % apart). One idle level is not enough: 16k-model's
// coarsest (20 nodes) moves nothing and the next ones do (skipping them: 18,590 -> 18,897).
inline constexpr double k_idle_level_ratio = 2;

template <class ExecSpace>
void project(const ExecSpace& space, const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& gamma,
             const Kokkos::View<part_t*, typename ExecSpace::memory_space>& coarse,
             const Kokkos::View<part_t*, typename ExecSpace::memory_space>& fine) {
  Kokkos::parallel_for(
      "tessera::part::project",
      tessera::detail::LightRangePolicy<ExecSpace>(space, 0, static_cast<std::int64_t>(gamma.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t v) { fine(v) = coarse(gamma(v)); });
}

// The partition of H.levels[l] projected from `coarse`, a partition of H.levels[l + 1].
template <class ExecSpace>
Kokkos::View<part_t*, typename ExecSpace::memory_space> projected(
    const ExecSpace& space, const Hierarchy<typename ExecSpace::memory_space>& H, std::size_t l,
    const Kokkos::View<part_t*, typename ExecSpace::memory_space>& coarse) {
  Kokkos::View<part_t*, typename ExecSpace::memory_space> fine(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::parts"), H.levels[l].num_nodes);
  project(space, H.gammas[l], coarse, fine);
  return fine;
}

template <class MemorySpace>
void add_steps(PartitionResult<MemorySpace>& result, const RefinementStats& stats) {
  result.steps.gains += stats.gains_seconds;
  result.steps.sequence += stats.sequence_seconds;
  result.steps.validity += stats.validity_seconds;
}

// --progress: a refined level's time, the steps it went to and what its refinement bought (issue
// 23: where a tail level's seconds go, and whether they bought anything).
inline void report_refined(std::size_t l, const Kokkos::Timer& timer, const StepSeconds& before,
                           const StepSeconds& after, const RefinementStats& stats) {
  if (!progress::enabled()) return;
  std::ostringstream detail;
  detail << "level " << l << " in " << std::fixed << std::setprecision(2) << timer.seconds() << " s, "
         << stats.applied_moves << " moves, gain " << stats.gain << " (fixed point)";
  for (const StepField& f : k_step_fields) {
    const double seconds = after.*f.seconds - before.*f.seconds;
    if (seconds >= 0.005) detail << ", " << f.name << " " << seconds;
  }
  progress::report("refined", detail.str());
}

template <class MemorySpace>
void add_refinement(PartitionResult<MemorySpace>& result, vid_t nodes, const RefinementStats& stats) {
  add_steps(result, stats);
  result.refined_levels.push_back(
      RefinedLevel{nodes, stats.repetitions_run, stats.gains_seconds + stats.sequence_seconds + stats.validity_seconds});
}

// level_fm (initial_partition.hpp), its time counted as the level_fm and flow steps.
template <class ExecSpace>
void timed_level_fm(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                    const PartitionParams& params, const PartitionLimits& limits,
                    const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts,
                    PartitionResult<typename ExecSpace::memory_space>& result, bool with_flow = true) {
  const LevelHostSeconds seconds = level_fm(space, L, params, limits, parts, with_flow);
  result.steps.level_fm += seconds.fm;
  result.steps.flow += seconds.flow;
}

// Constrained mode: sequential constrained FM (refinement/constrained_fm.hpp) on a host copy of
// level l (0: the finest) when params.constrained_fm asks for it, counted as the level_fm step.
template <class ExecSpace>
void timed_constrained_fm(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                          const PartitionParams& params, const PartitionLimits& limits,
                          const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                          std::size_t l, PartitionResult<typename ExecSpace::memory_space>& result) {
  const ConstrainedFm which = params.constrained_fm.value_or(ConstrainedFm::off);
  if (params.mode != PartitionMode::constrained || which == ConstrainedFm::off) return;
  if (which == ConstrainedFm::finest && l != 0) return;
  Kokkos::Timer timer;
  const auto host_level = host_copy(L);
  ConstrainedFmOptions options;
  options.stop_after = params.fm_stop_moves.value_or(options.stop_after);
  options.max_evaluation_work = params.constrained_fm_max_work;
  ConstrainedFmStats stats;
  on_host_parts(space, parts, [&](std::vector<part_t>& v) {
    stats = constrained_fm(host_level, v, num_parts, limits, options);
    return stats.moves > 0;
  });
  result.constrained_fm_skipped += stats.skipped ? 1 : 0;
  result.steps.level_fm += timer.seconds();
  if (!progress::enabled()) return;
  std::ostringstream detail;  // what it cost and why it may have been skipped (issue 23: 64k-rand)
  detail << "level " << l << (stats.skipped ? " skipped" : "") << ", " << stats.evaluation_work
         << " (net, block) pairs an evaluation, " << stats.passes << " passes, " << stats.moves << " moves in "
         << std::fixed << std::setprecision(2) << timer.seconds() << " s";
  progress::report("constrained FM", detail.str());
}

// Uncoarsening: refinement (and k-way level FM) at every level of H, from the coarsest (refined
// too when refine_coarsest) down to levels[0]; `parts` goes from the coarsest level to the finest.
template <class ExecSpace, class Workspace>
void uncoarsen(const ExecSpace& space, Hierarchy<typename ExecSpace::memory_space>& H,
               Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
               const PartitionParams& params, const PartitionLimits& limits, const Workspace& refine_ws,
               PartitionResult<typename ExecSpace::memory_space>& result, bool refine_coarsest) {
  if (refine_coarsest) {
    add_refinement(result, H.levels.back().num_nodes,
                   refine(space, H.levels.back(), parts, num_parts, limits, params.refinement, refine_ws));
    if (H.levels.size() > 1) timed_level_fm(space, H.levels.back(), params, limits, parts, result);
    timed_constrained_fm(space, H.levels.back(), params, limits, parts, num_parts, H.levels.size() - 1, result);
  }
  // Flow refinement on the finest level and on the levels with at least twice the nodes of the
  // last level it ran on (KaHyPar-MF's exponential policy): the coarse levels shrink slowly (a few
  // per cent each), and a flow there mostly repeats the previous level's (ISPD98 k = 4: flow time
  // 0.6x at the same cuts, within 0.5%).
  vid_t flow_nodes = refine_coarsest ? H.levels.back().num_nodes : 0;
  for (std::size_t l = H.levels.size() - 1; l > 0; --l) {
    parts = projected(space, H, l - 1, parts);
    H.levels.pop_back();
    H.gammas.pop_back();
    progress::report("refining", "level " + std::to_string(l - 1) + ", " + std::to_string(H.levels[l - 1].num_nodes) + " nodes");
    const Kokkos::Timer timer;
    const StepSeconds before = result.steps;
    const RefinementStats stats = refine(space, H.levels[l - 1], parts, num_parts, limits, params.refinement, refine_ws);
    add_refinement(result, H.levels[l - 1].num_nodes, stats);
    const vid_t nodes = H.levels[l - 1].num_nodes;
    const bool with_flow = l == 1 || nodes >= 2 * flow_nodes;
    if (with_flow) flow_nodes = nodes;
    timed_level_fm(space, H.levels[l - 1], params, limits, parts, result, with_flow);
    timed_constrained_fm(space, H.levels[l - 1], params, limits, parts, num_parts, l - 1, result);
    report_refined(l - 1, timer, before, result.steps, stats);
  }
}

// k-way: the initial candidates (kway_initial, best first), each projected and refined from the
// coarsest level down to the decision level, the coarsest with at least
// params.candidate_level_ratio times the coarsest level's nodes (levels[0] at most); the best
// there (valid, then the objective, then the earlier candidate) is `parts`, and H ends at that
// level, refined. Returns its rank (without the partition). The coarsest level ranks partitions
// by a cut that its clusters distort (measurements/2026-12-06-kway-quality/), so a few finer
// levels decide between the best trials instead (kway_start.hpp).
template <class ExecSpace, class Workspace>
RankedTrial carry_candidates(const ExecSpace& space, Hierarchy<typename ExecSpace::memory_space>& H,
                             const std::vector<RankedTrial>& candidates, const PartitionParams& params,
                             const PartitionLimits& limits, const Workspace& refine_ws,
                             PartitionResult<typename ExecSpace::memory_space>& result,
                             Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts) {
  using mem = typename ExecSpace::memory_space;
  parts = device_parts(space, candidates.front().parts);
  const std::size_t coarsest = H.levels.size() - 1;
  std::size_t decision = coarsest;
  const double target = params.candidate_level_ratio * double(H.levels[coarsest].num_nodes);
  while (decision > 0 && double(H.levels[decision].num_nodes) < target) --decision;
  RankedTrial best_rank = candidates.front();
  best_rank.parts.clear();
  if (decision == coarsest) return best_rank;
  const auto decision_level = host_copy(H.levels[decision]);
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    Hierarchy<mem> C;
    C.levels.assign(H.levels.begin() + std::ptrdiff_t(decision), H.levels.end());
    C.gammas.assign(H.gammas.begin() + std::ptrdiff_t(decision), H.gammas.end());
    Kokkos::View<part_t*, mem> p = device_parts(space, candidates[c].parts);
    uncoarsen(space, C, p, params.k, params, limits, refine_ws, result, /*refine_coarsest=*/false);
    const auto p_host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, p);
    const std::vector<part_t> v(p_host.data(), p_host.data() + p_host.extent(0));
    const RankedTrial r = rank_trial(decision_level, v, params.k, limits.max_block_weight, params.objective, int(c));
    if (c == 0 || ranks_before(r, best_rank)) {
      parts = p;
      best_rank = r;
    }
  }
  H.levels.resize(decision + 1);
  H.gammas.resize(decision);
  return best_rank;
}

// Constrained mode with spread leaving scores (issue 24): the spread variant (refine.hpp: a
// spread phase, then the paper's exact one) and the exact variant (the paper's refinement alone)
// refine every level from the coarsest, each its own partition, until the decision level (see
// k_variant_decision_ratio); the better there (violations, non-empty blocks, connectivity; spread
// on ties) continues alone with its own refinement. Running both to the finest level doubled the
// refinement time. While the spread phase has changed nothing the two partitions are the same,
// and the exact variant is not run. (Refining only the winner, never mixing: spread refinement
// after exact levels, or a guard per level, left 64k-model a block more than exact alone.)
template <class ExecSpace, class Workspace>
void uncoarsen_spread_or_exact(const ExecSpace& space, Hierarchy<typename ExecSpace::memory_space>& H,
                               Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                               const PartitionParams& params, const PartitionLimits& limits,
                               const Workspace& refine_ws, PartitionResult<typename ExecSpace::memory_space>& result) {
  using mem = typename ExecSpace::memory_space;
  RefinementParams exact_params = params.refinement;
  exact_params.spread_saving = false;
  RefinementParams active = params.refinement;
  result.refinement_variant = "spread";
  const vid_t decision_nodes = H.levels.front().num_nodes / k_variant_decision_ratio;
  bool competing = true;          // before the decision
  Kokkos::View<part_t*, mem> exact;  // the exact variant's partition once it differs from parts
  const std::size_t coarsest = H.levels.size() - 1;
  vid_t refined_nodes = 0;  // of the last refined level
  int idle_levels = 0;      // refined levels in a row without a move
  for (std::size_t l = H.levels.size(); l-- > 0;) {
    if (l < coarsest) {
      parts = projected(space, H, l, parts);
      if (exact.data() != nullptr) exact = projected(space, H, l, exact);
      H.levels.pop_back();
      H.gammas.pop_back();
    }
    const Level<mem>& L = H.levels[l];
    const bool decides = competing && (l == 0 || H.levels[l - 1].num_nodes > decision_nodes);
    const double ratio = idle_levels >= 2 ? std::max(params.refine_level_ratio, k_idle_level_ratio)
                                          : params.refine_level_ratio;
    if (l != 0 && l != coarsest && !decides && double(L.num_nodes) < ratio * double(refined_nodes))
      continue;  // projected through (PartitionParams::refine_level_ratio, k_idle_level_ratio)
    refined_nodes = L.num_nodes;
    progress::report("refining", "level " + std::to_string(l) + ", " + std::to_string(L.num_nodes) + " nodes");
    Kokkos::View<part_t*, mem> start;
    if (competing && exact.data() == nullptr) {
      start = Kokkos::View<part_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::parts"),
                                         L.num_nodes);
      Kokkos::deep_copy(space, start, parts);
    }
    const Kokkos::Timer timer;
    const StepSeconds before = result.steps;
    const RefinementStats stats = refine(space, L, parts, num_parts, limits, active, refine_ws);
    add_refinement(result, L.num_nodes, stats);
    timed_constrained_fm(space, L, params, limits, parts, num_parts, l, result);
    // Until the spread phase changes something, both variants give `parts`.
    int moves = stats.applied_moves;
    if (competing && (exact.data() != nullptr || stats.spread_kept)) {
      if (exact.data() == nullptr) exact = start;
      const RefinementStats exact_stats = refine(space, L, exact, num_parts, limits, exact_params, refine_ws);
      add_steps(result, exact_stats);
      moves += exact_stats.applied_moves;
      result.exact_variant_levels++;
      if (decides) {
        competing = false;
        const PartitionCost exact_cost = level_cost(space, L, exact, num_parts, limits, refine_ws);
        if (exact_cost < level_cost(space, L, parts, num_parts, limits, refine_ws)) {
          parts = exact;
          active = exact_params;
          result.refinement_variant = "exact";
        }
        exact = Kokkos::View<part_t*, mem>();
      }
    }
    idle_levels = moves == 0 ? idle_levels + 1 : 0;
    report_refined(l, timer, before, result.steps, stats);
  }
}

// Constrained mode, --fewest-blocks dissolve: after uncoarsening, the lightest blocks of the
// finest level dissolved down to the one-pass baseline's count (refinement/dissolve_blocks.hpp),
// then the finest level refined once more with the paper's exact refinement.
template <class ExecSpace, class Workspace>
void dissolve_and_refine(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& finest,
                         Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                         const PartitionParams& params, const PartitionLimits& limits, const Workspace& refine_ws,
                         PartitionResult<typename ExecSpace::memory_space>& result) {
  progress::report("dissolving blocks", std::to_string(num_parts) + " blocks");
  Kokkos::Timer timer;
  const auto host_level = host_copy(finest);
  const part_t target = block_count(one_pass_blocks(host_level, limits));
  on_host_parts(space, parts, [&](std::vector<part_t>& v) {
    result.dissolved_blocks = dissolve_blocks(host_level, v, num_parts, limits, target).dissolved;
    return result.dissolved_blocks > 0;
  });
  result.steps.dissolve += timer.seconds();
  if (result.dissolved_blocks == 0) return;
  RefinementParams exact = params.refinement;
  exact.spread_saving = false;
  add_refinement(result, finest.num_nodes, refine(space, finest, parts, num_parts, limits, exact, refine_ws));
  timed_constrained_fm(space, finest, params, limits, parts, num_parts, 0, result);  // after the dissolution too
}

}  // namespace tessera::partitioning
