#pragma once
// k-way, direct scheme: where uncoarsening starts (issue 25). The coarsest level fixes the basin
// the refinement stays in, and it ranks partitions by a cut its clusters distort: the best-known
// ISPD98 partitions projected onto our coarsest levels cut more than what our initial trials find
// there (measurements/2026-12-06-kway-quality/). So the choice is made finer: `hierarchies`
// coarsenings of the input (other noise seeds), each with its initial trials
// (initial_partition.hpp: kway_initial), the best `initial_candidates` of them refined down to
// the decision level (uncoarsen.hpp: carry_candidates); the best there, over all hierarchies,
// goes on. Cuts compare across hierarchies because projection keeps them. With one hierarchy and
// one candidate this is the plain multilevel start: the best trial at the coarsest level.
// Included by multilevel/partition_hypergraph.cpp only.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/partitioning/coarsening/coarsen.hpp"
#include "algorithms/partitioning/common/hierarchy.hpp"
#include "algorithms/partitioning/multilevel/initial_partition.hpp"
#include "algorithms/partitioning/multilevel/uncoarsen.hpp"
#include "core/error.hpp"

namespace tessera::partitioning {

// The noise and trial seed of hierarchy j (0: the run's own seed).
inline std::uint64_t hierarchy_seed(std::uint64_t seed, int j) {
  return j == 0 ? seed : detail::mix64(seed ^ detail::mix64(0x4849455241524348ULL + std::uint64_t(j)));
}

// The coarsening's description in the run's result (the hierarchy that was kept).
template <class MemorySpace>
void record_coarsening(PartitionResult<MemorySpace>& result, const CoarseningReport& report, vid_t finest_nodes) {
  result.coarsening_stop = report.stop;
  result.penalty_from_level = report.penalty_level;
  result.neighbor_rows = report.streamed_neighbors ? "streamed" : "materialised";
  result.neighbor_rows_kept_from = report.kept_rows_from_level;
  result.pair_window = report.pair_window;
  result.pair_window_levels = report.pair_window_levels;
  result.level_nodes.assign(1, finest_nodes);
  result.level_nodes.insert(result.level_nodes.end(), report.level_nodes.begin(), report.level_nodes.end());
}

// H holds the finest level; on return H ends at the level `parts` partitions (refined there
// unless it is the coarsest), the hierarchy kept.
template <class ExecSpace, class Workspace>
void kway_start(const ExecSpace& space, Hierarchy<typename ExecSpace::memory_space>& H, const PartitionParams& params,
                const PartitionLimits& limits, const Workspace& refine_ws,
                PartitionResult<typename ExecSpace::memory_space>& result,
                Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts) {
  using mem = typename ExecSpace::memory_space;
  const Level<mem> finest = H.levels[0];
  TESSERA_REQUIRE(params.hierarchies.has_value(), "kway_start: --hierarchies auto is resolved by partition_single_run");
  const int hierarchies = std::max(1, *params.hierarchies);
  const bool decide_finer = hierarchies > 1 || params.initial_candidates > 1;
  std::optional<RankedTrial> best;
  for (int j = 0; j < hierarchies; ++j) {
    PartitionParams p = params;
    p.seed = hierarchy_seed(params.seed, j);
    Hierarchy<mem> C;
    C.levels.push_back(finest);
    Kokkos::Timer phase;
    progress::report("coarsening", "hierarchy " + std::to_string(j) + ", " + std::to_string(finest.num_nodes) + " nodes");
    CoarseningRun run;
    run.min_shrink = true;
    run.seed = p.seed;
    const CoarseningReport report = coarsen(space, C, p.coarsening, limits, run);
    for (const auto& f : k_step_fields) result.steps.*f.seconds += report.steps.*f.seconds;
    space.fence();
    result.coarsening_seconds += phase.seconds();
    phase.reset();
    progress::report("initial partitioning", std::to_string(C.levels.back().num_nodes) + " nodes");
    const std::vector<RankedTrial> candidates = kway_initial(C.levels.back(), p, limits);
    result.initial_seconds += phase.seconds();
    result.steps.initial += phase.seconds();
    phase.reset();
    Kokkos::View<part_t*, mem> candidate_parts;
    RankedTrial rank = candidates.front();
    if (decide_finer) rank = carry_candidates(space, C, candidates, p, limits, refine_ws, result, candidate_parts);
    else candidate_parts = device_parts(space, candidates.front().parts);
    rank.parts.clear();
    rank.trial = j;
    space.fence();
    result.refinement_seconds += phase.seconds();
    if (best && !ranks_before(rank, *best)) continue;
    best = rank;
    H = C;
    parts = candidate_parts;
    record_coarsening(result, report, finest.num_nodes);
  }
}

}  // namespace tessera::partitioning
