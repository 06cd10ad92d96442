#pragma once
// The coarsening phase (paper 3, §V): neighbourhoods, candidate proposals, Pi pseudo-forest
// matching rounds, isolated pairing and contraction, level after level. A header template
// compiled into the driver only (multilevel/partition_hypergraph.cpp): its kernels are
// instantiated in that one translation unit (core/kokkos_ext/instantiate.hpp says why).
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/partitioning/coarsening/block_constraint.hpp"
#include "algorithms/partitioning/coarsening/coarsening_params.hpp"
#include "algorithms/partitioning/coarsening/level_neighbors.hpp"
#include "algorithms/partitioning/coarsening/neighbors.hpp"
#include "algorithms/partitioning/coarsening/pair_window.hpp"
#include "algorithms/partitioning/coarsening/pair_isolated.hpp"
#include "algorithms/partitioning/coarsening/propose_pairs.hpp"
#include "algorithms/partitioning/common/hierarchy.hpp"
#include "algorithms/partitioning/common/partition_limits.hpp"
#include "algorithms/partitioning/common/step_seconds.hpp"
#include "algorithms/partitioning/contraction/contract.hpp"
#include "algorithms/partitioning/matching/pseudoforest_matching.hpp"
#include "core/kokkos_ext/device_memory.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/util/progress.hpp"

namespace tessera::partitioning {

// What a run of coarsening needs beyond its parameters.
struct CoarseningRun {
  std::uint64_t seed = 0;     // the run's seed (proposal noise)
  bool detect_stall = false;  // constrained mode: stop on a stalled tail (CoarseningParams::stall_fraction)
  bool min_shrink = false;    // k-way mode: stop after a slow level (CoarseningParams::kway_min_shrink)
};

struct CoarseningReport {
  // Why coarsening ended: "target" (coarsest_nodes reached), "no_pairs", "stalled", "min_shrink",
  // "max_levels".
  std::string stop = "target";
  std::vector<vid_t> level_nodes;  // nodes of every coarse level contracted, in order
  StepSeconds steps;               // neighbors, proposal, matching, contraction
  int penalty_level = 0;           // --weight-penalty auto: the first level that used it (0: none)
  bool streamed_neighbors = false; // the rows were streamed (--neighbors off, or auto over budget)
  int kept_rows_from_level = 0;    // streamed rows: the first level whose rows were kept (0: none)
  eid_t pair_window = 0;           // the finest level's pair window (pair_window.hpp; 0: none)
  int pair_window_levels = 0;      // levels up to the last one with a window
};

// For each unmatched node, its best candidate that is still unmatched (round r of Pi).
template <class ExecSpace>
void select_round_targets(const ExecSpace& space, const Proposals<typename ExecSpace::memory_space>& props,
                          const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& mate,
                          const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& target,
                          const Kokkos::View<score_t*, typename ExecSpace::memory_space>& score) {
  auto cand = props.target;
  auto cscore = props.score;
  const int pi = static_cast<int>(cand.extent(1));
  Kokkos::parallel_for(
      "tessera::part::round_targets",
      tessera::detail::LightRangePolicy<ExecSpace>(space, 0, static_cast<std::int64_t>(mate.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t v) {
        target(v) = invalid_vid;
        score(v) = 0;
        if (mate(v) != invalid_vid) return;
        for (int r = 0; r < pi; ++r) {
          const vid_t c = cand(v, r);
          if (c != invalid_vid && mate(c) == invalid_vid) {
            target(v) = c;
            score(v) = cscore(v, r);
            return;
          }
        }
      });
}

// Nodes of a level of n nodes whose proposals hold no candidate at all.
template <class ExecSpace>
vid_t nodes_without_candidates(const ExecSpace& space, const Proposals<typename ExecSpace::memory_space>& props, vid_t n) {
  auto cand = props.target;
  vid_t count = 0;
  Kokkos::parallel_reduce(
      "tessera::part::no_candidates", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, std::int64_t(n)),
      KOKKOS_LAMBDA(const std::int64_t v, vid_t& c) { if (cand(v, 0) == invalid_vid) ++c; }, count);
  return count;
}

// (second o first)(v) = second(first(v)).
template <class ExecSpace>
Kokkos::View<vid_t*, typename ExecSpace::memory_space> compose(const ExecSpace& space,
                                                               const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& first,
                                                               const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& second) {
  Kokkos::View<vid_t*, typename ExecSpace::memory_space> out(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::gamma"), first.extent(0));
  Kokkos::parallel_for(
      "tessera::part::compose",
      tessera::detail::LightRangePolicy<ExecSpace>(space, 0, static_cast<std::int64_t>(first.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t v) { out(v) = second(first(v)); });
  return out;
}

namespace detail {

// Scratch of every level of one coarsening, sized by the finest (levels only shrink): device
// allocations synchronise, and a level used to make some forty of them and read a dozen sizes back.
template <class MemorySpace>
struct LevelScratch {
  ProposalWorkspace<MemorySpace> proposals;
  ContractionWorkspace<MemorySpace> contraction;
  MatchingWorkspace<MemorySpace> matching;
  Kokkos::View<vid_t*, MemorySpace> mate, target;
  Kokkos::View<score_t*, MemorySpace> score;

  LevelScratch(const Level<MemorySpace>& finest, eid_t bins)
      : proposals(finest.num_nodes, bins),
        contraction(finest),
        matching(finest.num_nodes),
        mate(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::mate"), finest.num_nodes),
        target(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::round_target"), finest.num_nodes),
        score(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::round_score"), finest.num_nodes) {}
};

// Pi rounds of pseudo-forest matching over the proposals of a level of `n` nodes; the pairs are
// counted on the device (scratch.matching.pairs). Returns the level's mate.
template <class ExecSpace>
Kokkos::View<vid_t*, typename ExecSpace::memory_space> match_level(const ExecSpace& space, vid_t n,
                                                                   const Proposals<typename ExecSpace::memory_space>& props,
                                                                   int rounds, partitioning::MatchingKind kind,
                                                                   LevelScratch<typename ExecSpace::memory_space>& scratch) {
  const auto level_nodes = std::make_pair(std::int64_t(0), std::int64_t(n));
  const auto mate = Kokkos::subview(scratch.mate, level_nodes);
  const auto target = Kokkos::subview(scratch.target, level_nodes);
  const auto score = Kokkos::subview(scratch.score, level_nodes);
  Kokkos::deep_copy(space, mate, invalid_vid);
  Kokkos::deep_copy(space, scratch.matching.pairs, 0);
  for (int r = 0; r < rounds; ++r) {
    select_round_targets(space, props, mate, target, score);
    match_pseudoforest(space, target, score, mate, kind, scratch.matching);
  }
  return mate;
}

// Appends the coarse level C to H. A level less than 5% smaller than the kept level below it is
// replaced by its coarser successor (gammas composed): refinement then runs on levels that
// differ, and the long tail of constrained coarsening (a few pairs per level near Omega) costs no
// refinement.
template <class ExecSpace>
void push_level(const ExecSpace& space, Hierarchy<typename ExecSpace::memory_space>& H,
                const Contraction<typename ExecSpace::memory_space>& C) {
  const std::size_t nl = H.levels.size();
  if (nl >= 2 && double(H.levels[nl - 1].num_nodes) > 0.95 * double(H.levels[nl - 2].num_nodes)) {
    H.gammas.back() = compose(space, H.gammas.back(), C.gamma);
    H.levels.back() = C.coarse;
  } else {
    H.gammas.push_back(C.gamma);
    H.levels.push_back(C.coarse);
  }
}

}  // namespace detail

// Coarsening (§V): proposals, Pi matching rounds, isolated pairing, contraction, until the target
// size, a level without pairs, a stalled tail (constrained: CoarseningParams::stall_fraction) or a
// slow level (k-way: CoarseningParams::kway_min_shrink).
// With `blocks` (one block per node of the finest level; k-way V-cycles), pairs stay within a
// block (coarsening/block_constraint.hpp). The neighbour rows of every level come from
// LevelNeighbors (coarsening/level_neighbors.hpp).
template <class ExecSpace>
CoarseningReport coarsen(const ExecSpace& space, Hierarchy<typename ExecSpace::memory_space>& H,
                          const CoarseningParams& cp, const PartitionLimits& limits, const CoarseningRun& run,
                          Kokkos::View<part_t*, typename ExecSpace::memory_space> blocks = {}) {
  using mem = typename ExecSpace::memory_space;
  CoarseningReport result;
  result.stop = "target";
  if (H.levels[0].num_nodes <= limits.coarsest_nodes) return result;
  StepSeconds& steps = result.steps;
  Kokkos::Timer timer;
  auto lap = [&](double& seconds) {  // time since the last lap, after a fence
    space.fence();
    seconds += timer.seconds();
    timer.reset();
  };
  const std::uint64_t available = kokkos_ext::available_device_memory_bytes();
  const BatchLimits batching = batch_limits(available, cp.neighbor_batch_nodes);
  const eid_t budget = cp.neighbors == NeighborRows::materialised ? std::numeric_limits<eid_t>::max()
                                                                  : materialised_row_budget(available);
  auto scored_pairs = [&](const Level<mem>& L) {  // the level's pairs (pair_window.hpp)
    return ScoredPairs{cp.max_scored_net_size, level_pair_window(space, L, cp.max_scored_net_size, cp.pair_window, cp.pair_budget)};
  };
  ScoredPairs pairs = scored_pairs(H.levels[0]);
  result.pair_window = pairs.window;
  LevelNeighbors<ExecSpace> nbr(space, H.levels[0], pairs, cp, batching, budget);
  result.streamed_neighbors = nbr.source() != LevelNeighbors<ExecSpace>::Source::derived;
  lap(steps.neighbors);
  detail::LevelScratch<mem> scratch(H.levels[0], std::min(nbr.capacity(), batching.max_entries));
  bool widened = false;  // the previous level stalled: propose with every candidate slot
  int penalty = cp.weight_penalty == k_weight_penalty_auto ? 0 : cp.weight_penalty;
  result.stop = "max_levels";
  for (int level = 0; level < cp.max_levels; ++level) {
    const Level<mem>& L = H.levels.back();
    if (L.num_nodes <= limits.coarsest_nodes) {
      result.stop = "target";
      break;
    }
    ProposalParams pp;
    pp.candidates = widened ? k_max_candidates : cp.candidates;
    pp.limits = limits;
    pp.noise_fraction = cp.noise_fraction;
    pp.seed = partitioning::detail::mix64(run.seed ^ partitioning::detail::mix64(std::uint64_t(level) + 1));
    if (level > 0) pairs = scored_pairs(L);
    pp.pairs = pairs;
    if (pairs.window > 0) result.pair_window_levels = level + 1;
    pp.weight_penalty = penalty;
    const Proposals<mem> props = nbr.propose(level, L, pp, scratch.proposals);
    if (blocks.extent(0) > 0) restrict_proposals_to_blocks(space, props, blocks);
    lap(steps.proposal);
    const auto mate = detail::match_level(space, L.num_nodes, props, pp.candidates, cp.matching, scratch);
    lap(steps.matching);
    pair_isolated(space, L, nbr.rows(), mate, limits, scratch.matching.pairs);
    if (blocks.extent(0) > 0) unmatch_across_blocks(space, mate, blocks, scratch.matching.pairs);
    vid_t pairs = 0;  // matched and isolated pairs of the level: its one read-back
    Kokkos::deep_copy(space, pairs, scratch.matching.pairs);
    space.fence();
    lap(steps.proposal);
    if (pairs == 0) {
      result.stop = "no_pairs";
      break;
    }
    // Constrained mode only: k-way coarsening ends near 160 k nodes anyway, and its initial
    // partitioning needs those nodes, not packing.
    const bool stalled =
        run.detect_stall && double(pairs) < cp.stall_fraction * double(L.num_nodes);
    const bool slow = run.min_shrink && double(pairs) < cp.kway_min_shrink * double(L.num_nodes);
    if (cp.weight_penalty == k_weight_penalty_auto && !stalled && double(pairs) < cp.slow_level_pairs * double(L.num_nodes)) {
      if (penalty == 0) result.penalty_level = level + 1;
      penalty = 2;
    }
    // What the level cost and bought (issue 23's tails), only when progress is shown.
    const std::string level_detail =
        progress::enabled()
            ? " (" + std::to_string(pairs) + " pairs, " +
                  std::to_string(nodes_without_candidates(space, props, L.num_nodes)) + " nodes without a candidate, " +
                  nbr.source_name() + " rows, penalty " + std::to_string(pp.weight_penalty) + ", window " +
                  std::to_string(pp.pairs.window) + ", " +
                  std::to_string(pair_visits(space, L, pp.pairs.max_net_size, pp.pairs.window)) + " pair visits)"
            : std::string();
    auto C = contract(space, L, mate, limits.check_inbound, scratch.contraction);
    nbr.coarsen_to(C);
    if (blocks.extent(0) > 0) blocks = coarse_blocks(space, C.gamma, blocks, C.coarse.num_nodes);
    lap(steps.contraction);
    result.level_nodes.push_back(C.coarse.num_nodes);
    progress::report("coarsening", "level " + std::to_string(level + 1) + ", " +
                                       std::to_string(C.coarse.num_nodes) + " nodes" + level_detail);
    detail::push_level(space, H, C);
    if (stalled && widened) {
      result.stop = "stalled";
      break;
    }
    if (slow) {
      result.stop = "min_shrink";
      break;
    }
    widened = stalled;
  }
  result.kept_rows_from_level = nbr.kept_from_level();
  return result;
}

}  // namespace tessera::partitioning
