#pragma once
// Best-effort pairing of nodes left without neighbours (paper 3, §V-C, last paragraph): such
// nodes are sorted by (weight, id) and consecutive ones are paired when the pair fits. The paper
// over-estimates the inbound union by the sum |in(a)| + |in(b)|; when that sum exceeds Delta we
// count the exact union by merging the two sorted inbound lists. Without it, nodes that share
// their whole inbound set through nets too large to be scored (a dense layer: every neuron reads
// the same thousands of nets) are never paired, and constrained coarsening stalls with one block
// per such node (issue 14: AlexNet gave 1,925 blocks). Pairing nodes that share no scored net
// costs no connectivity and brings the node count towards ceil(W / Omega). The paper lets each
// node binary-search its slack and claim atomically; pairing neighbours in sorted order is the
// deterministic, atomic-free simplification.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/coarsening/neighbors.hpp"
#include "algorithms/partitioning/common/level.hpp"
#include "algorithms/partitioning/common/partition_limits.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/sort_with.hpp"

namespace tessera::partitioning {

namespace detail {
struct WeightIdLess {
  KOKKOS_INLINE_FUNCTION bool operator()(const Kokkos::pair<node_weight_t, vid_t>& a,
                                         const Kokkos::pair<node_weight_t, vid_t>& b) const {
    return a.first < b.first || (a.first == b.first && a.second < b.second);
  }
};

// |A U B| of two sorted, duplicate-free id lists, stopping early once it exceeds `limit`.
template <class Ids>
KOKKOS_INLINE_FUNCTION std::int64_t sorted_union_size(const Ids& ids, eid_t a, eid_t a_end, eid_t b, eid_t b_end,
                                                      std::int64_t limit) {
  std::int64_t size = 0;
  while ((a < a_end || b < b_end) && size <= limit) {
    if (b == b_end || (a < a_end && ids(a) < ids(b))) ++a;
    else if (a == a_end || ids(b) < ids(a)) ++b;
    else {
      ++a;
      ++b;
    }
    ++size;
  }
  return size;
}

// Whether the cluster {a, b} stays within Omega and Delta; the inbound union is the sum when
// that already fits, else counted exactly (incidence lists hold in(n) first, sorted by net id).
template <class LevelT>
KOKKOS_INLINE_FUNCTION bool isolated_pair_fits(const LevelT& L, vid_t a, vid_t b, node_weight_t omega,
                                               std::int64_t delta) {
  if (L.node_weights(a) + L.node_weights(b) > omega) return false;
  const std::int64_t in_a = L.node_num_inbound(a), in_b = L.node_num_inbound(b);
  if (in_a + in_b <= delta) return true;
  const eid_t ra = L.node_offsets(a), rb = L.node_offsets(b);
  return sorted_union_size(L.incident_nets, ra, ra + in_a, rb, rb + in_b, delta) <= delta;
}
}  // namespace detail

// Adds the number of new pairs written into `mate` to the device counter `pairs` (read by the
// caller together with the matching's pairs: one read-back).
template <class ExecSpace>
void pair_isolated(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                   const Neighbors<typename ExecSpace::memory_space>& nbr,
                   const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& mate, const PartitionLimits& limits,
                   const Kokkos::View<vid_t, typename ExecSpace::memory_space>& pairs) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const vid_t n = L.num_nodes;
  auto noff = nbr.offsets;
  auto vw = L.node_weights;
  const Level<mem> level = L;
  const node_weight_t omega = limits.max_cluster_weight;
  const std::int64_t delta = limits.max_inbound;
  Kokkos::View<vid_t*, mem> pos(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::iso_pos"), n);
  const vid_t count = tessera::detail::chunked_scan<ExecSpace, vid_t>(
      "tessera::part::iso_scan", space, n, KOKKOS_LAMBDA(const std::int64_t v, vid_t& sum, const bool final) {
        if (mate(v) == invalid_vid && noff(v + 1) == noff(v)) {
          if (final) pos(v) = sum;
          ++sum;
        }
      });
  if (count < 2) return;
  using item = Kokkos::pair<node_weight_t, vid_t>;
  Kokkos::View<item*, mem> items(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::iso_items"), count);
  Kokkos::parallel_for(
      "tessera::part::iso_fill", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        if (mate(v) == invalid_vid && noff(v + 1) == noff(v)) items(pos(v)) = item(vw(v), static_cast<vid_t>(v));
      });
  tessera::detail::sort_with(space, items, detail::WeightIdLess{});
  Kokkos::parallel_for(
      "tessera::part::iso_pair", range(space, 0, count / 2), KOKKOS_LAMBDA(const std::int64_t i) {
        const vid_t a = items(2 * i).second, b = items(2 * i + 1).second;
        if (detail::isolated_pair_fits(level, a, b, omega, delta)) {
          mate(a) = b;
          mate(b) = a;
          Kokkos::atomic_add(&pairs(), vid_t(1));
        }
      });
}

}  // namespace tessera::partitioning
