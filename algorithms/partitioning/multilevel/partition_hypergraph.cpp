// The multilevel driver (paper 3, §III): limits (multilevel/resolve_limits), fixed-point
// conversion, coarsening (coarsening/coarsen.hpp), the initial partition
// (multilevel/initial_partition.hpp), uncoarsening with refinement at every level
// (multilevel/uncoarsen.hpp); the baselines;
// the best of several runs.
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "algorithms/partitioning/coarsening/coarsen.hpp"
#include "algorithms/partitioning/common/fixed_point.hpp"
#include "algorithms/partitioning/common/sorted_pins.hpp"
#include "algorithms/partitioning/initial/pack_blocks.hpp"
#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/initial_partition.hpp"
#include "algorithms/partitioning/multilevel/kway_start.hpp"
#include "algorithms/partitioning/multilevel/multilevel_bisection.hpp"
#include "algorithms/partitioning/multilevel/resolve_limits.hpp"
#include "algorithms/partitioning/multilevel/uncoarsen.hpp"
#include "algorithms/partitioning/multilevel/vcycle.hpp"
#include "algorithms/partitioning/refinement/refine.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/util/progress.hpp"

namespace tessera {

namespace partitioning {

template <class ExecSpace>
Level<typename ExecSpace::memory_space> make_finest_level(const ExecSpace& space,
                                                          const Hypergraph<typename ExecSpace::memory_space>& h,
                                                          int shift) {
  using mem = typename ExecSpace::memory_space;
  Level<mem> L;
  L.num_nodes = h.num_nodes;
  L.num_nets = h.num_nets();
  L.net_offsets = h.net_offsets;
  L.pins = sorted_net_pins(space, h.net_offsets, h.net_num_sources, h.pins);
  L.net_num_sources = h.net_num_sources;
  L.node_offsets = h.node_offsets;
  L.incident_nets = h.incident_nets;
  L.node_num_inbound = h.node_num_inbound;
  L.node_weights = h.node_weights;
  L.net_weights = Kokkos::View<score_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::net_w"),
                                              L.num_nets);
  auto in = h.net_weights;
  auto out = L.net_weights;
  Kokkos::parallel_for(
      "tessera::part::fixed_point", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, L.num_nets),
      KOKKOS_LAMBDA(const std::int64_t e) { out(e) = to_fixed(in(e), shift); });
  return L;
}

// Renumbers the non-empty blocks 0.. in increasing order of their old ids.
template <class ExecSpace>
part_t compact_blocks(const ExecSpace& space, const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts,
                      part_t num_parts) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  Kokkos::View<part_t*, mem> used("tessera::part::used", num_parts + 1);
  Kokkos::parallel_for(
      "tessera::part::used", range(space, 0, static_cast<std::int64_t>(parts.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t v) { used(parts(v)) = 1; });
  const part_t count = tessera::detail::exclusive_scan_inplace(space, used, num_parts + 1);
  Kokkos::parallel_for(
      "tessera::part::renumber", range(space, 0, static_cast<std::int64_t>(parts.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t v) { parts(v) = used(parts(v)); });
  return count;
}

// One multilevel V-cycle: coarsening, initial partition, refinement at every level.
template <class ExecSpace>
PartitionResult<typename ExecSpace::memory_space> partition_once(
    const ExecSpace& space, const Hypergraph<typename ExecSpace::memory_space>& h, const PartitionParams& params,
    const PartitionLimits& limits, int shift) {
  using mem = typename ExecSpace::memory_space;
  Kokkos::Timer timer;
  PartitionResult<mem> result;
  const vid_t n = h.num_nodes;
  Hierarchy<mem> H;
  H.levels.push_back(make_finest_level(space, h, shift));
  result.level_nodes.push_back(n);

  Kokkos::View<part_t*, mem> parts;
  part_t num_parts = params.k;
  Kokkos::Timer phase;
  if (params.mode == PartitionMode::constrained) {
    progress::report("coarsening", "neighbourhoods of " + std::to_string(n) + " nodes");
    CoarseningRun run;
    run.seed = params.seed;
    run.detect_stall = true;
    const CoarseningReport coarsening = coarsen(space, H, params.coarsening, limits, run);
    record_coarsening(result, coarsening, n);
    result.steps = coarsening.steps;
    space.fence();
    result.coarsening_seconds = phase.seconds();
    // The initial partition (packing may choose a finer level than the coarsest).
    phase.reset();
    progress::report("initial partitioning", std::to_string(H.levels.back().num_nodes) + " nodes");
    num_parts = pack_initial(space, H, params, limits, parts);
    space.fence();
    result.initial_seconds = phase.seconds();
    result.steps.initial += result.initial_seconds;
  }
  const auto refine_ws = make_refine_workspace(space, H.levels[0], num_parts, limits);
  // k-way: coarsening, initial trials and the choice of where uncoarsening starts (kway_start.hpp).
  if (params.mode == PartitionMode::kway) kway_start(space, H, params, limits, refine_ws, result, parts);

  // Uncoarsening with refinement at every level.
  phase.reset();
  if (params.mode == PartitionMode::constrained && params.refinement.spread_saving && n > 0) {
    uncoarsen_spread_or_exact(space, H, parts, num_parts, params, limits, refine_ws, result);
  } else {
    uncoarsen(space, H, parts, num_parts, params, limits, refine_ws, result, params.mode == PartitionMode::constrained);
  }
  // k-way: V-cycles (multilevel/vcycle.hpp) re-coarsen within the blocks and refine again.
  if (params.mode == PartitionMode::kway && params.vcycles > 0) {
    const Level<mem> finest = H.levels[0];
    kway_vcycles(space, finest, parts, params, limits, result.steps, [&](Hierarchy<mem>& C, Kokkos::View<part_t*, mem>& p) {
      uncoarsen(space, C, p, num_parts, params, limits, refine_ws, result, /*refine_coarsest=*/true);
    });
  }
  if (params.mode == PartitionMode::constrained && params.fewest_blocks == FewestBlocks::dissolve && n > 0)
    dissolve_and_refine(space, H.levels[0], parts, num_parts, params, limits, refine_ws, result);
  if (params.mode == PartitionMode::constrained && n > 0) num_parts = compact_blocks(space, parts, num_parts);
  space.fence();
  result.refinement_seconds += phase.seconds();
  result.parts = parts;
  result.num_parts = num_parts;
  result.seconds = timer.seconds();
  return result;
}

// The baselines (one-pass, overlap): sequential, on a host copy of the input.
template <class ExecSpace>
PartitionResult<typename ExecSpace::memory_space> partition_baseline(
    const ExecSpace& space, const Hypergraph<typename ExecSpace::memory_space>& h, const PartitionParams& params,
    const PartitionLimits& limits, int shift) {
  using mem = typename ExecSpace::memory_space;
  Kokkos::Timer timer;
  PartitionResult<mem> result;
  result.level_nodes.push_back(h.num_nodes);
  const auto host_level = host_copy(make_finest_level(space, h, shift));
  PackParams pack;
  pack.max_overlap_net_size = params.coarsening.max_scored_net_size;
  const std::vector<part_t> blocks = params.algorithm == PartitionAlgorithm::one_pass ? one_pass_blocks(host_level, limits)
                                                                                     : pack_blocks(host_level, limits, pack);
  result.parts = device_parts(space, blocks);
  for (const part_t b : blocks) result.num_parts = std::max<part_t>(result.num_parts, b + 1);
  space.fence();
  result.initial_seconds = result.seconds = result.steps.initial = timer.seconds();
  return result;
}

template <class ExecSpace>
PartitionResult<typename ExecSpace::memory_space> partition_single_run(
    const ExecSpace& space, const Hypergraph<typename ExecSpace::memory_space>& h, const PartitionParams& params);

// k-way by multilevel recursive bisection (multilevel/multilevel_bisection.hpp), k a power of two.
template <class ExecSpace>
PartitionResult<typename ExecSpace::memory_space> partition_by_bisection(
    const ExecSpace& space, const Hypergraph<typename ExecSpace::memory_space>& h, const PartitionParams& params,
    const PartitionLimits& limits, int shift) {
  using mem = typename ExecSpace::memory_space;
  Kokkos::Timer timer;
  PartitionResult<mem> result;
  const auto host = mirror_hypergraph<Kokkos::HostSpace>(h);
  std::vector<vid_t> ids(h.num_nodes);
  for (vid_t v = 0; v < h.num_nodes; ++v) ids[v] = v;
  std::vector<part_t> parts(h.num_nodes, 0);
  auto bisect = [](const ExecSpace& s, const Hypergraph<mem>& sub, const PartitionParams& p) {
    return partition_single_run(s, sub, p);
  };
  bisect_recursively(space, host, ids, 0, params.k, limits.max_block_weight, params, parts, result, bisect);
  result.parts = device_parts(space, parts);
  result.num_parts = params.k;
  // k-way V-cycles on the assembled partition: moves between blocks of different bisection
  // branches, which no bisection could make.
  Kokkos::Timer phase;
  const Level<mem> finest = make_finest_level(space, h, shift);
  const auto refine_ws = make_refine_workspace(space, finest, params.k, limits);
  PartitionParams kway = params;
  kway.vcycles = params.rb_vcycles;
  kway_vcycles(space, finest, result.parts, kway, limits, result.steps, [&](Hierarchy<mem>& C, Kokkos::View<part_t*, mem>& p) {
    uncoarsen(space, C, p, params.k, kway, limits, refine_ws, result, /*refine_coarsest=*/true);
  });
  space.fence();
  result.refinement_seconds += phase.seconds();
  result.seconds = timer.seconds();
  return result;
}

template <class ExecSpace>
PartitionResult<typename ExecSpace::memory_space> partition_single_run(
    const ExecSpace& space, const Hypergraph<typename ExecSpace::memory_space>& h, const PartitionParams& params) {
  Kokkos::Timer timer;
  const InputStats stats = input_stats(space, h);
  const PartitionLimits limits = resolve_limits(params, stats, h.num_nodes, h.num_nets());
  const int shift = fixed_point_shift(stats.max_net_weight, h.num_pins());
  PartitionParams resolved = params;
  resolved.fewest_blocks = params.fewest_blocks.value_or(h.directed ? FewestBlocks::dissolve : FewestBlocks::off);
  resolved.constrained_fm = params.constrained_fm.value_or(ConstrainedFm::finest);
  resolved.fm_stop_moves = params.fm_stop_moves.value_or(params.mode == PartitionMode::constrained && h.directed ? 100 : 1000);
  resolved.hierarchies = params.hierarchies.value_or(params.k == 2 ? 1 : 4);
  const bool by_bisection = params.mode == PartitionMode::kway && bisection_splits_exactly(params.k) &&
                            (params.scheme == KwayScheme::bisection ||
                             (params.scheme == KwayScheme::automatic && params.k >= 8));
  resolved.refinement.spread_saving = params.spread_saving.value_or(params.mode == PartitionMode::constrained);
  auto result = by_bisection ? partition_by_bisection(space, h, resolved, limits, shift)
                : params.algorithm == PartitionAlgorithm::multilevel ? partition_once(space, h, resolved, limits, shift)
                                                                     : partition_baseline(space, h, resolved, limits, shift);
  result.seconds = timer.seconds();
  return result;
}

}  // namespace partitioning

PartitionConstraints constraints_of(const PartitionParams& params) {
  PartitionConstraints c;
  if (params.mode == PartitionMode::constrained) {
    c.max_block_weight = params.max_block_weight;
    c.max_inbound_nets = params.max_inbound_nets;
  } else {
    c.epsilon = params.epsilon;
  }
  return c;
}

template <class ExecSpace>
PartitionResult<typename ExecSpace::memory_space> partition_hypergraph(
    const ExecSpace& space, const Hypergraph<typename ExecSpace::memory_space>& h, const PartitionParams& params) {
  using mem = typename ExecSpace::memory_space;
  TESSERA_USER_REQUIRE(params.runs >= 1, "the number of runs must be >= 1, got " << params.runs);
  if (params.runs == 1) return partitioning::partition_single_run(space, h, params);
  Kokkos::Timer timer;
  const PartitionConstraints constraints = constraints_of(params);
  PartitionResult<mem> best;
  PartitionQuality best_quality;
  double coarsening = 0, initial = 0, refinement = 0;
  StepSeconds steps;
  for (int run = 0; run < params.runs; ++run) {
    PartitionParams p = params;
    p.seed = params.seed + static_cast<std::uint64_t>(run);
    auto r = partitioning::partition_single_run(space, h, p);
    coarsening += r.coarsening_seconds;
    initial += r.initial_seconds;
    refinement += r.refinement_seconds;
    for (const auto& f : k_step_fields) steps.*f.seconds += r.steps.*f.seconds;
    const auto q = evaluate_partition(space, h, Kokkos::View<const part_t*, mem>(r.parts), constraints);
    // Valid first; then fewest blocks (constrained mode's first objective) or, k-way with the cut
    // objective, the smaller cut; then connectivity.
    const bool by_cut = params.mode == PartitionMode::kway && params.objective == partitioning::KwayObjective::cut;
    const bool better = run == 0 || (q.valid && !best_quality.valid) ||
                        (q.valid == best_quality.valid &&
                         (params.mode == PartitionMode::constrained && r.num_parts != best.num_parts
                              ? r.num_parts < best.num_parts
                          : by_cut && q.cut_net != best_quality.cut_net
                              ? q.cut_net < best_quality.cut_net
                              : q.connectivity < best_quality.connectivity));
    if (better) {
      best = std::move(r);
      best_quality = q;
    }
  }
  best.coarsening_seconds = coarsening;
  best.initial_seconds = initial;
  best.refinement_seconds = refinement;
  best.steps = steps;
  best.seconds = timer.seconds();
  return best;
}

#define TESSERA_INST(Space)                                                                                  \
  template PartitionResult<Space::memory_space> partition_hypergraph<Space>(                               \
      const Space&, const Hypergraph<Space::memory_space>&, const PartitionParams&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera
