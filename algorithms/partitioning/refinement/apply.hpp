#pragma once
// Refinement step 7 (paper 3, §VI-D; refine.hpp): the valid prefix of the move sequence with the
// largest cumulative gain, and its application to the partition.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/scan.hpp"

namespace tessera::partitioning::detail {

// The valid prefix of largest cumulative gain: moves [0, last] (last = -1: none), and the
// number of violated limits before the first move.
struct BestPrefix {
  score_t gain = std::numeric_limits<score_t>::min();
  std::int64_t last = -1;
  std::int64_t violations_before = 0;
};

// Step 7a: prefix sums of the violation changes into buf.vcount, and the end of the valid prefixes:
// one past the last position s whose prefix leaves no violated limit (given
// buf.violations_before), 0 when none does. Moves from there on cannot be applied, so their
// in-sequence gains (step 5, the costly one) need not be computed: a Delta-bound tail level
// (64k-rand) proposes sequences with no valid prefix at all. One read-back.
template <class ExecSpace>
std::int64_t valid_prefix_end(const ExecSpace& space, const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& viol,
                              const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int64_t M = static_cast<std::int64_t>(viol.extent(0));
  const Kokkos::View<std::int64_t*, mem> vcount = head(buf.vcount, M);
  tessera::detail::chunked_scan_no_total<ExecSpace, std::int64_t>(
      "tessera::part::prefix_viol", space, M, KOKKOS_LAMBDA(const std::int64_t s, std::int64_t& acc, const bool final) {
        acc += viol(s);
        if (final) vcount(s) = acc;
      });
  auto v0 = buf.violations_before;
  std::int64_t end = 0;
  Kokkos::parallel_reduce(
      "tessera::part::valid_end", range(space, 0, M),
      KOKKOS_LAMBDA(const std::int64_t s, std::int64_t& e) {
        if (v0() + vcount(s) == 0 && s + 1 > e) e = s + 1;
      },
      Kokkos::Max<std::int64_t>(end));
  return end > 0 ? end : 0;  // the reduction's identity when no position is valid
}

// Step 7b: the valid prefix of largest cumulative gain among the first seq_gain.extent(0) moves
// (at most valid_prefix_end's, whose buf.vcount it reads). The reductions stay on the device and
// their three results come back in one copy.
template <class ExecSpace>
BestPrefix best_valid_prefix(const ExecSpace& space, const Kokkos::View<score_t*, typename ExecSpace::memory_space>& seq_gain,
                             const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int64_t M = static_cast<std::int64_t>(seq_gain.extent(0));
  const Kokkos::View<score_t*, mem> cum = head(buf.cum, M);
  const Kokkos::View<std::int64_t*, mem> vcount = head(buf.vcount, M);
  tessera::detail::chunked_scan_no_total<ExecSpace, score_t>(
      "tessera::part::prefix_gain", space, M, KOKKOS_LAMBDA(const std::int64_t s, score_t& acc, const bool final) {
        acc += seq_gain(s);
        if (final) cum(s) = acc;
      });
  auto v0 = buf.violations_before;
  auto best_gain = buf.best_gain;
  auto best_last = buf.best_last;
  auto summary = buf.summary;
  Kokkos::parallel_reduce(
      "tessera::part::best_gain", range(space, 0, M),
      KOKKOS_LAMBDA(const std::int64_t s, score_t& b) {
        if (v0() + vcount(s) == 0 && cum(s) > b) b = cum(s);
      },
      Kokkos::Max<score_t, mem>(best_gain));
  Kokkos::parallel_reduce(
      "tessera::part::best_len", range(space, 0, M),
      KOKKOS_LAMBDA(const std::int64_t s, std::int64_t& b) {
        if (v0() + vcount(s) == 0 && cum(s) == best_gain() && s < b) b = s;
      },
      Kokkos::Min<std::int64_t, mem>(best_last));
  Kokkos::parallel_for(
      "tessera::part::best_summary", range(space, 0, 1), KOKKOS_LAMBDA(const std::int64_t) {
        summary(0) = v0();
        summary(1) = best_gain();
        summary(2) = best_gain() == Kokkos::reduction_identity<score_t>::max() ? -1 : best_last();
      });
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, summary);
  BestPrefix best;
  best.violations_before = host(0);
  best.gain = host(1);
  best.last = host(2);
  return best;
}

// The sequence cut to its first `end` moves: the later ones stop counting as moving (seqpos -1),
// so the in-sequence gains of the kept moves, which depend on earlier moves only, are unchanged.
template <class ExecSpace>
Kokkos::View<vid_t*, typename ExecSpace::memory_space> cut_sequence(
    const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
    const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node, const std::int64_t end) {
  const std::int64_t M = static_cast<std::int64_t>(seq_node.extent(0));
  if (end < M)
    Kokkos::parallel_for(
        "tessera::part::cut_sequence", tessera::detail::LightRangePolicy<ExecSpace>(space, end, M),
        KOKKOS_LAMBDA(const std::int64_t s) { lv.seqpos(seq_node(s)) = -1; });
  return Kokkos::subview(seq_node, std::make_pair(std::int64_t(0), end));
}

// Step 8: apply moves [0, last] of the sequence.
template <class ExecSpace>
void apply_prefix(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                  const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node, std::int64_t last) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  Kokkos::parallel_for(
      "tessera::part::apply", range(space, 0, last + 1), KOKKOS_LAMBDA(const std::int64_t s) {
        const vid_t v = seq_node(s);
        lv.parts(v) = lv.move_to(v);
      });
}

}  // namespace tessera::partitioning::detail
