// refine() (refine.hpp lists the steps and the paper sections): one repetition after the other,
// each step from gains.hpp, sequence.hpp, validity.hpp and apply.hpp. Their kernels are
// instantiated for every execution space here only (core/kokkos_ext/instantiate.hpp).
#include "algorithms/partitioning/refinement/refine.hpp"

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <limits>
#include <memory>

#include "algorithms/partitioning/refinement/apply.hpp"
#include "algorithms/partitioning/refinement/gains.hpp"
#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "algorithms/partitioning/refinement/sequence.hpp"
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
      detail::RefineBuffers<mem>(finest.num_nodes, finest.num_nets, limits.check_inbound ? finest.num_pins() : 0,
                                 num_parts),
      detail::NetRuns<mem>(finest), finest.num_nodes, finest.num_nets, finest.num_pins(), num_parts});
}

template <class ExecSpace>
RefinementStats refine(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                       const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                       const PartitionLimits& limits, const RefinementParams& params) {
  if (L.num_nodes == 0 || num_parts < 2) return {};
  return refine(space, L, parts, num_parts, limits, params, make_refine_workspace(space, L, num_parts, limits));
}

template <class ExecSpace>
RefinementStats refine(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                       const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                       const PartitionLimits& limits, const RefinementParams& params,
                       const RefineWorkspace<typename ExecSpace::memory_space>& ws) {
  using mem = typename ExecSpace::memory_space;
  RefinementStats stats;
  const vid_t n = L.num_nodes;
  if (n == 0 || num_parts < 2) return stats;
  TESSERA_REQUIRE(n <= ws->max_nodes && L.num_nets <= ws->max_nets && L.num_pins() <= ws->max_pins &&
                      num_parts == ws->num_parts,
                  "refinement workspace smaller than the level");
  const score_t min_gain = params.propose_negative ? std::numeric_limits<score_t>::min() : 0;
  detail::RefineBuffers<mem>& buf = ws->buf;
  detail::NetRuns<mem>& runs = ws->runs;
  runs.net_rows = tessera::detail::plan_each_row_sort(space, L.net_offsets);
  detail::RefineView<mem> lv = detail::make_refine_view(L, parts, num_parts, limits, runs, buf);
  if (limits.check_inbound) detail::layout_inbound_events(space, lv, buf);
  Kokkos::Timer timer;
  // Adds the time since the last call to `seconds` (after a fence: device time on GPUs).
  auto lap = [&](double& seconds) {
    space.fence();
    seconds += timer.seconds();
    timer.reset();
  };
  // Theta repetitions (first half into any block, second half into blocks with room), leaving
  // scores spread or exact (Eq. 13).
  auto repetitions = [&](const bool spread) {
    lv.spread_saving = spread;
    bool first_half_idle = false;
    for (int rep = 0; rep < params.repetitions; ++rep) {
      const bool second_half = rep >= params.repetitions / 2;
      if (!second_half && first_half_idle) continue;  // the same state would propose the same moves
      stats.repetitions_run++;
      timer.reset();
      detail::compute_net_runs(space, lv, runs);
      detail::block_state(space, lv, buf);
      detail::propose_moves(space, lv, buf, second_half, min_gain);
      lap(stats.gains_seconds);
      const auto sorted = detail::sort_moves(space, lv, buf);
      if (sorted.count == 0) {
        lap(stats.sequence_seconds);
        if (second_half) break;
        first_half_idle = true;
        continue;
      }
      const auto chains = detail::chain_moves(space, lv, sorted, buf, params);
      const auto seq_node = detail::sequence_chains(space, sorted, chains, buf);
      const auto seq_gain = detail::in_sequence_gains(space, lv, buf, seq_node);
      lap(stats.sequence_seconds);
      const Kokkos::View<std::int64_t*, mem> viol = detail::head(buf.viol, sorted.count);
      Kokkos::deep_copy(space, viol, 0);
      detail::size_violations(space, lv, buf, seq_node, viol);
      if (limits.check_inbound) detail::inbound_violations(space, lv, buf, viol);
      const detail::BestPrefix best = detail::best_valid_prefix(space, seq_gain, viol, buf);
      const bool start_valid = best.violations_before == 0;
      if (best.last < 0 || (start_valid && best.gain <= 0)) {
        lap(stats.validity_seconds);
        if (second_half) break;
        first_half_idle = true;
        continue;
      }
      detail::apply_prefix(space, lv, seq_node, best.last);
      lap(stats.validity_seconds);
      stats.gain += best.gain;
      stats.applied_moves += static_cast<int>(best.last + 1);
    }
  };
  if (params.spread_saving) {
    // Spread scores may raise the exact connectivity: a phase of them first, kept only when it
    // ends no worse (violations, blocks, then connectivity), then the paper's exact phase.
    const Kokkos::View<part_t*, mem> start_parts(Kokkos::view_alloc(Kokkos::WithoutInitializing, "refine_start"), n);
    Kokkos::deep_copy(space, start_parts, parts);
    const detail::PartitionCost start_cost = detail::partition_cost(space, lv, runs, buf);
    repetitions(true);
    const detail::PartitionCost end_cost = detail::partition_cost(space, lv, runs, buf);
    const bool worse = end_cost > start_cost;
    if (worse) Kokkos::deep_copy(space, parts, start_parts);
    stats.gain = worse ? 0 : start_cost.connectivity - end_cost.connectivity;
  }
  repetitions(false);
  space.fence();
  return stats;
}

#define TESSERA_INST(Space)                                                                                   \
  template RefinementStats refine<Space>(const Space&, const Level<Space::memory_space>&,                   \
                                         const Kokkos::View<part_t*, Space::memory_space>&, part_t,          \
                                         const PartitionLimits&, const RefinementParams&);                   \
  template RefinementStats refine<Space>(const Space&, const Level<Space::memory_space>&,                   \
                                         const Kokkos::View<part_t*, Space::memory_space>&, part_t,          \
                                         const PartitionLimits&, const RefinementParams&,                    \
                                         const RefineWorkspace<Space::memory_space>&);                       \
  template RefineWorkspace<Space::memory_space> make_refine_workspace<Space>(                               \
      const Space&, const Level<Space::memory_space>&, part_t, const PartitionLimits&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::partitioning

