// refine() (refine.hpp lists the steps and the paper sections): one repetition after the other,
// each step from gains.hpp, sequence.hpp, validity.hpp and apply.hpp. Their kernels are
// instantiated for every execution space here only (core/kokkos_ext/instantiate.hpp); step 2's
// in move_proposals.cpp, step 5's in sequence_gains.cpp.
#include "algorithms/partitioning/refinement/refine.hpp"

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <limits>
#include <memory>

#include "algorithms/partitioning/refinement/apply.hpp"
#include "algorithms/partitioning/refinement/gains.hpp"
#include "algorithms/partitioning/refinement/move_proposals.hpp"
#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "algorithms/partitioning/refinement/sequence.hpp"
#include "algorithms/partitioning/refinement/sequence_gains.hpp"
#include "algorithms/partitioning/refinement/swaps.hpp"
#include "algorithms/partitioning/refinement/validity.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/row_sort.hpp"

namespace tessera::partitioning {


template <class ExecSpace>
RefineWorkspace<typename ExecSpace::memory_space> make_refine_workspace(
    const ExecSpace&, const Level<typename ExecSpace::memory_space>& finest, part_t num_parts,
    const PartitionLimits& limits) {
  using mem = typename ExecSpace::memory_space;
  return std::make_shared<detail::RefineScratch<mem>>(detail::RefineScratch<mem>{
      detail::RefineBuffers<mem>(finest.num_nodes, finest.num_nets, num_parts),
      detail::NetRuns<mem>(finest), finest.num_nodes, finest.num_nets, finest.num_pins(), num_parts});
}

template <class ExecSpace>
RefinementStats refine(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                       const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                       const PartitionLimits& limits, const RefinementParams& params) {
  if (L.num_nodes == 0 || num_parts < 2) return {};
  return refine(space, L, parts, num_parts, limits, params, make_refine_workspace(space, L, num_parts, limits));
}

namespace detail {

// Steps 5-7 for one sequence: violations and where the valid prefixes end, in-sequence gains of
// the moves before that end (timed as the sequence step), the best valid prefix.
template <class ExecSpace, class Lap>
BestPrefix evaluate_sequence(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                             RefineBuffers<typename ExecSpace::memory_space>& buf,
                             const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node, const Lap& lap,
                             RefinementStats& stats) {
  using mem = typename ExecSpace::memory_space;
  const Kokkos::View<std::int64_t*, mem> viol = head(buf.viol, static_cast<std::int64_t>(seq_node.extent(0)));
  size_violations(space, lv, buf, seq_node, viol);  // writes viol, the inbound limits add to it
  if (lv.limits.check_inbound) inbound_violations(space, lv, buf, seq_node, viol);
  const std::int64_t end = valid_prefix_end(space, viol, buf);
  lap(stats.validity_seconds);
  if (end == 0) return BestPrefix{};
  const auto seq_gain = in_sequence_gains(space, lv, buf, cut_sequence(space, lv, seq_node, end));
  lap(stats.sequence_seconds);
  return best_valid_prefix(space, seq_gain, buf);
}

// Worth applying: a valid prefix that gains, or any valid one from an invalid start (a repair).
inline bool worth_applying(const BestPrefix& best) {
  return best.last >= 0 && (best.violations_before != 0 || best.gain > 0);
}

// One repetition (steps 1-7 of refine.hpp); false when it applied nothing.
template <class ExecSpace>
bool repetition(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                NetRuns<typename ExecSpace::memory_space>& runs, RefineBuffers<typename ExecSpace::memory_space>& buf,
                const RefinementParams& params, const bool second_half, RefinementStats& stats) {
  const score_t min_gain = params.propose_negative ? std::numeric_limits<score_t>::min() : 0;
  Kokkos::Timer timer;
  // Adds the time since the last call to `seconds` (after a fence: device time on GPUs).
  auto lap = [&](double& seconds) {
    space.fence();
    seconds += timer.seconds();
    timer.reset();
  };
  if (!runs.current) compute_net_runs(space, lv, runs);
  runs.current = true;  // kept by update_net_runs after the moves
  block_state(space, lv, buf);
  propose_moves(space, lv, buf, second_half, min_gain);
  lap(stats.gains_seconds);
  const auto chained = chain_sequence(space, lv, buf, params);
  if (chained.count == 0) {
    lap(stats.sequence_seconds);
    return false;
  }
  auto seq_node = rank_chains(space, lv, chained, buf, false);
  lap(stats.sequence_seconds);  // steps 3-4 (they were counted as validity before 2026-12-07)
  BestPrefix best = evaluate_sequence(space, lv, buf, seq_node, lap, stats);
  // With full blocks (16k-model: W = 16 Omega) only prefixes that leave every block's weight
  // unchanged are valid, and the ranking by chain gain seldom puts one first: a stalled
  // repetition ranks the cycles first, then pairwise swaps (swaps.hpp).
  if (best.last < 0 && params.stalled_retries) {
    lap(stats.validity_seconds);
    seq_node = rank_chains(space, lv, chained, buf, true);
    lap(stats.sequence_seconds);
    best = evaluate_sequence(space, lv, buf, seq_node, lap, stats);
  }
  if (best.last < 0 && params.stalled_retries) {
    lap(stats.validity_seconds);
    seq_node = swap_sequence(space, lv, chained, buf);
    lap(stats.sequence_seconds);
    best = evaluate_sequence(space, lv, buf, seq_node, lap, stats);
  }
  if (!worth_applying(best)) {
    lap(stats.validity_seconds);
    return false;
  }
  apply_prefix(space, lv, seq_node, best.last);
  update_net_runs(space, lv, runs, seq_node, best.last + 1);
  lap(stats.validity_seconds);
  stats.gain += best.gain;
  stats.applied_moves += static_cast<int>(best.last + 1);
  return true;
}

// Theta repetitions (first half into any block, second half into blocks with room), leaving
// scores spread or exact (Eq. 13).
template <class ExecSpace>
void repetitions(const ExecSpace& space, RefineView<typename ExecSpace::memory_space>& lv,
                 NetRuns<typename ExecSpace::memory_space>& runs, RefineBuffers<typename ExecSpace::memory_space>& buf,
                 const RefinementParams& params, const bool spread, RefinementStats& stats) {
  lv.spread_saving = spread;
  runs.current = false;  // the partition may have changed since the runs were last computed
  bool first_half_idle = false;
  for (int rep = 0; rep < params.repetitions; ++rep) {
    const bool second_half = rep >= params.repetitions / 2;
    if (!second_half && first_half_idle) continue;  // the same state would propose the same moves
    stats.repetitions_run++;
    if (repetition(space, lv, runs, buf, params, second_half, stats)) continue;
    if (second_half) break;
    first_half_idle = true;
  }
}

// Spread scores may raise the exact connectivity: a phase of them, kept only when it ends no
// worse (violations, blocks, then connectivity) than it started.
template <class ExecSpace>
void spread_phase(const ExecSpace& space, RefineView<typename ExecSpace::memory_space>& lv,
                  NetRuns<typename ExecSpace::memory_space>& runs, RefineBuffers<typename ExecSpace::memory_space>& buf,
                  const RefinementParams& params, RefinementStats& stats) {
  using mem = typename ExecSpace::memory_space;
  const Kokkos::View<part_t*, mem> parts = lv.parts;
  const Kokkos::View<part_t*, mem> start_parts(Kokkos::view_alloc(Kokkos::WithoutInitializing, "refine_start"),
                                               lv.num_nodes);
  Kokkos::deep_copy(space, start_parts, parts);
  const PartitionCost start_cost = partition_cost(space, lv, runs, buf);
  const int moves_before = stats.applied_moves;
  repetitions(space, lv, runs, buf, params, true, stats);
  const PartitionCost end_cost = partition_cost(space, lv, runs, buf);
  const bool worse = end_cost > start_cost;
  if (worse) Kokkos::deep_copy(space, parts, start_parts);
  stats.gain = worse ? 0 : start_cost.connectivity - end_cost.connectivity;
  stats.spread_kept = !worse && stats.applied_moves > moves_before;
}

}  // namespace detail

template <class ExecSpace>
RefinementStats refine(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                       const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                       const PartitionLimits& limits, const RefinementParams& params,
                       const RefineWorkspace<typename ExecSpace::memory_space>& ws) {
  using mem = typename ExecSpace::memory_space;
  RefinementStats stats;
  if (L.num_nodes == 0 || num_parts < 2) return stats;
  TESSERA_REQUIRE(L.num_nodes <= ws->max_nodes && L.num_nets <= ws->max_nets && L.num_pins() <= ws->max_pins &&
                      num_parts == ws->num_parts,
                  "refinement workspace smaller than the level");
  detail::RefineBuffers<mem>& buf = ws->buf;
  detail::NetRuns<mem>& runs = ws->runs;
  runs.net_rows = tessera::detail::plan_each_row_sort(space, L.net_offsets);
  detail::RefineView<mem> lv = detail::make_refine_view(L, parts, num_parts, limits, runs, buf);
  // With spread scores: their phase first, then the paper's exact phase.
  if (params.spread_saving) detail::spread_phase(space, lv, runs, buf, params, stats);
  detail::repetitions(space, lv, runs, buf, params, false, stats);
  space.fence();
  return stats;
}

template <class ExecSpace>
PartitionCost level_cost(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                         const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                         const PartitionLimits& limits, const RefineWorkspace<typename ExecSpace::memory_space>& ws) {
  using mem = typename ExecSpace::memory_space;
  TESSERA_REQUIRE(L.num_nodes <= ws->max_nodes && L.num_nets <= ws->max_nets && L.num_pins() <= ws->max_pins &&
                      num_parts == ws->num_parts,
                  "refinement workspace smaller than the level");
  detail::NetRuns<mem>& runs = ws->runs;
  runs.net_rows = tessera::detail::plan_each_row_sort(space, L.net_offsets);
  const detail::RefineView<mem> lv = detail::make_refine_view(L, parts, num_parts, limits, runs, ws->buf);
  return detail::partition_cost(space, lv, runs, ws->buf);
}

#define TESSERA_INST(Space)                                                                                   \
  template RefinementStats refine<Space>(const Space&, const Level<Space::memory_space>&,                   \
                                         const Kokkos::View<part_t*, Space::memory_space>&, part_t,          \
                                         const PartitionLimits&, const RefinementParams&);                   \
  template RefinementStats refine<Space>(const Space&, const Level<Space::memory_space>&,                   \
                                         const Kokkos::View<part_t*, Space::memory_space>&, part_t,          \
                                         const PartitionLimits&, const RefinementParams&,                    \
                                         const RefineWorkspace<Space::memory_space>&);                       \
  template PartitionCost level_cost<Space>(const Space&, const Level<Space::memory_space>&,                  \
                                           const Kokkos::View<part_t*, Space::memory_space>&, part_t,        \
                                           const PartitionLimits&, const RefineWorkspace<Space::memory_space>&); \
  template RefineWorkspace<Space::memory_space> make_refine_workspace<Space>(                               \
      const Space&, const Level<Space::memory_space>&, part_t, const PartitionLimits&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::partitioning

