// Exact pseudo-forest matching (see pseudoforest_matching.hpp), instantiated for every execution
// space here only: callers (the multilevel driver, the tests) never compile its kernels.
#include "algorithms/partitioning/matching/pseudoforest_matching.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/atomics.hpp"
#include "core/kokkos_ext/instantiate.hpp"

namespace tessera::partitioning {

template <class MemorySpace>
MatchingWorkspace<MemorySpace>::MatchingWorkspace(vid_t n) : pairs("tessera::part::mm_pairs") {
  auto alloc = [](const char* label, std::int64_t len) {
    return Kokkos::View<vid_t*, MemorySpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), len);
  };
  auto alloc_score = [](const char* label, std::int64_t len) {
    return Kokkos::View<score_t*, MemorySpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), len);
  };
  target = alloc("tessera::part::mm_target", n);
  parent = alloc("tessera::part::mm_parent", n);
  jump = alloc("tessera::part::mm_jump", n);
  jump2 = alloc("tessera::part::mm_jump2", n);
  depth = alloc("tessera::part::mm_depth", n);
  depth2 = alloc("tessera::part::mm_depth2", n);
  child_count = alloc("tessera::part::mm_child_count", std::int64_t(n) + 1);
  bucket_count = alloc("tessera::part::mm_bucket_count", std::int64_t(n) + 2);  // depth < n
  children = alloc("tessera::part::mm_children", n);
  by_depth = alloc("tessera::part::mm_by_depth", n);
  child_fill = alloc("tessera::part::mm_child_fill", n);
  bucket_fill = alloc("tessera::part::mm_bucket_fill", std::int64_t(n) + 1);
  best = alloc("tessera::part::mm_best", n);
  ss0 = alloc_score("tessera::part::mm_ss0", n);
  ss1 = alloc_score("tessera::part::mm_ss1", n);
  sum0 = alloc_score("tessera::part::mm_sum0", n);
}

template <class ExecSpace>
void match_pseudoforest(const ExecSpace& space, const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& target_in,
                        const Kokkos::View<score_t*, typename ExecSpace::memory_space>& score,
                        const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& mate, MatchingKind kind,
                        MatchingWorkspace<typename ExecSpace::memory_space>& ws) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const vid_t n = static_cast<vid_t>(target_in.extent(0));
  if (n == 0) return;
  auto zeroed = [&](const Kokkos::View<vid_t*, mem>& v, std::int64_t len) {
    const auto head = Kokkos::subview(v, std::make_pair(std::int64_t(0), len));
    Kokkos::deep_copy(space, head, 0);
    return Kokkos::View<vid_t*, mem>(head);
  };
  const bool greedy = kind == MatchingKind::greedy;
  auto target = ws.target;
  auto parent = ws.parent;
  // 1. Keep n -> t only when key(n, t) <= key(t, target(t)).
  Kokkos::parallel_for(
      "tessera::part::mm_filter", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        const vid_t t = target_in(v);
        vid_t keep = invalid_vid;
        if (t != invalid_vid && mate(v) == invalid_vid && mate(t) == invalid_vid) {
          const vid_t u = target_in(t);
          if (u == invalid_vid) {
            keep = t;
          } else {
            const score_t s1 = score(v), s2 = score(t);
            const vid_t lo1 = v < t ? v : t, hi1 = v < t ? t : static_cast<vid_t>(v);
            const vid_t lo2 = t < u ? t : u, hi2 = t < u ? u : t;
            const bool le = s1 < s2 || (s1 == s2 && (lo1 < lo2 || (lo1 == lo2 && hi1 <= hi2)));
            if (le) keep = t;
          }
        }
        target(v) = keep;
      });
  // 2. Roots and parents.
  Kokkos::parallel_for(
      "tessera::part::mm_parent", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        const vid_t t = target(v);
        parent(v) = (t == invalid_vid || target(t) == v) ? invalid_vid : t;
      });
  // 3. Depth by pointer jumping.
  auto jump = ws.jump, jump2 = ws.jump2;
  auto depth = ws.depth, depth2 = ws.depth2;
  Kokkos::parallel_for(
      "tessera::part::mm_depth_init", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        jump(v) = parent(v);
        depth(v) = parent(v) == invalid_vid ? 0 : 1;
      });
  // Two jumps per read-back: the first plain, the second reduces max((still jumping) << 32 |
  // depth), so the read-back that finds every pointer at its root also brings the largest depth
  // (extra jumps after that change nothing).
  vid_t max_depth = 0;
  for (int round = 0; round < 64; ++round) {
    Kokkos::parallel_for(
        "tessera::part::mm_depth_jump", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
          const vid_t j = jump(v);
          jump2(v) = j == invalid_vid ? j : jump(j);
          depth2(v) = j == invalid_vid ? depth(v) : depth(v) + depth(j);
        });
    std::int64_t status = 0;
    Kokkos::parallel_reduce(
        "tessera::part::mm_depth_jump_check", range(space, 0, n),
        KOKKOS_LAMBDA(const std::int64_t v, std::int64_t& m) {
          const vid_t j = jump2(v);
          jump(v) = j == invalid_vid ? j : jump2(j);
          depth(v) = j == invalid_vid ? depth2(v) : depth2(v) + depth2(j);
          const std::int64_t key = (std::int64_t(jump(v) != invalid_vid) << 32) | std::int64_t(depth(v));
          if (key > m) m = key;
        },
        Kokkos::Max<std::int64_t>(status));
    if ((status >> 32) == 0) {
      max_depth = static_cast<vid_t>(status & 0xffffffffLL);
      break;
    }
  }
  // 4. Children lists and depth buckets (counting sorts; order inside a bucket is irrelevant).
  const auto child_count = zeroed(ws.child_count, std::int64_t(n) + 1);
  const auto bucket_count = zeroed(ws.bucket_count, std::int64_t(max_depth) + 2);
  Kokkos::parallel_for(
      "tessera::part::mm_count", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        if (parent(v) != invalid_vid) tessera::detail::atomic_increment(&child_count(parent(v)));
        tessera::detail::atomic_increment(&bucket_count(depth(v)));
      });
  tessera::detail::counts_to_offsets_inplace(space, child_count, n);
  tessera::detail::counts_to_offsets_inplace(space, bucket_count, max_depth + 1);
  auto children = ws.children;
  auto by_depth = ws.by_depth;
  const auto child_fill = zeroed(ws.child_fill, n);
  const auto bucket_fill = zeroed(ws.bucket_fill, std::int64_t(max_depth) + 1);
  Kokkos::parallel_for(
      "tessera::part::mm_fill", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        const vid_t p = parent(v);
        if (p != invalid_vid) children(child_count(p) + Kokkos::atomic_fetch_add(&child_fill(p), 1)) = v;
        const vid_t d = depth(v);
        by_depth(bucket_count(d) + Kokkos::atomic_fetch_add(&bucket_fill(d), 1)) = v;
      });
  auto bucket_host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, bucket_count);
  // 5. Bottom-up: ss0, ss1, best child (greedy: the child of best proposal (score, id)).
  // Every node lies in one depth bucket, so the bottom-up pass writes all of these before reading.
  auto ss0 = ws.ss0, ss1 = ws.ss1, sum0 = ws.sum0;
  auto best = ws.best;
  for (vid_t d = max_depth; d >= 0; --d) {
    Kokkos::parallel_for(
        "tessera::part::mm_up", range(space, bucket_host(d), bucket_host(d + 1)), KOKKOS_LAMBDA(const std::int64_t i) {
          const vid_t v = by_depth(i);
          score_t s0 = 0, bg = 0;
          vid_t bc = invalid_vid;
          for (vid_t k = child_count(v); k < child_count(v + 1); ++k) {
            const vid_t c = children(k);
            s0 += ss0(c);
            const score_t g = greedy ? score(c) + 1 : ss1(c) - ss0(c);  // +1: zero scores still pair
            if (g > bg || (g == bg && g > 0 && c > bc)) {
              bg = g;
              bc = c;
            }
          }
          sum0(v) = s0;
          ss0(v) = s0 + bg;
          ss1(v) = score(v) + s0;
          best(v) = bc;
        });
  }
  // 6. Roots: a 2-cycle {a, b} (handled by its smaller end) matches when that beats both trees.
  Kokkos::parallel_for(
      "tessera::part::mm_roots", range(space, bucket_host(0), bucket_host(1)), KOKKOS_LAMBDA(const std::int64_t i) {
        const vid_t a = by_depth(i);
        const vid_t b = target(a);
        if (b == invalid_vid || b < a) return;
        if (greedy || score(a) + sum0(a) + sum0(b) > ss0(a) + ss0(b)) {
          mate(a) = b;
          mate(b) = a;
        }
      });
  // 7. Top-down: a node not matched upwards takes its best child.
  auto pairs = ws.pairs;
  for (vid_t d = 0; d <= max_depth; ++d) {
    Kokkos::parallel_for(
        "tessera::part::mm_down", range(space, bucket_host(d), bucket_host(d + 1)), KOKKOS_LAMBDA(const std::int64_t i) {
          const vid_t v = by_depth(i);
          if (d == 0 && mate(v) != invalid_vid && target(v) == mate(v) && v < mate(v))
            tessera::detail::atomic_increment(&pairs());
          if (mate(v) != invalid_vid || best(v) == invalid_vid) return;
          mate(v) = best(v);
          mate(best(v)) = v;
          tessera::detail::atomic_increment(&pairs());
        });
  }
}

template <class ExecSpace>
vid_t match_pseudoforest(const ExecSpace& space, const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& target_in,
                         const Kokkos::View<score_t*, typename ExecSpace::memory_space>& score,
                         const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& mate, MatchingKind kind) {
  MatchingWorkspace<typename ExecSpace::memory_space> ws(static_cast<vid_t>(target_in.extent(0)));
  Kokkos::deep_copy(space, ws.pairs, 0);
  match_pseudoforest(space, target_in, score, mate, kind, ws);
  vid_t result = 0;
  Kokkos::deep_copy(space, result, ws.pairs);
  space.fence();
  return result;
}


#define TESSERA_INST(Space)                                                                                  \
  template struct MatchingWorkspace<Space::memory_space>;                                                     \
  template void match_pseudoforest<Space>(const Space&, const Kokkos::View<vid_t*, Space::memory_space>&,    \
                                          const Kokkos::View<score_t*, Space::memory_space>&,                \
                                          const Kokkos::View<vid_t*, Space::memory_space>&, MatchingKind,   \
                                          MatchingWorkspace<Space::memory_space>&);                          \
  template vid_t match_pseudoforest<Space>(const Space&, const Kokkos::View<vid_t*, Space::memory_space>&,   \
                                           const Kokkos::View<score_t*, Space::memory_space>&,               \
                                           const Kokkos::View<vid_t*, Space::memory_space>&, MatchingKind);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::partitioning
