#pragma once
// k-way V-cycles (issue 25): after the first multilevel cycle, coarsen the input again with the
// current partition as a constraint (pairs only within one block: coarsening/block_constraint.hpp),
// so that the partition projects unchanged onto every new coarse level, then refine every level
// on the way down (parallel refinement and level FM, the driver's `uncoarsen`). A new cycle uses
// another noise seed, hence another hierarchy: its coarse nodes move whole groups of nodes that
// the first hierarchy split, which is how a cycle leaves the local minimum the previous one
// stopped in. Refinement never increases connectivity and keeps the partition balanced, so the
// cycles only improve it. Included by multilevel/partition_hypergraph.cpp only.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/coarsening/block_constraint.hpp"
#include "algorithms/partitioning/coarsening/coarsen.hpp"
#include "algorithms/partitioning/common/hierarchy.hpp"
#include "algorithms/partitioning/common/partition_limits.hpp"
#include "algorithms/partitioning/common/step_seconds.hpp"
#include "algorithms/partitioning/multilevel/partition_params.hpp"

namespace tessera::partitioning {

// The noise seed of V-cycle `cycle` (1, 2, ...; the first multilevel cycle uses params.seed).
inline std::uint64_t vcycle_seed(std::uint64_t seed, int cycle) {
  return detail::mix64(seed ^ detail::mix64(0x5643594345ULL + std::uint64_t(cycle)));
}

// Runs params.vcycles cycles on `parts` (a partition of `finest`); `uncoarsen(H, coarse_parts)`
// refines from H's coarsest level down to H.levels[0] and leaves the finest partition in
// coarse_parts.
template <class ExecSpace, class Uncoarsen>
void kway_vcycles(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& finest,
                  Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, const PartitionParams& params,
                  const PartitionLimits& limits, StepSeconds& steps, Uncoarsen&& uncoarsen) {
  using mem = typename ExecSpace::memory_space;
  for (int cycle = 1; cycle <= params.vcycles; ++cycle) {
    Hierarchy<mem> H;
    H.levels.push_back(finest);
    CoarseningRun run;
    run.min_shrink = true;
    run.seed = vcycle_seed(params.seed, cycle);
    const CoarseningReport report = coarsen(space, H, params.coarsening, limits, run, parts);
    steps.neighbors += report.steps.neighbors;
    steps.proposal += report.steps.proposal;
    steps.matching += report.steps.matching;
    steps.contraction += report.steps.contraction;
    Kokkos::View<part_t*, mem> coarse = parts;
    for (std::size_t l = 0; l < H.gammas.size(); ++l)
      coarse = coarse_blocks(space, H.gammas[l], coarse, H.levels[l + 1].num_nodes);
    uncoarsen(H, coarse);
    parts = coarse;
  }
}

}  // namespace tessera::partitioning
