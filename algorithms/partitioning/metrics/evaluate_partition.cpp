#include "algorithms/partitioning/metrics/evaluate_partition.hpp"

#include <cmath>
#include <cstdint>

#include "algorithms/partitioning/metrics/balance.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/sort.hpp"

namespace tessera {

namespace detail {

// w * scale rounded half away from zero to an integer (no std:: calls: runs on the device).
KOKKOS_INLINE_FUNCTION std::int64_t to_fixed_point(const weight_t w, const double scale) {
  const double x = w * scale;
  return x >= 0 ? static_cast<std::int64_t>(x + 0.5) : -static_cast<std::int64_t>(-x + 0.5);
}

// The exponent s of the fixed-point unit 2^-s: the largest one with max_abs_weight * 2^s *
// num_pins < 2^61, so that sum_e |w(e)| 2^s (lambda(e) - 1) fits in int64 with room to spare.
inline int fixed_point_exponent(double max_abs_weight, std::int64_t num_pins) {
  const double bound = max_abs_weight * static_cast<double>(num_pins > 0 ? num_pins : 1);
  if (!(bound > 0)) return 0;
  int exponent = 0;
  std::frexp(bound, &exponent);  // bound < 2^exponent
  int s = 61 - exponent;
  if (s > 61) s = 61;
  return s;
}

}  // namespace detail

template <class ExecSpace>
PartitionQuality evaluate_partition(const ExecSpace& space, const Hypergraph<typename ExecSpace::memory_space>& h,
                                    const Kokkos::View<const part_t*, typename ExecSpace::memory_space>& parts,
                                    const PartitionConstraints& constraints) {
  using mem = typename ExecSpace::memory_space;
  using range = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  using team_policy = Kokkos::TeamPolicy<ExecSpace>;
  using member = typename team_policy::member_type;

  const vid_t n = h.num_nodes;
  const nid_t num_nets = h.num_nets();
  const eid_t num_pins = h.num_pins();
  TESSERA_USER_REQUIRE(static_cast<std::int64_t>(parts.extent(0)) == n,
                       "the partition has " << parts.extent(0) << " entries but the hypergraph has " << n
                                            << " nodes; give exactly one block id per node");

  // Validate ids: the first negative one, and the largest.
  std::int64_t first_negative = n;
  part_t max_id = -1;
  Kokkos::parallel_reduce(
      "tessera::partition_metrics::first_negative", range(space, 0, n),
      KOKKOS_LAMBDA(const std::int64_t i, std::int64_t& first) {
        if (parts(i) < 0 && i < first) first = i;
      },
      Kokkos::Min<std::int64_t>(first_negative));
  Kokkos::parallel_reduce(
      "tessera::partition_metrics::max_block", range(space, 0, n),
      KOKKOS_LAMBDA(const std::int64_t i, part_t& m) {
        if (parts(i) > m) m = parts(i);
      },
      Kokkos::Max<part_t>(max_id));
  if (first_negative < n) {
    part_t bad = 0;
    Kokkos::deep_copy(bad, Kokkos::subview(parts, first_negative));
    TESSERA_USER_REQUIRE(false, "node " << first_negative << " has block id " << bad
                                        << "; block ids must be >= 0");
  }
  TESSERA_USER_REQUIRE(n == 0 || max_id < n, "block id " << max_id << " is not below the number of nodes (" << n
                                                         << "); at most " << n
                                                         << " blocks can be non-empty, so number blocks 0..k-1");

  PartitionQuality q;
  q.k = n == 0 ? 0 : max_id + 1;
  const part_t k = q.k;

  // Block weights (integer atomics: exact in any order). Summed as unsigned long long, which has a
  // native 64-bit atomicAdd on CUDA (signed 64-bit adds are compare-and-swap loops, slow when
  // thousands of nodes hit a few blocks); modular sums give the same two's-complement result.
  Kokkos::View<unsigned long long*, mem> weight_sums("tessera::partition_metrics::weight_sums", k);
  const auto node_weights = h.node_weights;
  Kokkos::parallel_for(
      "tessera::partition_metrics::block_weights", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t i) {
        Kokkos::atomic_add(&weight_sums(parts(i)), static_cast<unsigned long long>(node_weights(i)));
      });
  Kokkos::View<node_weight_t*, mem> block_weights(Kokkos::view_alloc(Kokkos::WithoutInitializing,
                                                                     "tessera::partition_metrics::block_weights"),
                                                  k);
  Kokkos::parallel_for(
      "tessera::partition_metrics::block_weights_cast", range(space, 0, k),
      KOKKOS_LAMBDA(const std::int64_t b) { block_weights(b) = static_cast<node_weight_t>(weight_sums(b)); });

  // Tag each pin with (block << 1) | is_destination and sort every net's tags, so that equal
  // blocks are adjacent and a destination tag ends its block's run.
  const auto net_offsets = h.net_offsets;
  const auto pins = h.pins;
  const auto net_num_sources = h.net_num_sources;
  const auto net_weights = h.net_weights;
  Kokkos::View<std::int64_t*, mem> tags(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::partition_metrics::tags"),
                                        num_pins);
  Kokkos::View<part_t*, mem> lambda("tessera::partition_metrics::lambda", num_nets);
  Kokkos::View<unsigned long long*, mem> inbound("tessera::partition_metrics::inbound", k);  // see weight_sums
  if (num_nets > 0) {
    Kokkos::parallel_for(
        "tessera::partition_metrics::tag_pins", team_policy(space, num_nets, Kokkos::AUTO),
        KOKKOS_LAMBDA(const member& team) {
          const nid_t e = static_cast<nid_t>(team.league_rank());
          const eid_t begin = net_offsets(e);
          const eid_t first_destination = begin + net_num_sources(e);
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, begin, net_offsets(e + 1)), [&](const eid_t j) {
            tags(j) = (static_cast<std::int64_t>(parts(pins(j))) << 1) | (j >= first_destination ? 1 : 0);
          });
        });
    detail::sort_rows(space, net_offsets, tags);

    // One team per net: lambda(e) = number of runs; the net is inbound to a run's block when the
    // run's last (largest) tag is a destination tag.
    Kokkos::parallel_for(
        "tessera::partition_metrics::net_blocks", team_policy(space, num_nets, Kokkos::AUTO),
        KOKKOS_LAMBDA(const member& team) {
          const nid_t e = static_cast<nid_t>(team.league_rank());
          const eid_t begin = net_offsets(e), end = net_offsets(e + 1);
          part_t runs = 0;
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, begin, end),
              [&](const eid_t j, part_t& count) {
                const std::int64_t block = tags(j) >> 1;
                if (j == begin || (tags(j - 1) >> 1) != block) ++count;
                const bool last = j + 1 == end || (tags(j + 1) >> 1) != block;
                if (last && (tags(j) & 1)) Kokkos::atomic_add(&inbound(block), 1ULL);
              },
              runs);
          Kokkos::single(Kokkos::PerTeam(team), [&]() { lambda(e) = runs; });
        });
  }

  // Net-weight sums in fixed point (see the header for why this is deterministic).
  double max_abs_weight = 0;
  Kokkos::parallel_reduce(
      "tessera::partition_metrics::max_net_weight", range(space, 0, num_nets),
      KOKKOS_LAMBDA(const std::int64_t e, double& m) {
        const double w = net_weights(e) < 0 ? -net_weights(e) : net_weights(e);
        if (w > m) m = w;
      },
      Kokkos::Max<double>(max_abs_weight));
  const int exponent = detail::fixed_point_exponent(max_abs_weight, num_pins);
  const double scale = std::ldexp(1.0, exponent);
  std::int64_t km1_fixed = 0, cut_fixed = 0, cut_count = 0;
  Kokkos::parallel_reduce(
      "tessera::partition_metrics::connectivity", range(space, 0, num_nets),
      KOKKOS_LAMBDA(const std::int64_t e, std::int64_t& sum) {
        if (lambda(e) > 1) sum += detail::to_fixed_point(net_weights(e), scale) * (lambda(e) - 1);
      },
      Kokkos::Sum<std::int64_t>(km1_fixed));
  Kokkos::parallel_reduce(
      "tessera::partition_metrics::cut_net", range(space, 0, num_nets),
      KOKKOS_LAMBDA(const std::int64_t e, std::int64_t& sum) {
        if (lambda(e) > 1) sum += detail::to_fixed_point(net_weights(e), scale);
      },
      Kokkos::Sum<std::int64_t>(cut_fixed));
  Kokkos::parallel_reduce(
      "tessera::partition_metrics::cut_count", range(space, 0, num_nets),
      KOKKOS_LAMBDA(const std::int64_t e, std::int64_t& count) {
        if (lambda(e) > 1) ++count;
      },
      Kokkos::Sum<std::int64_t>(cut_count));

  q.connectivity = std::ldexp(static_cast<double>(km1_fixed), -exponent);
  q.cut_net = std::ldexp(static_cast<double>(cut_fixed), -exponent);
  q.num_cut_nets = static_cast<nid_t>(cut_count);

  // Per-block results on the host.
  auto weights_host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, block_weights);
  auto inbound_host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, inbound);
  q.block_weights.assign(weights_host.data(), weights_host.data() + k);
  q.block_inbound_nets.assign(inbound_host.data(), inbound_host.data() + k);
  for (part_t p = 0; p < k; ++p) {
    q.total_weight += q.block_weights[p];
    if (q.block_weights[p] > q.max_block_weight) q.max_block_weight = q.block_weights[p];
    if (q.block_inbound_nets[p] > q.max_inbound_nets) q.max_inbound_nets = q.block_inbound_nets[p];
  }
  q.imbalance = kahypar_imbalance(q.block_weights, k);
  check_constraints(q, constraints);
  return q;
}

#define TESSERA_INST(Space)                                                                              \
  template PartitionQuality evaluate_partition<Space>(const Space&, const Hypergraph<Space::memory_space>&, \
                                                      const Kokkos::View<const part_t*, Space::memory_space>&, \
                                                      const PartitionConstraints&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera
