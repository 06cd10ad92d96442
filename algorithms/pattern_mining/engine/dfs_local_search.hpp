#pragma once
// The DFS kernel's local search (dfs_kernel.hpp lists the layers; engine/local_bitmap.hpp):
// the sub-tree of an edge task inside W, the raw set of level 2, as bitmap rows.
#include <Kokkos_Core.hpp>

#include "algorithms/pattern_mining/engine/dfs_set_ops.hpp"

namespace tessera::mining::detail {

template <class ExecSpace, int Levels, bool Compiled = false>
struct DfsLocalSearch : DfsSetOps<ExecSpace, Levels, Compiled> {
  using Base = DfsSetOps<ExecSpace, Levels, Compiled>;
  using Base::Base;
  using typename Base::member;
  using typename Base::VectorLane;
  using typename Base::Span;
  using Base::plan, Base::local_words, Base::local_stride, Base::worker, Base::vector_barrier,
      Base::plan_level, Base::last_level,
      Base::lane_count, Base::settle, Base::lookup, Base::bound;

  // Local search, level i >= 3: the position range [lo, hi) its bounds allow.
  KOKKOS_INLINE_FUNCTION void local_range(int i, const vid_t* m, const eid_t* loc, Span W, eid_t& lo, eid_t& hi) const {
    const EngineLevel& level = plan_level(i);
    lo = 0;
    hi = W.size;
    std::uint8_t up = level.upper, down = level.lower;
    for (int l = 0; up != 0; ++l, up >>= 1)
      if (up & 1u) {
        const eid_t p = l >= 2 ? loc[l] : set_ops::lower_bound(W.data, W.size, m[l]);
        if (p < hi) hi = p;
      }
    for (int l = 0; down != 0; ++l, down >>= 1)
      if (down & 1u) {
        const eid_t p = l >= 2 ? loc[l] + 1 : set_ops::lower_bound(W.data, W.size, m[l] + 1);
        if (p > lo) lo = p;
      }
  }

  // Word k of level i's candidates: the AND of the rows of its back-edge levels >= 2, cut to
  // [lo, hi), minus explicit inequalities (m0, m1 are never in W).
  KOKKOS_INLINE_FUNCTION word_t local_word(int i, const eid_t* loc, const word_t* rows, eid_t nw, eid_t k, eid_t lo,
                                           eid_t hi) const {
    const EngineLevel& level = plan_level(i);
    word_t v = range_mask(k, lo, hi);
    for (int l = 2; l < i; ++l) {
      if ((level.local_rows >> l) & 1u) v &= rows[loc[l] * nw + k];
      if (((level.distinct >> l) & 1u) && loc[l] / k_word_bits == k) v &= ~(word_t(1) << (loc[l] % k_word_bits));
    }
    return v;
  }

  // Level i's candidate bitmap into `out`, the words shared among the lanes.
  KOKKOS_INLINE_FUNCTION void local_level(const member& team, int i, const vid_t* m, const eid_t* loc, Span W,
                                          const word_t* rows, word_t* out) const {
    const eid_t nw = words_for(W.size);
    eid_t lo, hi;
    local_range(i, m, loc, W, lo, hi);
    vector_barrier(team);  // no lane still counts below the level's previous bitmap (local_last_pair)
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, nw),
                         [&](const eid_t k) { out[k] = local_word(i, loc, rows, nw, k, lo, hi); });
  }

  // The last two levels i, i + 1 at once: the positions of level i's bitmap `cur` go one per
  // lane, and each lane counts level i + 1 below its position word by word alone (one lane
  // per candidate beats a lane-shared popcount of a few words per candidate). This lane's share.
  KOKKOS_INLINE_FUNCTION count_t local_last_pair(const member& team, const VectorLane& v, int i, const vid_t* m,
                                                 const eid_t* loc, Span W, const word_t* rows, const word_t* cur) const {
    const eid_t w = W.size, nw = words_for(w);
    return settle(team, v, lane_count(v, w, [&](const eid_t p) -> count_t {
                    if (!((cur[p / k_word_bits] >> (p % k_word_bits)) & 1u)) return 0;
                    eid_t mine[k_engine_max_levels];
                    for (int l = 2; l < i; ++l) mine[l] = loc[l];
                    mine[i] = p;
                    eid_t lo, hi;
                    local_range(i + 1, m, mine, W, lo, hi);
                    count_t f = 0;
                    for (eid_t k = lo / k_word_bits; lo < hi && k <= (hi - 1) / k_word_bits; ++k)
                      f += static_cast<count_t>(popcount(local_word(i + 1, mine, rows, nw, k, lo, hi)));
                    return f;
                  }));
  }

  // The sub-tree of one edge task from level 2 on, inside W = raw set of level 2 (sorted,
  // unbounded): W's bitmap rows once, then the levels as bitmaps of positions, the last two
  // together (local_last_pair). Levels >= 2 are positions in W (loc), never read from m. This
  // lane's share.
  KOKKOS_INLINE_FUNCTION count_t walk_local(const member& team, const VectorLane& v, const vid_t* m, Span W, eid_t part,
                                            eid_t parts) const {
    const int last = last_level();
    const eid_t w = W.size, nw = words_for(w);
    word_t* rows = local_words.data() + worker(team) * local_stride;
    word_t* bits = rows + w * nw;  // level i's candidates at bits + (i - 2) * nw
    build_local_rows(team, W.data, w, [&](vid_t v) { return lookup(v); }, rows);
    eid_t b, e;
    bound(plan_level(2), m, W, b, e);
    // Level 2: its window, every parts-th position from b + part (a split hub task).
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, nw), [&](const eid_t k) {
      word_t word = range_mask(k, b + part, e);
      if (parts > 1)
        for (int bit = 0; bit < k_word_bits; ++bit)
          if ((word >> bit) & 1u && (k * k_word_bits + bit - b - part) % parts != 0) word &= ~(word_t(1) << bit);
      bits[k] = word;
    });
    vector_barrier(team);
    eid_t loc[k_engine_max_levels] = {}, pos[k_engine_max_levels] = {};
    count_t total = 0;
    int i = 2;
    while (i >= 2) {
      if (i + 1 == last) {
        total += local_last_pair(team, v, i, m, loc, W, rows, bits + (i - 2) * nw);
        --i;
        continue;
      }
      const eid_t j = next_set_bit(bits + (i - 2) * nw, w, pos[i]);
      if (j >= w) {
        --i;
        continue;
      }
      pos[i] = j + 1;
      loc[i] = j;
      ++i;
      local_level(team, i, m, loc, W, rows, bits + (i - 2) * nw);
      vector_barrier(team);
      pos[i] = 0;
    }
    return total;
  }
};

}  // namespace tessera::mining::detail
