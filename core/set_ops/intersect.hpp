#pragma once
// Intersections of sorted id lists, written for cooperative execution: a list pair is split
// among `lanes` workers (the vector lanes of a team thread, or the threads of a team) and each
// call computes one lane's share, so one routine serves every team/vector mapping.
//
// `on_match(x)` is called for every common element (per-vertex counting); pass NoMatchHook{}
// when only the count matters, and the compiler removes it.
#include <Kokkos_Core.hpp>

#include "core/types.hpp"

namespace tessera::set_ops {

struct NoMatchHook {
  KOKKOS_INLINE_FUNCTION void operator()(vid_t) const {}
};

// First position in a[0, n) whose value is >= x (n when none).
KOKKOS_INLINE_FUNCTION eid_t lower_bound(const vid_t* a, eid_t n, vid_t x) {
  eid_t lo = 0, hi = n;
  while (lo < hi) {
    const eid_t mid = lo + (hi - lo) / 2;
    if (a[mid] < x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

KOKKOS_INLINE_FUNCTION bool contains(const vid_t* a, eid_t n, vid_t x) {
  const eid_t p = lower_bound(a, n, x);
  return p < n && a[p] == x;
}

// Swaps the lists so that (a, na) is the shorter one.
KOKKOS_INLINE_FUNCTION void shorter_first(const vid_t*& a, eid_t& na, const vid_t*& b, eid_t& nb) {
  if (na <= nb) return;
  const vid_t* t = a;
  a = b;
  b = t;
  const eid_t tn = na;
  na = nb;
  nb = tn;
}

// Binary-search strategy: the lane takes every lanes-th element of the shorter list (coalesced
// across lanes) and looks it up in the longer one. Cost per lane: (short / lanes) log(long).
template <class OnMatch>
KOKKOS_INLINE_FUNCTION count_t intersect_binary(int lane, int lanes, const vid_t* a, eid_t na, const vid_t* b,
                                                eid_t nb, const OnMatch& on_match) {
  shorter_first(a, na, b, nb);
  count_t found = 0;
  for (eid_t i = lane; i < na; i += lanes)
    if (contains(b, nb, a[i])) {
      ++found;
      on_match(a[i]);
    }
  return found;
}

// Merge strategy: the lane takes a contiguous chunk of the shorter list, finds where it starts
// in the longer one, then walks both. Cost per lane: short / lanes + the part of long it spans.
template <class OnMatch>
KOKKOS_INLINE_FUNCTION count_t intersect_merge(int lane, int lanes, const vid_t* a, eid_t na, const vid_t* b,
                                               eid_t nb, const OnMatch& on_match) {
  shorter_first(a, na, b, nb);
  const eid_t chunk = (na + lanes - 1) / lanes;
  const eid_t begin = static_cast<eid_t>(lane) * chunk;
  const eid_t end = begin + chunk < na ? begin + chunk : na;
  if (begin >= end) return 0;
  count_t found = 0;
  eid_t j = lower_bound(b, nb, a[begin]);
  for (eid_t i = begin; i < end && j < nb; ++i) {
    while (j < nb && b[j] < a[i]) ++j;
    if (j < nb && b[j] == a[i]) {
      ++found;
      on_match(a[i]);
      ++j;
    }
  }
  return found;
}

// Binary search costs short * log2(long) probes; merging costs short + long sequential reads.
// `probe_cost` weighs a probe against a sequential read: on CPUs each probe is a likely cache
// miss while a merge streams (measured: merge wins there unless the lists are very skewed).
KOKKOS_INLINE_FUNCTION bool prefer_binary_search(eid_t na, eid_t nb, int probe_cost = 1) {
  const eid_t s = na < nb ? na : nb;
  const eid_t l = na < nb ? nb : na;
  int log_l = 1;
  while ((eid_t(1) << log_l) < l && log_l < 62) ++log_l;
  return s * log_l * probe_cost < s + l;
}

}  // namespace tessera::set_ops
