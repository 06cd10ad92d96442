#pragma once
// k-way by multilevel recursive bisection (issue 25; KaHyPar's recursive-bisection mode, written
// from its papers' description): the input is bisected by the whole k = 2 pipeline (coarsening,
// initial trials, uncoarsening with refinement and FM, V-cycles), then each side's induced
// sub-hypergraph (multilevel/sub_hypergraph) is bisected again, ceil(log2 k) levels deep. Direct
// k-way (one hierarchy, k-way initial partition and refinement) reached 1.15-1.26x the best known
// ISPD98 cuts at k = 4..64 where k = 2 reached 1.06x: our 2-way FM and V-cycles are much stronger
// than their k-way versions. Imbalance is adaptive (KaHyPar): a sub-hypergraph of weight W_S to
// split into k' blocks over d = ceil(log2 k') more levels is bisected with
// eps_S = (Omega / ceil(W_S / k'))^(1/d) - 1, so its last bisections may fill blocks up to the
// final Omega exactly, whatever the earlier ones used. Both halves get ceil(k'/2) and floor(k'/2)
// blocks; the k = 2 pipeline has one limit for both sides, so for odd k' the sides are balanced
// to k'/2 each: only k a power of two splits exactly (other k fall back to direct k-way, see
// partition_hypergraph.cpp; --scheme auto bisects from k = 8 on, where it measured better).
// Included by multilevel/partition_hypergraph.cpp only.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "algorithms/partitioning/coarsening/propose_pairs.hpp"
#include "algorithms/partitioning/multilevel/partition_params.hpp"
#include "algorithms/partitioning/multilevel/sub_hypergraph.hpp"

namespace tessera::partitioning {

// The bisection imbalance of a sub-hypergraph of weight `w` that will be split into k' blocks.
inline double adaptive_epsilon(node_weight_t omega, node_weight_t w, part_t k) {
  const double levels = std::ceil(std::log2(double(k)));
  const double perfect = double((w + k - 1) / k);
  // 1e-12: (Omega / c) * c may round below Omega, and floor() would then lose a unit of weight
  return perfect <= 0 ? 0 : std::max(0.0, std::pow(double(omega) / perfect, 1.0 / levels) - 1.0 + 1e-12);
}

inline bool bisection_splits_exactly(part_t k) { return k > 2 && (k & (k - 1)) == 0; }

// Blocks first..first+k-1 of the nodes of `sub` (input ids `ids`); `bisect(space, device_sub,
// params)` runs the k = 2 pipeline and returns its PartitionResult. Sums the runs' step times into
// `total` and keeps the first run's hierarchy description.
template <class ExecSpace, class Bisect>
void bisect_recursively(const ExecSpace& space, const HostHypergraph& sub, const std::vector<vid_t>& ids, part_t first,
                        part_t k, node_weight_t omega, const PartitionParams& params, std::vector<part_t>& out,
                        PartitionResult<typename ExecSpace::memory_space>& total, const Bisect& bisect) {
  using mem = typename ExecSpace::memory_space;
  if (k == 1 || sub.num_nodes < 2) {
    for (const vid_t v : ids) out[v] = first;
    return;
  }
  node_weight_t w = 0;
  for (vid_t v = 0; v < sub.num_nodes; ++v) w += sub.node_weights(v);
  PartitionParams p = params;
  p.k = 2;
  p.epsilon = adaptive_epsilon(omega, w, k);
  p.seed = params.seed ^ detail::mix64((std::uint64_t(first) << 32) | std::uint64_t(k));
  p.runs = 1;
  auto r = bisect(space, mirror_hypergraph<mem>(sub), p);
  const auto parts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, r.parts);
  if (total.level_nodes.empty()) {
    total.level_nodes = r.level_nodes;
    total.coarsening_stop = r.coarsening_stop;
    total.neighbor_rows = r.neighbor_rows;
    total.neighbor_rows_kept_from = r.neighbor_rows_kept_from;
    total.pair_window = r.pair_window;
    total.pair_window_levels = r.pair_window_levels;
  }
  total.coarsening_seconds += r.coarsening_seconds;
  total.initial_seconds += r.initial_seconds;
  total.refinement_seconds += r.refinement_seconds;
  for (const auto& f : k_step_fields) total.steps.*f.seconds += r.steps.*f.seconds;
  total.refined_levels.insert(total.refined_levels.end(), r.refined_levels.begin(), r.refined_levels.end());
  std::vector<vid_t> side[2], side_ids[2];
  for (vid_t v = 0; v < sub.num_nodes; ++v) {
    side[parts(v)].push_back(v);
    side_ids[parts(v)].push_back(ids[v]);
  }
  const bool whole = params.objective == KwayObjective::cut;
  const part_t k1 = (k + 1) / 2;
  bisect_recursively(space, induced_hypergraph(sub, side[0], whole), side_ids[0], first, k1, omega, params, out, total, bisect);
  bisect_recursively(space, induced_hypergraph(sub, side[1], whole), side_ids[1], first + k1, k - k1, omega, params, out,
                     total, bisect);
}

}  // namespace tessera::partitioning
