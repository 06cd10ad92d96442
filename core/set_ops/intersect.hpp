#pragma once
// Intersections of sorted id lists, written for cooperative execution: a list pair is split
// among `lanes` workers (the vector lanes of a team thread, or the threads of a team) and each
// call computes one lane's share, so one routine serves every team/vector mapping.
//
// `on_match(x)` is called for every common element (per-vertex counting); pass NoMatchHook{}
// when only the count matters, and the compiler removes it.
//
// Positions and lengths have the type of the lengths passed in (`Index`, deduced): eid_t for
// lists of any size, or a 32-bit type where the caller knows both lists are shorter than 2^31
// (every row of a CsrGraph: sorted, no duplicates, ids below max_vertices). On GPUs each 64-bit
// index operation is two instructions (a carry pair, LEA + LEA.HI.X per address) and takes two
// registers, so the 32-bit loops are about half the SASS of the 64-bit ones (issue 28).
#include <Kokkos_Core.hpp>

#include <type_traits>

#include "core/kokkos_ext/bits.hpp"
#include "core/types.hpp"

namespace tessera::set_ops {

struct NoMatchHook {
  KOKKOS_INLINE_FUNCTION void operator()(vid_t) const {}
};

// First position in a[0, n) whose value is >= x (n when none).
template <class Index>
KOKKOS_INLINE_FUNCTION Index lower_bound(const vid_t* a, Index n, vid_t x) {
  Index lo = 0, hi = n;
  while (lo < hi) {
    const Index mid = lo + (hi - lo) / 2;
    if (a[mid] < x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

template <class Index>
KOKKOS_INLINE_FUNCTION bool contains(const vid_t* a, Index n, vid_t x) {
  const Index p = lower_bound(a, n, x);
  return p < n && a[p] == x;
}

// Swaps the lists so that (a, na) is the shorter one.
template <class Index>
KOKKOS_INLINE_FUNCTION void shorter_first(const vid_t*& a, Index& na, const vid_t*& b, Index& nb) {
  if (na <= nb) return;
  const vid_t* t = a;
  a = b;
  b = t;
  const Index tn = na;
  na = nb;
  nb = tn;
}

// Binary-search strategy: the lane takes every lanes-th element of the shorter list (coalesced
// across lanes) and looks it up in the longer one. Cost per lane: (short / lanes) log(long).
template <class Index, class OnMatch>
KOKKOS_INLINE_FUNCTION count_t intersect_binary(int lane, int lanes, const vid_t* a, Index na, const vid_t* b,
                                                Index nb, const OnMatch& on_match) {
  shorter_first(a, na, b, nb);
  Index found = 0;  // at most na: an Index, so a 32-bit caller keeps a 32-bit counter
  for (Index i = lane; i < na; i += lanes)
    if (contains(b, nb, a[i])) {
      ++found;
      on_match(a[i]);
    }
  return static_cast<count_t>(found);
}

// Merge strategy: the lane takes a contiguous chunk of the shorter list, finds where it starts
// in the longer one, then walks both. Cost per lane: short / lanes + the part of long it spans.
// PowerOfTwoLanes: the caller promises a power of two, and the chunk is a shift where the
// division is some twenty instructions on GPUs (the TC kernels). Not the default: in the mining
// engine's register-capped kernels the shift's extra live values added spills (ptxas, sm_90)
// and its motif counts ran 1.13-1.24x as long.
template <bool PowerOfTwoLanes = false, class Index, class OnMatch>
KOKKOS_INLINE_FUNCTION count_t intersect_merge(int lane, int lanes, const vid_t* a, Index na, const vid_t* b,
                                               Index nb, const OnMatch& on_match) {
  shorter_first(a, na, b, nb);
  Index chunk = 0;
  if constexpr (PowerOfTwoLanes)
    chunk = (na + lanes - 1) >> (tessera::detail::bit_width(static_cast<unsigned>(lanes)) - 1);
  else
    chunk = (na + lanes - 1) / lanes;
  const Index begin = static_cast<Index>(lane) * chunk;
  const Index end = begin + chunk < na ? begin + chunk : na;
  if (begin >= end) return 0;
  Index found = 0;
  Index j = lower_bound(b, nb, a[begin]);
  for (Index i = begin; i < end && j < nb; ++i) {
    while (j < nb && b[j] < a[i]) ++j;
    if (j < nb && b[j] == a[i]) {
      ++found;
      on_match(a[i]);
      ++j;
    }
  }
  return static_cast<count_t>(found);
}

// Binary search costs short * log2(long) probes; merging costs short + long sequential reads.
// `probe_cost` weighs a probe against a sequential read: on CPUs each probe is a likely cache
// miss while a merge streams (measured: merge wins there unless the lists are very skewed).
// log_l is the smallest exponent >= 1 with 2^log_l >= l (at most 62, or 31 for 32-bit lengths,
// which is exact there since l < 2^31), from one count-leading-zeros (a loop over the exponents
// was 6 instructions per step on GPUs, 5% of the TC kernel's); the products are taken in 64 bits.
template <class Index>
KOKKOS_INLINE_FUNCTION bool prefer_binary_search(Index na, Index nb, int probe_cost = 1) {
  using unsigned_index = std::make_unsigned_t<Index>;
  const Index s = na < nb ? na : nb;
  const Index l = na < nb ? nb : na;
  constexpr int max_log = sizeof(Index) < sizeof(eid_t) ? 31 : 62;
  const int width = l <= 2 ? 1 : tessera::detail::bit_width(static_cast<unsigned_index>(l - 1));
  const int log_l = width < max_log ? width : max_log;
  return static_cast<eid_t>(s) * log_l * probe_cost < static_cast<eid_t>(s) + static_cast<eid_t>(l);
}

}  // namespace tessera::set_ops
