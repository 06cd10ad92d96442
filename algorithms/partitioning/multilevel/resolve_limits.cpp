// The run's limits from its parameters and the input's statistics (multilevel/resolve_limits.hpp).
#include "algorithms/partitioning/multilevel/resolve_limits.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cmath>

#include "algorithms/partitioning/coarsening/propose_pairs.hpp"
#include "algorithms/partitioning/metrics/balance.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/launch.hpp"

namespace tessera::partitioning {

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
      KOKKOS_LAMBDA(const std::int64_t v, nid_t& t) { if (vin(v) > t) t = vin(v); }, Kokkos::Max<nid_t>(s.max_node_inbound));
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
      // The hint: Table I partitions its larger networks (mobilenet, vgg11, 64k-rand, 256k-rand,
      // 1M, allen-v1) under Omega = 2^12, Delta = 2^16, i.e. Loihi-84's limits.
      TESSERA_USER_REQUIRE(in.max_node_inbound <= delta,
                           "impossible instance: a node has "
                               << in.max_node_inbound << " inbound nets, more than the limit Delta = " << delta
                               << " (no block can hold it; the paper's Table I runs such networks under Omega = "
                                  "4096, Delta = 65536: --preset Loihi-84)");
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

#define TESSERA_INST(Space) \
  template InputStats input_stats<Space>(const Space&, const Hypergraph<Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::partitioning
