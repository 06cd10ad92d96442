#pragma once
// Which pins of a net a pin is paired with, in the neighbour rows and the proposal scores (paper 3,
// §V-B/C), and the pair window that bounds them on networks with huge neighbourhoods (issue 23).
//
// Every pin of a net of at most max_net_size pins pairs with every other pin: a level costs
// P = sum_e |e| (|e| - 1) pair visits in its neighbour rows and again in its proposals. On most
// inputs that is fine (256k-model: 17 G), but rewired SNNs have thousands of distinct neighbours
// per node (64k-rand: 101 G visits, 76 k distinct neighbours a node; AxonCUDA runs out of memory
// on it). With a window W, a pin of a net of more than W + 1 pins pairs only with the W pins
// nearest to it in the net's pin order, W / 2 on each side, cyclically (sources and destinations
// each ascend, common/level.hpp). The relation stays symmetric (cyclic distance), every net still
// links its pins in one ring of overlapping windows, a pair seen scores what it scores without the
// window (w(e) / |e|), and ids close in a net are close in the network (SNN ids follow layers and
// positions), so the pairs kept are the likeliest to share other nets too.
//
// Auto (the default) leaves a level alone while P <= k_pair_budget and otherwise takes the largest
// power of two W that brings it within; P only shrinks level to level (except when a net shrinks
// to a scored size), so the window applies to the first levels only. The budget is above every
// Table I network but the three rewired ones (allen-v1 24 G, 256k-model 17 G; 1M 49 G, 64k-rand
// 101 G, 256k-rand 92 G: measurements/partition-memory-20261202). It depends on the level alone,
// never on the memory, so a partition is the same on every machine.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/coarsening/coarsening_params.hpp"
#include "algorithms/partitioning/common/level.hpp"
#include "core/kokkos_ext/launch.hpp"

namespace tessera::partitioning {

// The pins a pin pairs with on one level.
struct ScoredPairs {
  eid_t max_net_size = 1000;  // larger nets pair nothing
  eid_t window = 0;           // 0: every pin of a scored net; else W (even)
};

// Pins paired with each pin of a net of `size` pins, itself included (the rows' oversized count).
KOKKOS_INLINE_FUNCTION eid_t paired_span_size(eid_t size, eid_t window) {
  return window > 0 && size > window + 1 ? window + 1 : size;
}

// The pins of one net that a pin pairs with: positions start, start + 1, ... (count of them,
// cyclically) among the net's pins [first, first + size), the pin itself included.
struct PinSpan {
  eid_t first, size, start, count;
  KOKKOS_INLINE_FUNCTION eid_t operator()(eid_t t) const {
    const eid_t q = start + t;
    return first + (q < size ? q : q - size);
  }
};

// The span of pin v in the net of pins [pb, pe) whose destinations start at dst_begin (v is one
// of them when v_is_destination): the whole net, or v's window found by binary search in v's part.
template <class Pins>
KOKKOS_INLINE_FUNCTION PinSpan paired_pins(const Pins& pins, eid_t pb, eid_t pe, eid_t dst_begin, vid_t v,
                                           bool v_is_destination, eid_t window) {
  const eid_t size = pe - pb;
  if (paired_span_size(size, window) == size) return {pb, size, 0, size};
  eid_t lo = v_is_destination ? dst_begin : pb, hi = v_is_destination ? pe : dst_begin;
  while (lo < hi) {
    const eid_t mid = lo + (hi - lo) / 2;
    if (pins(mid) < v) lo = mid + 1; else hi = mid;
  }
  const eid_t half = window / 2;
  return {pb, size, (lo - pb + size - half) % size, window + 1};
}

// sum over nets of 2..max_net_size pins of |e| (paired_span_size(|e|, window) - 1): the pair
// visits of level L under `window`.
template <class ExecSpace>
eid_t pair_visits(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L, eid_t max_net_size,
                  eid_t window) {
  auto off = L.net_offsets;
  eid_t visits = 0;
  Kokkos::parallel_reduce(
      "tessera::part::pair_visits", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, L.num_nets),
      KOKKOS_LAMBDA(const std::int64_t e, eid_t& sum) {
        const eid_t size = off(e + 1) - off(e);
        if (size >= 2 && size <= max_net_size) sum += size * (paired_span_size(size, window) - 1);
      },
      visits);
  return visits;
}

// The window of level L: `requested` as given (0 none, W > 0), or under k_pair_window_auto none
// while the level's pair visits fit `budget`, else the largest power of two that fits (at least 2).
template <class ExecSpace>
eid_t level_pair_window(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L, eid_t max_net_size,
                        eid_t requested, eid_t budget) {
  if (requested != k_pair_window_auto) return requested;
  if (pair_visits(space, L, max_net_size, 0) <= budget) return 0;
  eid_t window = 2;
  while (window < max_net_size && pair_visits(space, L, max_net_size, 2 * window) <= budget) window *= 2;
  return window;
}

}  // namespace tessera::partitioning
