// The multilevel driver: validation, fixed-point conversion, the coarsening loop, initial
// partition, and uncoarsening with refinement at every level (paper 3, §III).
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "algorithms/partitioning/coarsening/neighbors.hpp"
#include "algorithms/partitioning/coarsening/pair_isolated.hpp"
#include "algorithms/partitioning/coarsening/propose_pairs.hpp"
#include "algorithms/partitioning/contraction/contract.hpp"
#include "algorithms/partitioning/initial/fm_refine.hpp"
#include "algorithms/partitioning/initial/greedy_growing.hpp"
#include "algorithms/partitioning/initial/pack_blocks.hpp"
#include "algorithms/partitioning/matching/pseudoforest_matching.hpp"
#include "algorithms/partitioning/metrics/balance.hpp"
#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/fixed_point.hpp"
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
  L.pins = h.pins;
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

template <class ExecSpace>
void project(const ExecSpace& space, const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& gamma,
             const Kokkos::View<part_t*, typename ExecSpace::memory_space>& coarse,
             const Kokkos::View<part_t*, typename ExecSpace::memory_space>& fine) {
  Kokkos::parallel_for(
      "tessera::part::project",
      tessera::detail::LightRangePolicy<ExecSpace>(space, 0, static_cast<std::int64_t>(gamma.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t v) { fine(v) = coarse(gamma(v)); });
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
  const part_t count = detail::exclusive_scan_inplace(space, used, num_parts + 1);
  Kokkos::parallel_for(
      "tessera::part::renumber", range(space, 0, static_cast<std::int64_t>(parts.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t v) { parts(v) = used(parts(v)); });
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

template <class MemorySpace>
Level<Kokkos::HostSpace> host_copy(const Level<MemorySpace>& L) {
  Level<Kokkos::HostSpace> H;
  H.num_nodes = L.num_nodes;
  H.num_nets = L.num_nets;
  H.net_offsets = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.net_offsets);
  H.pins = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.pins);
  H.net_num_sources = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.net_num_sources);
  H.net_weights = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.net_weights);
  H.node_offsets = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.node_offsets);
  H.incident_nets = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.incident_nets);
  H.node_num_inbound = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.node_num_inbound);
  H.node_weights = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.node_weights);
  return H;
}

// Input statistics the limits are resolved from.
struct InputStats {
  node_weight_t total_weight = 0, max_node_weight = 0;
  nid_t max_inbound = 0;
  double max_net_weight = 0, min_net_weight = 0;
};

template <class ExecSpace>
InputStats input_stats(const ExecSpace& space, const Hypergraph<typename ExecSpace::memory_space>& h) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  InputStats s;
  auto vw = h.node_weights;
  auto vin = h.node_num_inbound;
  Kokkos::parallel_reduce(
      "tessera::part::total_w", range(space, 0, h.num_nodes),
      KOKKOS_LAMBDA(const std::int64_t v, node_weight_t& t) { t += vw(v); }, s.total_weight);
  Kokkos::parallel_reduce(
      "tessera::part::max_w", range(space, 0, h.num_nodes),
      KOKKOS_LAMBDA(const std::int64_t v, node_weight_t& t) { if (vw(v) > t) t = vw(v); },
      Kokkos::Max<node_weight_t>(s.max_node_weight));
  Kokkos::parallel_reduce(
      "tessera::part::max_in", range(space, 0, h.num_nodes),
      KOKKOS_LAMBDA(const std::int64_t v, nid_t& t) { if (vin(v) > t) t = vin(v); }, Kokkos::Max<nid_t>(s.max_inbound));
  auto hw = h.net_weights;
  Kokkos::parallel_reduce(
      "tessera::part::max_net_w", range(space, 0, h.num_nets()),
      KOKKOS_LAMBDA(const std::int64_t e, double& t) { if (hw(e) > t) t = hw(e); }, Kokkos::Max<double>(s.max_net_weight));
  Kokkos::parallel_reduce(
      "tessera::part::min_net_w", range(space, 0, h.num_nets()),
      KOKKOS_LAMBDA(const std::int64_t e, double& t) { if (hw(e) < t) t = hw(e); }, Kokkos::Min<double>(s.min_net_weight));
  return s;
}

// The limits of the run, resolved once (every phase receives them unchanged); throws UserError
// on bad parameters and on instances no partition can satisfy.
PartitionLimits resolve_limits(const PartitionParams& params, const InputStats& in, vid_t n, nid_t m) {
  TESSERA_USER_REQUIRE(params.coarsening.candidates >= 1 && params.coarsening.candidates <= k_max_candidates,
                       "the number of coarsening candidates must be in [1, " << k_max_candidates << "], got "
                                                                             << params.coarsening.candidates);
  TESSERA_USER_REQUIRE(params.refinement.repetitions >= 0, "refinement repetitions must be >= 0");
  TESSERA_USER_REQUIRE(m == 0 || (in.min_net_weight >= 0 && std::isfinite(in.max_net_weight)),
                       "net weights must be finite and non-negative (smallest is " << in.min_net_weight << ")");
  PartitionLimits limits;
  if (params.mode == PartitionMode::constrained) {
    const node_weight_t omega = params.max_block_weight;
    TESSERA_USER_REQUIRE(omega >= 1, "the maximum block size Omega must be >= 1, got " << omega);
    TESSERA_USER_REQUIRE(in.max_node_weight <= omega, "impossible instance: a node weighs "
                                                          << in.max_node_weight << ", more than the block limit Omega = "
                                                          << omega);
    if (params.max_inbound_nets) {
      const std::int64_t delta = *params.max_inbound_nets;
      TESSERA_USER_REQUIRE(delta >= 0, "the inbound limit Delta must be >= 0, got " << delta);
      TESSERA_USER_REQUIRE(in.max_inbound <= delta, "impossible instance: a node has "
                                                        << in.max_inbound << " inbound nets, more than the limit Delta = "
                                                        << delta);
      limits.max_inbound = delta;
      limits.check_inbound = true;
    }
    limits.max_block_weight = omega;
    limits.max_cluster_weight = omega;
    limits.coarsest_nodes = static_cast<vid_t>(std::max<node_weight_t>(1, (in.total_weight + omega - 1) / omega));
  } else {
    TESSERA_USER_REQUIRE(params.algorithm == PartitionAlgorithm::multilevel,
                         "the one-pass and overlap algorithms partition under Omega/Delta only (constrained mode), "
                         "not k-way");
    TESSERA_USER_REQUIRE(params.k >= 1, "k must be >= 1, got " << params.k);
    TESSERA_USER_REQUIRE(params.k <= std::max<vid_t>(n, 1), "k = " << params.k << " exceeds the number of nodes (" << n << ")");
    TESSERA_USER_REQUIRE(params.epsilon >= 0 && std::isfinite(params.epsilon),
                         "the imbalance epsilon must be >= 0, got " << params.epsilon);
    const node_weight_t omega = kahypar_max_block_weight(in.total_weight, params.k, params.epsilon);
    TESSERA_USER_REQUIRE(in.max_node_weight <= omega, "impossible instance: a node weighs "
                                                          << in.max_node_weight << ", more than the balanced block limit "
                                                          << omega << " = floor((1 + eps) ceil(W / k))");
    const std::int64_t target = std::int64_t(params.k) * std::max<vid_t>(1, params.coarsening.kway_nodes_per_block);
    limits.max_block_weight = omega;
    limits.coarsest_nodes = static_cast<vid_t>(std::min<std::int64_t>(target, std::max<vid_t>(n, 1)));
    limits.max_cluster_weight = std::min(omega, std::max(in.max_node_weight, (in.total_weight + target - 1) / target));
  }
  return limits;
}

template <class MemorySpace>
void add_refinement(PartitionResult<MemorySpace>& result, vid_t nodes, const RefinementStats& stats) {
  result.steps.gains += stats.gains_seconds;
  result.steps.sequence += stats.sequence_seconds;
  result.steps.validity += stats.validity_seconds;
  result.refined_levels.push_back(
      RefinedLevel{nodes, stats.repetitions_run, stats.gains_seconds + stats.sequence_seconds + stats.validity_seconds});
}

// The coarsening hierarchy: levels[0] is the input, gammas[l] maps levels[l] onto levels[l + 1].
template <class MemorySpace>
struct Hierarchy {
  std::vector<Level<MemorySpace>> levels;
  std::vector<Kokkos::View<vid_t*, MemorySpace>> gammas;
};

// Coarsening (§V): proposals, Pi matching rounds, isolated pairing, contraction, until the target
// size, a level without pairs, or a stalled tail (see CoarseningParams::stall_fraction).
template <class ExecSpace>
void coarsen(const ExecSpace& space, Hierarchy<typename ExecSpace::memory_space>& H, const PartitionParams& params,
             const PartitionLimits& limits, PartitionResult<typename ExecSpace::memory_space>& result) {
  using mem = typename ExecSpace::memory_space;
  const CoarseningParams& cp = params.coarsening;
  result.coarsening_stop = "target";
  if (H.levels[0].num_nodes <= limits.coarsest_nodes) return;
  StepSeconds& steps = result.steps;
  Kokkos::Timer timer;
  auto lap = [&](double& seconds) {  // time since the last lap, after a fence
    space.fence();
    seconds += timer.seconds();
    timer.reset();
  };
  auto nbr = build_neighbors(space, H.levels[0], cp.max_scored_net_size);
  lap(steps.neighbors);
  // Scratch of every level, sized by the finest (levels only shrink): device allocations
  // synchronise, and a level used to make some forty of them and read a dozen sizes back.
  const eid_t neighbor_capacity = static_cast<eid_t>(nbr.ids.extent(0));
  std::optional<NeighborWorkspace<mem>> nws;
  if (cp.materialize_neighbors) nws.emplace(H.levels[0].num_nodes, neighbor_capacity);
  ProposalWorkspace<mem> pws(H.levels[0].num_nodes, neighbor_capacity);
  ContractionWorkspace<mem> cws(H.levels[0]);
  bool widened = false;  // the previous level stalled: propose with every candidate slot
  result.coarsening_stop = "max_levels";
  // Matching scratch for every level, sized by the finest (levels only shrink): device
  // allocations synchronise, and a level used to make twenty of them here.
  const vid_t n0 = H.levels[0].num_nodes;
  MatchingWorkspace<mem> ws(n0);
  const Kokkos::View<vid_t*, mem> mate_all(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::mate"), n0);
  const Kokkos::View<vid_t*, mem> target_all(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::round_target"),
                                             n0);
  const Kokkos::View<score_t*, mem> score_all(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::round_score"),
                                              n0);
  for (int level = 0; level < cp.max_levels; ++level) {
    const Level<mem>& L = H.levels.back();
    if (L.num_nodes <= limits.coarsest_nodes) {
      result.coarsening_stop = "target";
      break;
    }
    ProposalParams pp;
    pp.candidates = widened ? k_max_candidates : cp.candidates;
    pp.limits = limits;
    pp.noise_fraction = cp.noise_fraction;
    pp.seed = partitioning::detail::mix64(params.seed ^ partitioning::detail::mix64(std::uint64_t(level) + 1));
    pp.max_net_size = cp.max_scored_net_size;
    pp.weight_penalty = cp.weight_penalty;
    auto props = propose_pairs(space, L, nbr, pp, pws);
    lap(steps.proposal);
    const auto level_nodes = std::make_pair(std::int64_t(0), std::int64_t(L.num_nodes));
    const Kokkos::View<vid_t*, mem> mate = Kokkos::subview(mate_all, level_nodes);
    Kokkos::deep_copy(space, mate, invalid_vid);
    const Kokkos::View<vid_t*, mem> target = Kokkos::subview(target_all, level_nodes);
    const Kokkos::View<score_t*, mem> score = Kokkos::subview(score_all, level_nodes);
    Kokkos::deep_copy(space, ws.pairs, 0);  // the rounds count their pairs on the device
    for (int r = 0; r < pp.candidates; ++r) {
      select_round_targets(space, props, mate, target, score);
      match_pseudoforest(space, target, score, mate, cp.matching, ws);
    }
    lap(steps.matching);
    pair_isolated(space, L, nbr, mate, limits, ws.pairs);
    vid_t pairs = 0;  // matched and isolated pairs of the level: its one read-back
    Kokkos::deep_copy(space, pairs, ws.pairs);
    space.fence();
    lap(steps.proposal);
    if (pairs == 0) {
      result.coarsening_stop = "no_pairs";
      break;
    }
    // Constrained mode only: k-way coarsening ends near 160 k nodes anyway, and its initial
    // partitioning needs those nodes, not packing.
    const bool stalled =
        params.mode == PartitionMode::constrained && double(pairs) < cp.stall_fraction * double(L.num_nodes);
    auto C = contract(space, L, mate, limits.check_inbound, cws);
    nbr = cp.materialize_neighbors ? coarsen_neighbors(space, nbr, C.coarse.num_nodes, C.gamma, C.members, *nws)
                                   : build_neighbors(space, C.coarse, cp.max_scored_net_size);
    lap(steps.contraction);
    result.level_nodes.push_back(C.coarse.num_nodes);
    progress::report("coarsening", "level " + std::to_string(level + 1) + ", " + std::to_string(C.coarse.num_nodes) + " nodes");
    // A level less than 5% smaller than the kept level below it is replaced by its coarser
    // successor (gammas composed): refinement then runs on levels that differ, and the long
    // tail of constrained coarsening (a few pairs per level near Omega) costs no refinement.
    const std::size_t nl = H.levels.size();
    if (nl >= 2 && double(H.levels[nl - 1].num_nodes) > 0.95 * double(H.levels[nl - 2].num_nodes)) {
      H.gammas.back() = compose(space, H.gammas.back(), C.gamma);
      H.levels.back() = C.coarse;
    } else {
      H.gammas.push_back(C.gamma);
      H.levels.push_back(C.coarse);
    }
    if (stalled && widened) {
      result.coarsening_stop = "stalled";
      break;
    }
    widened = stalled;
  }
}

// Constrained mode: the initial partition, as few blocks as we can find (initial/pack_blocks).
// The reference is the one-pass baseline over the input (the issue's yardstick for "as few
// blocks as the constraints allow"). Candidates, coarsest level first: at each level, overlap
// packing of its clusters and one-pass over them in id order (coarse ids follow the smallest
// member id, so the input's order). While the best needs more blocks than the reference, finer
// levels are tried too, each with at least twice the nodes of the previous try and at most
// k_pack_nodes_per_block nodes per block of ceil(W / Omega): smaller clusters pack more tightly
// (LeNet's 10 coarsest clusters pair no further and pack into 10 blocks; its level of 46
// clusters packs into 9, as one-pass). Fewest blocks win, ties to the coarser level and to
// overlap packing. Last resort, so that multilevel never needs more blocks than the baseline:
// the baseline's partition of the finest level, which refinement then improves. With
// params.fewest_blocks off (auto: off for undirected inputs), only the coarsest level's two
// candidates are tried. The hierarchy
// above the chosen level is dropped; returns the block count.
inline constexpr vid_t k_pack_nodes_per_block = 64;

inline part_t block_count(const std::vector<part_t>& parts) {
  return parts.empty() ? 0 : *std::max_element(parts.begin(), parts.end()) + 1;
}

template <class ExecSpace>
part_t pack_initial(const ExecSpace& space, Hierarchy<typename ExecSpace::memory_space>& H, const PartitionParams& params,
                    const PartitionLimits& limits, Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts) {
  using mem = typename ExecSpace::memory_space;
  PackLimits pl;
  pl.max_block_weight = limits.max_block_weight;
  pl.max_inbound = limits.max_inbound;
  pl.check_inbound = limits.check_inbound;
  pl.max_overlap_net_size = params.coarsening.max_scored_net_size;
  const std::int64_t bound = limits.coarsest_nodes;  // ceil(W / Omega)
  std::vector<part_t> reference;
  const bool fewest_blocks = params.fewest_blocks.value_or(false);  // resolved by partition_single_run
  if (fewest_blocks) reference = one_pass_blocks(host_copy(H.levels[0]), pl);
  std::vector<part_t> best;
  std::size_t best_level = H.levels.size() - 1;
  auto consider = [&](std::vector<part_t>&& candidate, std::size_t level) {
    if (best.empty() || block_count(candidate) < block_count(best)) {
      best = std::move(candidate);
      best_level = level;
    }
  };
  const std::int64_t max_nodes = k_pack_nodes_per_block * bound;
  std::int64_t min_nodes = 0;  // the next level tried has at least this many nodes
  for (std::size_t l = H.levels.size(); l-- > 0;) {
    const bool coarsest = l + 1 == H.levels.size();
    if (!coarsest && H.levels[l].num_nodes > max_nodes) break;
    if (H.levels[l].num_nodes < min_nodes) continue;
    min_nodes = 2 * std::int64_t(H.levels[l].num_nodes);
    const auto host_level = host_copy(H.levels[l]);
    consider(pack_blocks(host_level, pl), l);
    consider(one_pass_blocks(host_level, pl), l);
    if (!fewest_blocks || block_count(best) <= block_count(reference)) break;
  }
  if (fewest_blocks && block_count(best) > block_count(reference)) consider(std::move(reference), 0);
  H.levels.resize(best_level + 1);
  H.gammas.resize(best_level);
  parts = Kokkos::View<part_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::parts"), best.size());
  auto parts_host = Kokkos::create_mirror_view(parts);
  for (std::size_t v = 0; v < best.size(); ++v) parts_host(v) = best[v];
  Kokkos::deep_copy(space, parts, parts_host);
  return block_count(best);
}

// k-way mode: the best of `initial_trials` greedy-growing partitions, each polished by FM and by
// the parallel refinement.
template <class ExecSpace>
void kway_initial(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& coarsest,
                  const PartitionParams& params, const PartitionLimits& limits,
                  const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts) {
  const node_weight_t omega = limits.max_block_weight;
  auto host_level = host_copy(coarsest);
  std::vector<part_t> best;
  score_t best_conn = 0;
  bool best_valid = false;
  auto parts_host = Kokkos::create_mirror_view(parts);
  // The trials' parallel refinement runs on the host copy: the coarsest level has about 160 k
  // nodes, where a GPU spends its time launching kernels and waiting for them (16 trials x Theta
  // repetitions). The refinement is deterministic across backends, so the partition is the same.
  const Kokkos::DefaultHostExecutionSpace host;
  Kokkos::View<part_t*, Kokkos::HostSpace> trial_parts(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::trial"),
                                                      coarsest.num_nodes);
  for (int t = 0; t < std::max(1, params.initial_trials); ++t) {
    auto trial = greedy_growing(host_level, params.k, omega, partitioning::detail::mix64(params.seed * 0x100000001B3ULL + t));
    if (params.initial_fm) fm_refine(host_level, trial, params.k, omega);
    for (vid_t v = 0; v < coarsest.num_nodes; ++v) trial_parts(v) = trial[v];
    refine(host, host_level, trial_parts, params.k, limits, params.refinement);
    for (vid_t v = 0; v < coarsest.num_nodes; ++v) trial[v] = trial_parts(v);
    std::vector<node_weight_t> w(params.k, 0);
    for (vid_t v = 0; v < coarsest.num_nodes; ++v) w[trial[v]] += host_level.node_weights(v);
    bool valid = true;
    for (auto x : w) valid = valid && x <= omega;
    const score_t conn = host_connectivity(host_level, trial);
    if (best.empty() || (valid && !best_valid) || (valid == best_valid && conn < best_conn)) {
      best = trial;
      best_conn = conn;
      best_valid = valid;
    }
  }
  for (vid_t v = 0; v < coarsest.num_nodes; ++v) parts_host(v) = best[v];
  Kokkos::deep_copy(space, parts, parts_host);
}

// k-way: sequential FM (initial/fm_refine) on a host copy of the level and its partition, after
// the parallel refinement, on levels of at most params.level_fm_nodes nodes.
template <class ExecSpace>
void level_fm(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L, const PartitionParams& params,
              const PartitionLimits& limits, const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts) {
  if (params.mode != PartitionMode::kway || L.num_nodes > params.level_fm_nodes) return;
  const auto host_level = host_copy(L);
  auto parts_host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, parts);
  std::vector<part_t> v(parts_host.data(), parts_host.data() + parts_host.extent(0));
  fm_refine(host_level, v, params.k, limits.max_block_weight);
  std::copy(v.begin(), v.end(), parts_host.data());
  Kokkos::deep_copy(space, parts, parts_host);
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

  Kokkos::Timer phase;
  progress::report("coarsening", "neighbourhoods of " + std::to_string(n) + " nodes");
  coarsen(space, H, params, limits, result);
  space.fence();
  result.coarsening_seconds = phase.seconds();

  // Initial partition at the coarsest level (constrained mode: packing may choose a finer one).
  phase.reset();
  Kokkos::View<part_t*, mem> parts;
  part_t num_parts = 0;
  progress::report("initial partitioning", std::to_string(H.levels.back().num_nodes) + " nodes");
  if (params.mode == PartitionMode::constrained) {
    num_parts = pack_initial(space, H, params, limits, parts);
  } else {
    parts = Kokkos::View<part_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::parts"),
                                       H.levels.back().num_nodes);
    num_parts = params.k;
    kway_initial(space, H.levels.back(), params, limits, parts);
  }
  space.fence();
  result.initial_seconds = phase.seconds();
  result.steps.initial += result.initial_seconds;

  // Uncoarsening with refinement at every level.
  phase.reset();
  const auto refine_ws = make_refine_workspace(space, H.levels[0], num_parts, limits);
  if (params.mode == PartitionMode::constrained)
    add_refinement(result, H.levels.back().num_nodes,
                   refine(space, H.levels.back(), parts, num_parts, limits, params.refinement, refine_ws));
  for (std::size_t l = H.levels.size() - 1; l > 0; --l) {
    Kokkos::View<part_t*, mem> fine(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::parts"),
                                    H.levels[l - 1].num_nodes);
    project(space, H.gammas[l - 1], parts, fine);
    parts = fine;
    H.levels.pop_back();
    H.gammas.pop_back();
    progress::report("refining", "level " + std::to_string(l - 1) + ", " + std::to_string(H.levels[l - 1].num_nodes) + " nodes");
    add_refinement(result, H.levels[l - 1].num_nodes,
                   refine(space, H.levels[l - 1], parts, num_parts, limits, params.refinement, refine_ws));
    level_fm(space, H.levels[l - 1], params, limits, parts);
  }
  if (params.mode == PartitionMode::constrained && n > 0) num_parts = compact_blocks(space, parts, num_parts);
  space.fence();
  result.refinement_seconds = phase.seconds();
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
  PackLimits pl;
  pl.max_block_weight = limits.max_block_weight;
  pl.max_inbound = limits.max_inbound;
  pl.check_inbound = limits.check_inbound;
  pl.max_overlap_net_size = params.coarsening.max_scored_net_size;
  const std::vector<part_t> blocks = params.algorithm == PartitionAlgorithm::one_pass ? one_pass_blocks(host_level, pl)
                                                                                     : pack_blocks(host_level, pl);
  result.parts = Kokkos::View<part_t*, mem>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::parts"),
                                            h.num_nodes);
  auto parts_host = Kokkos::create_mirror_view(result.parts);
  for (vid_t v = 0; v < h.num_nodes; ++v) {
    parts_host(v) = blocks[v];
    result.num_parts = std::max<part_t>(result.num_parts, blocks[v] + 1);
  }
  Kokkos::deep_copy(space, result.parts, parts_host);
  space.fence();
  result.initial_seconds = result.seconds = result.steps.initial = timer.seconds();
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
  resolved.fewest_blocks = params.fewest_blocks.value_or(h.directed);
  auto result = params.algorithm == PartitionAlgorithm::multilevel ? partition_once(space, h, resolved, limits, shift)
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
    steps.neighbors += r.steps.neighbors;
    steps.proposal += r.steps.proposal;
    steps.matching += r.steps.matching;
    steps.contraction += r.steps.contraction;
    steps.initial += r.steps.initial;
    steps.gains += r.steps.gains;
    steps.sequence += r.steps.sequence;
    steps.validity += r.steps.validity;
    const auto q = evaluate_partition(space, h, Kokkos::View<const part_t*, mem>(r.parts), constraints);
    // Valid first; then fewest blocks (constrained mode's first objective); then connectivity.
    const bool better = run == 0 || (q.valid && !best_quality.valid) ||
                        (q.valid == best_quality.valid &&
                         (params.mode == PartitionMode::constrained && r.num_parts != best.num_parts
                              ? r.num_parts < best.num_parts
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
