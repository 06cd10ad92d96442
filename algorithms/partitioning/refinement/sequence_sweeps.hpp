#pragma once
// The element steps of refinement steps 3-4 (sequence.hpp), one functor per sweep over the
// nodes, blocks or moves. sequence.hpp launches each sweep as a kernel over the whole device;
// sequence_one_team.hpp runs the same sweeps one after the other in a single team, for sequences
// so short that the launches would cost more than the work (lenet: ~60 launches a repetition).
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "core/kokkos_ext/atomics.hpp"

namespace tessera::partitioning::detail {

// Over the nodes, a scan: every moving node's index among the moves, in node order.
template <class Mem>
struct IndexMoves {
  using value_type = std::int32_t;
  Kokkos::View<part_t*, Mem> move_to;
  Kokkos::View<std::int32_t*, Mem> move_index;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t v, std::int32_t& sum, const bool final) const {
    if (move_to(v) != invalid_part) {
      if (final) move_index(v) = sum;
      ++sum;
    }
  }
};

// Over the nodes: the proposed move of every moving node at its index of the moves scan.
template <class Mem>
struct FillMoves {
  RefineView<Mem> lv;
  Kokkos::View<std::int32_t*, Mem> move_index;
  Kokkos::View<MoveRecord*, Mem> moves;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t v) const {
    if (lv.move_to(v) != invalid_part) moves(move_index(v)) = MoveRecord{lv.parts(v), lv.move_gain(v), static_cast<vid_t>(v)};
  }
};

// Over the blocks and one past: where the sorted moves leaving each block start.
template <class Mem>
struct FindBuckets {
  Kokkos::View<MoveRecord*, Mem> moves;
  Kokkos::View<std::int32_t*, Mem> bucket;
  std::int32_t count;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t p) const {
    bucket(p) = static_cast<std::int32_t>(lower_bound([&](const std::int64_t t) { return moves(t).from; }, 0, count, p));
  }
};

// The state of the chaining rounds (step 3, second half).
template <class Mem>
struct ChainViews {
  Kokkos::View<MoveRecord*, Mem> moves;
  Kokkos::View<std::int32_t*, Mem> succ, pred, choice;
  Kokkos::View<std::uint64_t*, Mem> claim;
  Kokkos::View<std::int32_t*, Mem> free_moves, free_bucket;
  Kokkos::View<std::int32_t, Mem> free_count, linked;
  std::int32_t count = 0;
};

// Over the moves, a scan: the moves without a predecessor (the candidate successors of this
// round), in sorted order, and their number; clears the round's claims on the way.
template <class Mem>
struct CollectFreeMoves {
  using value_type = std::int32_t;
  ChainViews<Mem> c;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, std::int32_t& sum, const bool final) const {
    const bool free = c.pred(i) == -1;
    if (final) {
      c.claim(i) = 0;
      if (free) c.free_moves(sum) = static_cast<std::int32_t>(i);
    }
    if (free) ++sum;
    if (final && i == c.count - 1) c.free_count() = sum;
  }
};

// Over the blocks and one past: where the free moves leaving each block start. A chain end used
// to scan its destination's whole bucket for the first `window` free moves: once most moves of a
// bucket are linked that scan is O(bucket) per end, O(M^2 / k) per round (ibm02: chain_choose
// was 18% of the partitioner's time on one CPU thread). The candidates are the same.
template <class Mem>
struct FindFreeBuckets {
  ChainViews<Mem> c;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t p) const {
    c.free_bucket(p) = static_cast<std::int32_t>(
        lower_bound([&](const std::int64_t t) { return c.moves(c.free_moves(t)).from; }, 0, c.free_count(), p));
  }
};

// Grade penalty of chaining u after v (§VI-C): 10 |w(v) - w(u)| + |in(v) - in(u)|.
template <class Mem>
KOKKOS_INLINE_FUNCTION std::int64_t chain_penalty(const RefineView<Mem>& lv, const vid_t v, const vid_t u) {
  const std::int64_t dsize = lv.vw(v) > lv.vw(u) ? lv.vw(v) - lv.vw(u) : lv.vw(u) - lv.vw(v);
  const std::int64_t din = lv.nin(v) > lv.nin(u) ? lv.nin(v) - lv.nin(u) : lv.nin(u) - lv.nin(v);
  return 10 * dsize + din;
}

// Over the moves: every chain end picks, among the first `window` free moves leaving its
// destination, the successor of best grade and claims it by an atomic max of (-penalty, node).
template <class Mem>
struct ChooseSuccessors {
  RefineView<Mem> lv;
  ChainViews<Mem> c;
  int window;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    c.choice(i) = -1;
    if (c.succ(i) != -1) return;
    const vid_t v = c.moves(i).node;
    const part_t pd = lv.move_to(v);
    score_t best_gain = 0;
    std::int64_t best_penalty = 0;
    std::int32_t best = -1;
    const std::int32_t begin = c.free_bucket(pd);
    const std::int32_t end = c.free_bucket(pd + 1) - begin > window ? begin + window : c.free_bucket(pd + 1);
    for (std::int32_t t = begin; t < end; ++t) {
      const std::int32_t j = c.free_moves(t);
      // Gains do not increase along a bucket and penalties are >= 0: once even a zero penalty
      // would not lift this move's grade above the best, no later move's can.
      if (best != -1 && !grade_greater(c.moves(j).gain, 0, best_gain, best_penalty)) break;
      std::int64_t penalty = chain_penalty(lv, v, c.moves(j).node);
      if (penalty > (std::int64_t(1) << 35)) penalty = std::int64_t(1) << 35;
      if (best == -1 || grade_greater(c.moves(j).gain, penalty, best_gain, best_penalty)) {
        best = j;
        best_gain = c.moves(j).gain;
        best_penalty = penalty;
      }
    }
    if (best == -1) return;
    std::int64_t penalty = chain_penalty(lv, v, c.moves(best).node);
    if (penalty > 0x7fffffffLL) penalty = 0x7fffffffLL;
    const std::uint64_t key = (std::uint64_t(0x7fffffffLL - penalty) << 32) | std::uint64_t(std::uint32_t(v));
    c.choice(i) = best;
    Kokkos::atomic_fetch_max(&c.claim(best), key);
  }
};

// Over the moves: a chain end whose claim won links to its choice; counts the links.
template <class Mem>
struct LinkSuccessors {
  ChainViews<Mem> c;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    const std::int32_t j = c.choice(i);
    if (j < 0) return;
    if (std::uint32_t(c.claim(j) & 0xffffffffULL) == std::uint32_t(c.moves(i).node)) {
      c.succ(i) = j;
      c.pred(j) = static_cast<std::int32_t>(i);
      Kokkos::atomic_add(&c.linked(), std::int32_t(1));
    }
  }
};

// Pointer jumping over a successor array: after the r-th sweep next(i) is the 2^r-th successor
// (-1 past a path's end) and low(i) the smallest move among the 2^r from i on.
template <class Mem>
struct JumpToSmallest {
  Kokkos::View<std::int32_t*, Mem> next, low, next2, low2;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    const std::int32_t j = next(i);
    next2(i) = j < 0 ? j : next(j);
    low2(i) = j < 0 || low(i) < low(j) ? low(i) : low(j);
  }
};

// Over the moves (step 4, first half): a move still with a 2^r-th successor after log2(M) jumps
// is on a cycle; every cycle is cut before its smallest move. on_cycle(i): 1 on a cycle, else 0.
template <class Mem>
struct CutCycles {
  Kokkos::View<std::int32_t*, Mem> next, low, succ, pred, on_cycle;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    on_cycle(i) = next(i) >= 0 ? 1 : 0;
    if (next(i) >= 0 && low(i) == i) {
      succ(pred(i)) = -1;
      pred(i) = -1;
    }
  }
};

// Over the moves (step 4, second half, list ranking over the predecessors): the start of the
// jumps to every chain's head; the chain totals cleared.
template <class Mem>
struct StartRanks {
  Kokkos::View<std::int32_t*, Mem> pred, anc, dist;
  Kokkos::View<score_t*, Mem> chain_total;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    anc(i) = pred(i) < 0 ? static_cast<std::int32_t>(i) : pred(i);
    dist(i) = pred(i) < 0 ? 0 : 1;
    chain_total(i) = 0;
  }
};

// Pointer jumping over the predecessors: anc(i) ends as the head of i's chain, dist(i) as i's
// position in it.
template <class Mem>
struct JumpToHead {
  Kokkos::View<std::int32_t*, Mem> anc, dist, anc2, dist2;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    const std::int32_t a = anc(i);
    anc2(i) = anc(a);
    dist2(i) = dist(i) + (anc(a) == a ? 0 : dist(a));
  }
};

template <class Mem>
struct SumChainGains {
  Kokkos::View<MoveRecord*, Mem> moves;
  Kokkos::View<std::int32_t*, Mem> anc;
  Kokkos::View<score_t*, Mem> chain_total;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    tessera::detail::atomic_add(&chain_total(anc(i)), moves(i).gain);
  }
};

// The sequence records: (group, chain gain, head, position) with the moves of cut cycles in
// group 0 and the paths' in group 1 when cycles_first, all in group 0 otherwise.
template <class Mem>
struct FillChainRecords {
  Kokkos::View<std::int32_t*, Mem> anc, dist, on_cycle;
  Kokkos::View<score_t*, Mem> chain_total;
  Kokkos::View<ChainRecord*, Mem> seq;
  bool cycles_first;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    const std::int32_t group = cycles_first && on_cycle(i) == 0 ? 1 : 0;
    seq(i) = ChainRecord{chain_total(anc(i)), group, anc(i), dist(i), static_cast<std::int32_t>(i)};
  }
};

// Over the sequence, sorted: the node of every position and the position of every moving node
// (seqpos reads -1 for the others).
template <class Mem>
struct PlaceSequence {
  Kokkos::View<MoveRecord*, Mem> moves;
  Kokkos::View<ChainRecord*, Mem> seq;
  Kokkos::View<vid_t*, Mem> seq_node;
  Kokkos::View<std::int32_t*, Mem> seqpos;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t s) const {
    const vid_t v = moves(seq(s).move).node;
    seq_node(s) = v;
    seqpos(v) = static_cast<std::int32_t>(s);
  }
};

// Over the nodes: no node in the sequence (PlaceSequence then places the moving ones).
template <class Mem>
struct ClearSequencePositions {
  Kokkos::View<std::int32_t*, Mem> seqpos;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t v) const { seqpos(v) = -1; }
};

// Over the moves: no chain yet; the link counter cleared.
template <class Mem>
struct ResetChains {
  ChainViews<Mem> c;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    c.succ(i) = -1;
    c.pred(i) = -1;
    if (i == 0) c.linked() = 0;
  }
};

// Over the moves: the cycle search's start, every move its own smallest.
template <class Mem>
struct StartCycleJumps {
  Kokkos::View<std::int32_t*, Mem> succ, next, low;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const {
    next(i) = succ(i);
    low(i) = static_cast<std::int32_t>(i);
  }
};

// Pointer-jumping sweeps that reach past any chain of M moves: 1 + ceil(log2 M).
KOKKOS_INLINE_FUNCTION int jump_rounds(const std::int32_t M) {
  int rounds = 1;
  while ((std::int64_t(1) << (rounds - 1)) < M) ++rounds;
  return rounds;
}

// The proposed moves sorted by (source block, -gain, node), and the range of moves leaving each
// block: moves [bucket(p), bucket(p + 1)) leave p.
template <class Mem>
struct SortedMoves {
  Kokkos::View<MoveRecord*, Mem> moves;
  Kokkos::View<std::int32_t*, Mem> bucket;
  std::int32_t count = 0;
};

// The sorted moves chained (step 3) with their cycles cut (step 4, first half): the successor and
// predecessor of every move in its chain (-1: none), and whether it was on a cycle (1) or not.
template <class Mem>
struct ChainedMoves : SortedMoves<Mem> {
  Kokkos::View<std::int32_t*, Mem> succ, pred, on_cycle;
};

// Every sweep of steps 3-4 over the M moves in `out` and the scratch of buf, in order; the jumps
// alternate between two buffers (jump r uses `even` for even r), so the sweeps after them read
// the buffer the last jump wrote.
template <class Mem>
struct ChainSweeps {
  FillMoves<Mem> fill;
  FindBuckets<Mem> buckets;
  ResetChains<Mem> reset;
  CollectFreeMoves<Mem> collect;
  FindFreeBuckets<Mem> free_buckets;
  ChooseSuccessors<Mem> choose;
  LinkSuccessors<Mem> link;
  StartCycleJumps<Mem> start_jumps;
  JumpToSmallest<Mem> even, odd;
  CutCycles<Mem> cut;
  std::int32_t count;
  int rounds;  // chaining rounds
};

template <class Mem>
ChainSweeps<Mem> chain_sweeps(const RefineView<Mem>& lv, const ChainedMoves<Mem>& out, const RefineBuffers<Mem>& buf,
                              const int window, const int chain_rounds) {
  const std::int32_t M = out.count;
  const ChainViews<Mem> c{out.moves,      out.succ,        out.pred,       head(buf.choice, M), head(buf.claim, M),
                          buf.free_moves, buf.free_bucket, buf.free_count, buf.linked,          M};
  const auto nxt = head(buf.nxt, M), nxt2 = head(buf.nxt2, M), low = head(buf.low, M), low2 = head(buf.low2, M);
  const bool odd = jump_rounds(M) % 2 == 1;  // then the last jump wrote (nxt2, low2)
  return ChainSweeps<Mem>{{lv, buf.move_index, out.moves},
                          {out.moves, out.bucket, M},
                          {c},
                          {c},
                          {c},
                          {lv, c, window},
                          {c},
                          {out.succ, nxt, low},
                          {nxt, low, nxt2, low2},
                          {nxt2, low2, nxt, low},
                          {odd ? nxt2 : nxt, odd ? low2 : low, out.succ, out.pred, out.on_cycle},
                          M,
                          chain_rounds};
}

// The sweeps of the ranking (step 4, second half) and of the sequence's placement, in order.
template <class Mem>
struct RankSweeps {
  StartRanks<Mem> start;
  JumpToHead<Mem> even, odd;
  SumChainGains<Mem> sum;
  FillChainRecords<Mem> fill;
  ClearSequencePositions<Mem> clear;
  PlaceSequence<Mem> place;
  Kokkos::View<ChainRecord*, Mem> seq;
  std::int32_t count;
  vid_t num_nodes;
};

template <class Mem>
RankSweeps<Mem> rank_sweeps(const vid_t num_nodes, const ChainedMoves<Mem>& chained, const RefineBuffers<Mem>& buf,
                            const bool cycles_first) {
  const std::int32_t M = chained.count;
  const auto anc = head(buf.nxt, M), anc2 = head(buf.nxt2, M), dist = head(buf.low, M), dist2 = head(buf.low2, M);
  const auto head_of = jump_rounds(M) % 2 == 1 ? anc2 : anc, position = jump_rounds(M) % 2 == 1 ? dist2 : dist;
  const auto chain_total = head(buf.chain_total, M);
  const auto seq = head(buf.seq, M);
  return RankSweeps<Mem>{{chained.pred, anc, dist, chain_total},
                         {anc, dist, anc2, dist2},
                         {anc2, dist2, anc, dist},
                         {chained.moves, head_of, chain_total},
                         {head_of, position, chained.on_cycle, chain_total, seq, cycles_first},
                         {buf.seqpos},
                         {chained.moves, seq, head(buf.seq_node, M), buf.seqpos},
                         seq,
                         M,
                         num_nodes};
}

}  // namespace tessera::partitioning::detail
