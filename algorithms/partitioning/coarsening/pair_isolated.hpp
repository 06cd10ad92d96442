#pragma once
// Best-effort pairing of nodes left without neighbours (paper 3, §V-C, last paragraph): such
// nodes are sorted by (weight, id) and consecutive ones are paired when the pair fits, with the
// inbound union over-estimated by the sum |in(a)| + |in(b)|. Pairing nodes that share no net costs
// no connectivity and brings the node count towards ceil(W / Omega). The paper lets each node
// binary-search its slack and claim atomically; pairing neighbours in sorted order is the
// deterministic, atomic-free simplification.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/coarsening/neighbors.hpp"
#include "algorithms/partitioning/multilevel/level.hpp"
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
}  // namespace detail

// Returns the number of new pairs written into `mate`.
template <class ExecSpace>
vid_t pair_isolated(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                    const Neighbors<typename ExecSpace::memory_space>& nbr,
                    const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& mate, node_weight_t omega,
                    std::int64_t delta) {
  using mem = typename ExecSpace::memory_space;
  using range = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  const vid_t n = L.num_nodes;
  auto noff = nbr.offsets;
  auto vw = L.node_weights;
  auto nin = L.node_num_inbound;
  Kokkos::View<vid_t*, mem> pos(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::iso_pos"), n);
  const vid_t count = tessera::detail::chunked_scan<ExecSpace, vid_t>(
      "tessera::part::iso_scan", space, n, KOKKOS_LAMBDA(const std::int64_t v, vid_t& sum, const bool final) {
        if (mate(v) == invalid_vid && noff(v + 1) == noff(v)) {
          if (final) pos(v) = sum;
          ++sum;
        }
      });
  if (count < 2) return 0;
  using item = Kokkos::pair<node_weight_t, vid_t>;
  Kokkos::View<item*, mem> items(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::iso_items"), count);
  Kokkos::parallel_for(
      "tessera::part::iso_fill", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        if (mate(v) == invalid_vid && noff(v + 1) == noff(v)) items(pos(v)) = item(vw(v), static_cast<vid_t>(v));
      });
  tessera::detail::sort_with(space, items, detail::WeightIdLess{});
  vid_t pairs = 0;
  Kokkos::parallel_reduce(
      "tessera::part::iso_pair", range(space, 0, count / 2),
      KOKKOS_LAMBDA(const std::int64_t i, vid_t& c) {
        const vid_t a = items(2 * i).second, b = items(2 * i + 1).second;
        if (vw(a) + vw(b) <= omega && std::int64_t(nin(a)) + nin(b) <= delta) {
          mate(a) = b;
          mate(b) = a;
          ++c;
        }
      },
      pairs);
  return pairs;
}

}  // namespace tessera::partitioning
