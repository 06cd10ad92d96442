#pragma once
// Refinement steps 3-4 (paper 3, §VI-C; refine.hpp): the proposed moves sorted, chained into
// paths and cycles and ranked into one sequence (step 5, the exact gain of every move given the
// earlier ones, is sequence_gains.hpp).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <utility>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "algorithms/partitioning/refinement/refine.hpp"
#include "core/kokkos_ext/atomics.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/sort_with.hpp"

namespace tessera::partitioning::detail {

// The proposed moves sorted by (source block, -gain, node), and the range of moves leaving each
// block: moves [bucket(p), bucket(p + 1)) leave p.
template <class MemorySpace>
struct SortedMoves {
  Kokkos::View<MoveRecord*, MemorySpace> moves;
  Kokkos::View<std::int32_t*, MemorySpace> bucket;
  std::int32_t count = 0;
};

// Step 3 (first half): collect and sort the moves; count 0 when no node proposes one.
template <class ExecSpace>
SortedMoves<typename ExecSpace::memory_space> sort_moves(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                                                         const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const vid_t n = lv.num_nodes;
  SortedMoves<mem> out;
  auto move_index = buf.move_index;
  const std::int32_t M = tessera::detail::chunked_scan<ExecSpace, std::int32_t>(
      "tessera::part::moves_scan", space, n, KOKKOS_LAMBDA(const std::int64_t v, std::int32_t& sum, const bool final) {
        if (lv.move_to(v) != invalid_part) {
          if (final) move_index(v) = sum;
          ++sum;
        }
      });
  out.count = M;
  if (M == 0) return out;
  const Kokkos::View<MoveRecord*, mem> moves = head(buf.moves, M);
  Kokkos::parallel_for(
      "tessera::part::moves_fill", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        if (lv.move_to(v) != invalid_part) moves(move_index(v)) = MoveRecord{lv.parts(v), lv.move_gain(v), static_cast<vid_t>(v)};
      });
  tessera::detail::sort_with(space, moves, MoveOrder{});
  auto bucket = buf.bucket;
  Kokkos::parallel_for(
      "tessera::part::bucket", range(space, 0, lv.num_parts + 1), KOKKOS_LAMBDA(const std::int64_t p) {
        std::int32_t lo = 0, hi = M;
        while (lo < hi) {
          const std::int32_t mid = lo + (hi - lo) / 2;
          if (moves(mid).from < p) lo = mid + 1; else hi = mid;
        }
        bucket(p) = lo;
      });
  out.moves = moves;
  out.bucket = bucket;
  return out;
}

inline constexpr int k_chain_check_rounds = 4;

// Successor and predecessor of every move in its chain (-1: none).
template <class MemorySpace>
struct Chains {
  Kokkos::View<std::int32_t*, MemorySpace> succ, pred;
};

// The moves without a predecessor (candidate successors of chain_moves' next round), in sorted
// order, and the range [free_bucket(p), free_bucket(p + 1)) of those leaving block p. A chain end
// used to scan its destination's whole bucket for the first `window` of them: once most moves of
// a bucket are linked that scan is O(bucket) per end, O(M^2 / k) per round (ibm02: chain_choose
// was 18% of the partitioner's time on one CPU thread). The candidates are the same.
template <class ExecSpace>
void free_successors(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                     const SortedMoves<typename ExecSpace::memory_space>& sorted,
                     const Kokkos::View<std::int32_t*, typename ExecSpace::memory_space>& pred,
                     const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int32_t M = sorted.count;
  auto moves = sorted.moves;
  auto free_moves = buf.free_moves;
  auto free_bucket = buf.free_bucket;
  auto free_count = buf.free_count;
  tessera::detail::chunked_scan_no_total<ExecSpace, std::int32_t>(
      "tessera::part::chain_free", space, M, KOKKOS_LAMBDA(const std::int64_t i, std::int32_t& sum, const bool final) {
        const bool free = pred(i) == -1;
        if (final && free) free_moves(sum) = static_cast<std::int32_t>(i);
        if (free) ++sum;
        if (final && i == M - 1) free_count() = sum;
      });
  Kokkos::parallel_for(
      "tessera::part::free_bucket", range(space, 0, lv.num_parts + 1), KOKKOS_LAMBDA(const std::int64_t p) {
        std::int32_t lo = 0, hi = free_count();
        while (lo < hi) {
          const std::int32_t mid = lo + (hi - lo) / 2;
          if (moves(free_moves(mid)).from < p) lo = mid + 1; else hi = mid;
        }
        free_bucket(p) = lo;
      });
}

// Step 3 (second half, §VI-C): each free chain end picks, in a window of moves leaving its
// destination, the successor of best grade; conflicts go to the largest (-penalty, node) by an
// atomic max; up to chain_rounds rounds (0: no chaining, the sequence is by gain only).
template <class ExecSpace>
Chains<typename ExecSpace::memory_space> chain_moves(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                                                     const SortedMoves<typename ExecSpace::memory_space>& sorted,
                                                     const RefineBuffers<typename ExecSpace::memory_space>& buf, const RefinementParams& params) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int32_t M = sorted.count;
  auto moves = sorted.moves;
  Chains<mem> c{head(buf.succ, M), head(buf.pred, M)};
  auto succ = c.succ;
  auto pred = c.pred;
  const auto claim = head(buf.claim, M);
  const auto choice = head(buf.choice, M);
  Kokkos::deep_copy(space, succ, -1);
  Kokkos::deep_copy(space, pred, -1);
  const int window = params.window;
  auto linked = buf.linked;  // links made since the last check
  Kokkos::deep_copy(space, linked, 0);
  const auto free_moves = buf.free_moves;
  const auto free_bucket = buf.free_bucket;
  for (int round = 0; round < params.chain_rounds; ++round) {
    free_successors(space, lv, sorted, pred, buf);
    Kokkos::deep_copy(space, claim, 0);
    Kokkos::parallel_for(
        "tessera::part::chain_choose", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
          choice(i) = -1;
          if (succ(i) != -1) return;
          const vid_t v = moves(i).node;
          const part_t pd = lv.move_to(v);
          score_t best_gain = 0;
          std::int64_t best_penalty = 0;
          std::int32_t best = -1;
          const std::int32_t end = free_bucket(pd + 1) - free_bucket(pd) > window ? free_bucket(pd) + window
                                                                                  : free_bucket(pd + 1);
          for (std::int32_t t = free_bucket(pd); t < end; ++t) {
            const std::int32_t j = free_moves(t);
            // Gains do not increase along a bucket and penalties are >= 0: once even a zero
            // penalty would not lift this move's grade above the best, no later move's can.
            if (best != -1 && !detail::grade_greater(moves(j).gain, 0, best_gain, best_penalty)) break;
            const vid_t u = moves(j).node;
            const std::int64_t dsize = lv.vw(v) > lv.vw(u) ? lv.vw(v) - lv.vw(u) : lv.vw(u) - lv.vw(v);
            const std::int64_t din = lv.nin(v) > lv.nin(u) ? lv.nin(v) - lv.nin(u) : lv.nin(u) - lv.nin(v);
            std::int64_t penalty = 10 * dsize + din;
            if (penalty > (std::int64_t(1) << 35)) penalty = std::int64_t(1) << 35;
            if (best == -1 || detail::grade_greater(moves(j).gain, penalty, best_gain, best_penalty)) {
              best = j;
              best_gain = moves(j).gain;
              best_penalty = penalty;
            }
          }
          if (best == -1) return;
          const vid_t u = moves(best).node;
          const std::int64_t dsize = lv.vw(v) > lv.vw(u) ? lv.vw(v) - lv.vw(u) : lv.vw(u) - lv.vw(v);
          const std::int64_t din = lv.nin(v) > lv.nin(u) ? lv.nin(v) - lv.nin(u) : lv.nin(u) - lv.nin(v);
          std::int64_t penalty = 10 * dsize + din;
          if (penalty > 0x7fffffffLL) penalty = 0x7fffffffLL;
          const std::uint64_t key = (std::uint64_t(0x7fffffffLL - penalty) << 32) | std::uint64_t(std::uint32_t(v));
          choice(i) = best;
          Kokkos::atomic_fetch_max(&claim(best), key);
        });
    Kokkos::parallel_for(
        "tessera::part::chain_link", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
          const std::int32_t j = choice(i);
          if (j < 0) return;
          if (std::uint32_t(claim(j) & 0xffffffffULL) == std::uint32_t(moves(i).node)) {
            succ(i) = j;
            pred(j) = static_cast<std::int32_t>(i);
            Kokkos::atomic_add(&linked(), std::int32_t(1));
          }
        });
    // Stop once a group of rounds linked nothing. A round without links leaves succ and pred
    // as they were, so every later round links nothing either: checking every
    // k_chain_check_rounds rounds instead of every round gives the same chains with fewer
    // host synchronisations.
    if ((round + 1) % k_chain_check_rounds == 0 || round + 1 == params.chain_rounds) {
      std::int32_t linked_host = 0;
      Kokkos::deep_copy(space, linked_host, linked);
      space.fence();
      if (linked_host == 0) break;
      Kokkos::deep_copy(space, linked, 0);
    }
  }
  return c;
}

// Step 4 (first half): cut every cycle at its smallest move; buf.choice marks the moves that were
// on a cycle (1) or on a path (0).
template <class ExecSpace>
void cut_cycles(const ExecSpace& space, const SortedMoves<typename ExecSpace::memory_space>& sorted,
                const Chains<typename ExecSpace::memory_space>& chains, const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int32_t M = sorted.count;
  auto succ = chains.succ;
  auto pred = chains.pred;
  const auto on_cycle = head(buf.choice, M);
  Kokkos::View<std::int32_t*, mem> nxt = head(buf.nxt, M), nxt2 = head(buf.nxt2, M), low = head(buf.low, M),
                                   low2 = head(buf.low2, M);
  Kokkos::parallel_for(
      "tessera::part::cycle_init", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
        nxt(i) = succ(i);
        low(i) = static_cast<std::int32_t>(i);
      });
  int rounds = 1;
  while ((std::int64_t(1) << (rounds - 1)) < M) ++rounds;
  for (int r = 0; r < rounds; ++r) {
    Kokkos::parallel_for(
        "tessera::part::cycle_jump", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
          const std::int32_t j = nxt(i);
          if (j < 0) {
            nxt2(i) = j;
            low2(i) = low(i);
          } else {
            nxt2(i) = nxt(j);
            low2(i) = low(i) < low(j) ? low(i) : low(j);
          }
        });
    std::swap(nxt, nxt2);
    std::swap(low, low2);
  }
  Kokkos::parallel_for(
      "tessera::part::cycle_cut", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
        on_cycle(i) = nxt(i) >= 0 ? 1 : 0;
        if (nxt(i) >= 0 && low(i) == i) {  // on a cycle, and its smallest move
          succ(pred(i)) = -1;
          pred(i) = -1;
        }
      });
}

// The sequence: buf.seq's first M records (one per move) sorted by ChainOrder; writes seqpos and
// returns the node of every sequence position.
template <class ExecSpace>
Kokkos::View<vid_t*, typename ExecSpace::memory_space> order_sequence(
    const ExecSpace& space, const SortedMoves<typename ExecSpace::memory_space>& sorted,
    const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int32_t M = sorted.count;
  auto moves = sorted.moves;
  auto seqpos = buf.seqpos;
  const Kokkos::View<ChainRecord*, mem> seq = head(buf.seq, M);
  tessera::detail::sort_with(space, seq, ChainOrder{});
  const Kokkos::View<vid_t*, mem> seq_node = head(buf.seq_node, M);
  Kokkos::deep_copy(space, seqpos, -1);
  Kokkos::parallel_for(
      "tessera::part::seq_pos", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t s) {
        const vid_t v = moves(seq(s).move).node;
        seq_node(s) = v;
        seqpos(v) = static_cast<std::int32_t>(s);
      });
  return seq_node;
}

// Step 4 (second half): rank each move in its chain (pointer jumping), sort by (-chain gain,
// chain head, position), with the moves of cut cycles first when cycles_first; writes seqpos and
// returns the node of every sequence position.
template <class ExecSpace>
Kokkos::View<vid_t*, typename ExecSpace::memory_space> rank_chains(
    const ExecSpace& space, const SortedMoves<typename ExecSpace::memory_space>& sorted,
    const Chains<typename ExecSpace::memory_space>& chains, const RefineBuffers<typename ExecSpace::memory_space>& buf,
    const bool cycles_first) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int32_t M = sorted.count;
  auto moves = sorted.moves;
  auto pred = chains.pred;
  const auto on_cycle = head(buf.choice, M);
  int rounds = 1;
  while ((std::int64_t(1) << (rounds - 1)) < M) ++rounds;
  // List ranking over pred: head and position of every move.
  Kokkos::View<std::int32_t*, mem> anc = head(buf.nxt, M), anc2 = head(buf.nxt2, M), dist = head(buf.low, M),
                                   dist2 = head(buf.low2, M);
  Kokkos::parallel_for(
      "tessera::part::rank_init", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
        anc(i) = pred(i) < 0 ? static_cast<std::int32_t>(i) : pred(i);
        dist(i) = pred(i) < 0 ? 0 : 1;
      });
  for (int r = 0; r < rounds; ++r) {
    Kokkos::parallel_for(
        "tessera::part::rank_jump", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
          const std::int32_t a = anc(i);
          anc2(i) = anc(a);
          dist2(i) = dist(i) + (anc(a) == a ? 0 : dist(a));
        });
    std::swap(anc, anc2);
    std::swap(dist, dist2);
  }
  const auto chain_total = head(buf.chain_total, M);
  Kokkos::deep_copy(space, chain_total, 0);
  Kokkos::parallel_for(
      "tessera::part::chain_total", range(space, 0, M),
      KOKKOS_LAMBDA(const std::int64_t i) { tessera::detail::atomic_add(&chain_total(anc(i)), moves(i).gain); });
  const Kokkos::View<ChainRecord*, mem> seq = head(buf.seq, M);
  Kokkos::parallel_for(
      "tessera::part::seq_fill", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
        const std::int32_t group = cycles_first && on_cycle(i) == 0 ? 1 : 0;
        seq(i) = ChainRecord{chain_total(anc(i)), group, anc(i), dist(i), static_cast<std::int32_t>(i)};
      });
  return order_sequence(space, sorted, buf);
}

}  // namespace tessera::partitioning::detail
