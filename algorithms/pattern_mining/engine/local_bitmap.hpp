#pragma once
// Local graph search with bitmap sets (G2Miner, paper 2 §5 "local graph search", §6 bitmap
// vertex sets; Table 2 E and F), the device side. For plans whose levels from 2 on all lie in
// the common neighbourhood W = N(m0) ∩ N(m1) of the task's edge (cliques; any plan where every
// level from 2 intersects levels 0 and 1 and subtracts nothing), a worker renumbers W by
// position (W is sorted, so positions keep the id order the bounds compare) and builds the
// local adjacency once per task:
//   row(j) = bitmap over positions of W ∩ N(W[j])        (|W| rows of ⌈|W| / 32⌉ words)
// Every deeper level's candidate set is then an AND of rows, cut to a position range by its
// bounds, minus explicit inequalities, word by word across the worker's lanes, and the last
// level is a popcount. Only tasks with k_min_local_size <= |W| <= the local limit take this
// path (chosen per task at run time); the rest keep the sorted-list path.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/set_ops/intersect.hpp"
#include "core/types.hpp"

namespace tessera::mining::detail {

using word_t = std::uint32_t;
inline constexpr int k_word_bits = 32;
// Below this many vertices a sorted-list intersection is as cheap as building rows.
inline constexpr eid_t k_min_local_size = 64;

KOKKOS_INLINE_FUNCTION eid_t words_for(eid_t bits) { return (bits + k_word_bits - 1) / k_word_bits; }

// Portable population count (no backend intrinsics outside core/kokkos_ext; compilers
// recognise the pattern).
KOKKOS_INLINE_FUNCTION int popcount(word_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return static_cast<int>((x * 0x01010101u) >> 24);
}

// Bits of word k that lie in the position range [lo, hi).
KOKKOS_INLINE_FUNCTION word_t range_mask(eid_t k, eid_t lo, eid_t hi) {
  const eid_t first = k * k_word_bits;
  const eid_t a = lo > first ? lo - first : 0;
  const eid_t b = hi < first + k_word_bits ? (hi > first ? hi - first : 0) : k_word_bits;
  if (a >= b) return 0;
  const word_t upto_b = b >= k_word_bits ? ~word_t(0) : ((word_t(1) << b) - 1);
  const word_t from_a = ~((word_t(1) << a) - 1);
  return upto_b & from_a;
}

// The first set bit at position >= from among `bits` positions (bits when none).
KOKKOS_INLINE_FUNCTION eid_t next_set_bit(const word_t* words, eid_t bits, eid_t from) {
  if (from >= bits) return bits;
  eid_t k = from / k_word_bits;
  word_t w = words[k] & ~((word_t(1) << (from % k_word_bits)) - 1);
  const eid_t nw = words_for(bits);
  while (w == 0) {
    if (++k >= nw) return bits;
    w = words[k];
  }
  eid_t bit = 0;
  while (!((w >> bit) & 1u)) ++bit;
  const eid_t p = k * k_word_bits + bit;
  return p < bits ? p : bits;
}

// The first position >= from in the sorted a[0, n) whose value is >= x, by doubling steps
// from `from` and a binary search in the last step: O(log gap) instead of O(log n).
// Every value before `from` must be below x.
KOKKOS_INLINE_FUNCTION eid_t gallop(const vid_t* a, eid_t n, eid_t from, vid_t x) {
  if (from >= n) return n;
  eid_t step = 1, lo = from;
  while (lo + step < n && a[lo + step] < x) {
    lo += step;
    step *= 2;
  }
  if (a[lo] >= x) return lo;  // only when the loop did not move: a[from] >= x
  const eid_t hi = lo + step < n ? lo + step : n;  // a[lo] < x <= a[hi] (or hi == n)
  return lo + 1 + set_ops::lower_bound(a + lo + 1, hi - lo - 1, x);
}

// Builds row(j) for every position j of the sorted set W (w vertices): bit i of row j is set
// when W[i] is in the sorted list `list_of(W[j])`. The (row, word) pairs are shared among the
// lanes; each word finds its 32 vertices of W in the list by galloping from the previous one.
template <class Member, class ListOf>
KOKKOS_INLINE_FUNCTION void build_local_rows(const Member& team, const vid_t* W, eid_t w, const ListOf& list_of,
                                             word_t* rows) {
  const eid_t nw = words_for(w);
  Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, w * nw), [&](const eid_t t) {
    const eid_t j = t / nw, k = t % nw;
    const auto list = list_of(W[j]);
    const eid_t first = k * k_word_bits;
    const eid_t stop = first + k_word_bits < w ? first + k_word_bits : w;
    word_t bits = 0;
    eid_t p = set_ops::lower_bound(list.data, list.size, W[first]);
    for (eid_t i = first; i < stop && p < list.size; ++i) {
      p = gallop(list.data, list.size, p, W[i]);
      if (p < list.size && list.data[p] == W[i]) bits |= word_t(1) << (i - first);
    }
    rows[t] = bits;
  });
}

}  // namespace tessera::mining::detail
