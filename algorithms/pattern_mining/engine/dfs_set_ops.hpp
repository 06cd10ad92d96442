#pragma once
// The DFS kernel's set operations (dfs_kernel.hpp lists the layers): a level's raw set, its
// symmetry window, candidate tests, pivot lists, counts of a last level and domain marks.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/pattern_mining/engine/dfs_lanes.hpp"
#include "core/set_ops/intersect.hpp"

namespace tessera::mining::detail {

template <class ExecSpace, int Levels, bool Compiled = false>
struct DfsSetOps : DfsLanes<ExecSpace, Levels, Compiled> {
  using Base = DfsLanes<ExecSpace, Levels, Compiled>;
  using Base::Base;
  using typename Base::member;
  using typename Base::VectorLane;
  using typename Base::Span;
  using Base::lookup_rows, Base::lookup_entries, Base::sym_rows, Base::sym_entries, Base::labels, Base::plan,
      Base::plan_level, Base::pair_mode, Base::num_slots,
      Base::lanes, Base::probe_cost, Base::buffers, Base::width, Base::pivots, Base::pivot_buffers,
      Base::domains, Base::domain_rows, Base::domain_labels, Base::domain_label_count, Base::every_level,
      Base::at_level, Base::single_bit, Base::lowest_bit, Base::worker, Base::vector_barrier, Base::lane_share,
      Base::lane_count, Base::settle, Base::compact;

  KOKKOS_INLINE_FUNCTION Span lookup(vid_t v) const {
    const eid_t b = lookup_rows(v);
    return {lookup_entries.data() + b, lookup_rows(v + 1) - b};
  }
  KOKKOS_INLINE_FUNCTION Span symmetric(vid_t v) const {
    const eid_t b = sym_rows(v);
    return {sym_entries.data() + b, sym_rows(v + 1) - b};
  }

  // A sorted list and its pivots in the worker's scratch: pivot j is entry (size * j) / count.
  struct PivotSpan {
    Span list;
    const vid_t* pivot;
    eid_t count;
  };

  // The pivots of `list` (every lane); count 0 when the list is short enough to search directly.
  KOKKOS_INLINE_FUNCTION PivotSpan pivot_span(const member& team, Span list) const {
    if (pivots <= 0 || list.size <= pivots) return {list, nullptr, 0};
    vid_t* pivot = pivot_buffers.data() + worker(team) * pivots;
    const eid_t count = pivots;
    vector_barrier(team);  // no lane still searches the previous pivots (lane sums: no reduction after it)
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, count),
                         [&](const eid_t j) { pivot[j] = list.data[list.size * j / count]; });
    vector_barrier(team);
    return {list, pivot, count};
  }

  // x in p.list: the last pivot <= x in scratch, then the entries between it and the next one.
  static KOKKOS_INLINE_FUNCTION bool pivot_contains(const PivotSpan& p, vid_t x) {
    if (p.count == 0) return set_ops::contains(p.list.data, p.list.size, x);
    eid_t lo = 0, hi = p.count;  // first pivot > x
    while (lo < hi) {
      const eid_t mid = lo + (hi - lo) / 2;
      if (p.pivot[mid] <= x)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo == 0) return false;  // below the first entry
    if (p.pivot[lo - 1] == x) return true;
    const eid_t begin = p.list.size * (lo - 1) / p.count + 1;
    const eid_t end = lo < p.count ? p.list.size * lo / p.count : p.list.size;
    return set_ops::contains(p.list.data + begin, end - begin, x);
  }

  // Does x survive level `level`'s remaining intersections and differences?
  KOKKOS_INLINE_FUNCTION bool passes_set_ops(vid_t x, std::uint8_t intersect, std::uint8_t subtract,
                                             const vid_t* m) const {
    return every_level(intersect,
                       [&](int l) {
                         const Span s = lookup(m[l]);
                         return set_ops::contains(s.data, s.size, x);
                       }) &&
           every_level(subtract, [&](int l) {
             const Span s = symmetric(m[l]);
             return !set_ops::contains(s.data, s.size, x);
           });
  }

  // Injectivity and labels: checked per candidate when iterating.
  KOKKOS_INLINE_FUNCTION bool admissible(const EngineLevel& level, vid_t x, const vid_t* m) const {
    if (level.label >= 0 && labels(x) != level.label) return false;
    return every_level(level.distinct, [&](int l) { return m[l] != x; });
  }

  // The window of a sorted span allowed by the level's symmetry bounds.
  KOKKOS_INLINE_FUNCTION void bound(const EngineLevel& level, const vid_t* m, Span s, eid_t& b, eid_t& e) const {
    b = 0;
    e = s.size;
    every_level(level.upper, [&](int l) {
      const eid_t p = set_ops::lower_bound(s.data, e, m[l]);
      if (p < e) e = p;
      return true;
    });
    every_level(level.lower, [&](int l) {
      const eid_t p = set_ops::lower_bound(s.data, e, m[l] + 1);
      if (p > b) b = p;
      return true;
    });
    if (b > e) b = e;
  }

  // The list the level starts from (a reused raw set, or the shortest back-edge list) and the
  // intersections still to do.
  KOKKOS_INLINE_FUNCTION Span start_span(const EngineLevel& level, const vid_t* m, const Span* raw,
                                         std::uint8_t& intersect) const {
    if (level.reuse >= 0) {
      intersect = level.intersect;
      return at_level(raw, level.reuse);
    }
    int best = -1;
    Span s{nullptr, 0};
    every_level(level.intersect, [&](int l) {
      const Span c = lookup(m[l]);
      if (best < 0 || c.size < s.size) {
        best = l;
        s = c;
      }
      return true;
    });
    intersect = static_cast<std::uint8_t>(level.intersect & ~(1u << best));
    return s;
  }

  // Computes level i's raw set; for levels no later level reuses, only inside the bounds.
  KOKKOS_INLINE_FUNCTION Span enter(const member& team, const VectorLane& v, int i, const vid_t* m, const Span* raw) const {
    const EngineLevel& level = plan_level(i);
    std::uint8_t intersect = 0;
    Span s = start_span(level, m, raw, intersect);
    if (!level.keep_unbounded) {
      eid_t b, e;
      bound(level, m, s, b, e);
      s = Span{s.data + b, e - b};
    }
    if (level.slot < 0) return s;  // plain list: no set operation left
    vid_t* buf = buffers.data() + (worker(team) * num_slots() + level.slot) * width;
    const std::uint8_t subtract = level.subtract;
    if (lanes == 1 && subtract == 0 && single_bit(intersect)) {
      // One lane (host backends): a sequential merge with the one remaining list beats a
      // binary search per element unless the lists are very skewed.
      const Span other = lookup(at_level(m, lowest_bit(intersect)));
      if (!set_ops::prefer_binary_search(s.size, other.size, probe_cost)) {
        eid_t n = 0;
        eid_t j = 0;
        for (eid_t k = 0; k < s.size && j < other.size; ++k) {
          const vid_t x = s.data[k];
          while (j < other.size && other.data[j] < x) ++j;
          if (j < other.size && other.data[j] == x) buf[n++] = x;
        }
        return Span{buf, n};
      }
    }
    // One list left to intersect: its pivots in scratch (when it is long and lanes share it).
    const bool one_list = subtract == 0 && single_bit(intersect);
    const PivotSpan other = one_list ? pivot_span(team, lookup(at_level(m, lowest_bit(intersect)))) : PivotSpan{Span{nullptr, 0}, nullptr, 0};
    const eid_t size = compact(
        team, v, s.size, buf,
        [&](const eid_t k) {
          const vid_t x = s.data[k];
          return one_list ? pivot_contains(other, x) : passes_set_ops(x, intersect, subtract, m);
        },
        [&](const eid_t k) { return s.data[k]; });
    return Span{buf, size};
  }

  // |{x in s[b, e) : x survives the remaining set operations}|, without writing anything:
  // a window length when none is left, an intersection count split among the lanes when one
  // list is left (|A \ B| = |A| - |A ∩ B| for a difference), else one candidate per lane.
  // Returns this lane's share; `serial`: one lane computes the whole count alone (inside a loop
  // of its own over candidates) and returns it.
  KOKKOS_INLINE_FUNCTION count_t count_survivors(const member& team, const VectorLane& v, Span s, eid_t b, eid_t e,
                                                 std::uint8_t intersect, std::uint8_t subtract, const vid_t* m,
                                                 bool serial = false) const {
    if (b >= e) return 0;
    // One lane (host backends) is the serial count without a vector reduction around it: the
    // same searches, fewer instructions per task (triangles: most of a unit's work is here).
    serial = serial || lanes == 1;
    const eid_t na = e - b;
    const count_t all = serial ? static_cast<count_t>(na) : lane_share(v, static_cast<count_t>(na));
    if (intersect == 0 && subtract == 0) return all;
    const vid_t* a = s.data + b;
    count_t found = 0;
    if (single_bit(static_cast<std::uint8_t>(intersect | subtract))) {
      const Span other =
          intersect != 0 ? lookup(at_level(m, lowest_bit(intersect))) : symmetric(at_level(m, lowest_bit(subtract)));
      const bool binary = set_ops::prefer_binary_search(na, other.size, serial ? 4 : probe_cost);
      if (serial) {
        found = binary ? set_ops::intersect_binary(0, 1, a, na, other.data, other.size, set_ops::NoMatchHook{})
                       : set_ops::intersect_merge(0, 1, a, na, other.data, other.size, set_ops::NoMatchHook{});
      } else if (binary && pivots > 0) {  // the shorter list's entries, each searched in the longer one's pivots
        const bool a_shorter = na <= other.size;
        const Span shorter = a_shorter ? Span{a, na} : other;
        const PivotSpan longer = pivot_span(team, a_shorter ? other : Span{a, na});
        found = settle(team, v, lane_count(v, shorter.size, [&](const eid_t k) -> count_t {
                         return pivot_contains(longer, shorter.data[k]) ? 1 : 0;
                       }));
      } else {
        found = settle(team, v,
                       binary ? set_ops::intersect_binary(v.lane, v.stride, a, na, other.data, other.size, set_ops::NoMatchHook{})
                              : set_ops::intersect_merge(v.lane, v.stride, a, na, other.data, other.size, set_ops::NoMatchHook{}));
      }
      return intersect != 0 ? found : all - found;
    }
    if (serial) {
      for (eid_t k = 0; k < na; ++k)
        if (passes_set_ops(a[k], intersect, subtract, m)) ++found;
      return found;
    }
    return settle(team, v, lane_count(v, na, [&](const eid_t k) -> count_t {
                    return passes_set_ops(a[k], intersect, subtract, m) ? 1 : 0;
                  }));
  }

  // Counting-only last level: the survivors of the window, minus the earlier matched vertices
  // the level must exclude explicitly (each found in the window and surviving the set
  // operations costs one binary search), or, for a pair level, Σ over the window's survivors
  // of their rank among all survivors of the start list (partners below) or of the survivors
  // above them (partners above): w * outside + w (w - 1) / 2, from the lanes' sums (a product
  // needs whole counts). This lane's share, or (`serial`) the whole count.
  KOKKOS_INLINE_FUNCTION count_t count_by_size(const member& team, const VectorLane& v, const EngineLevel& level,
                                               const vid_t* m, Span s, eid_t b, eid_t e, std::uint8_t intersect,
                                               bool serial = false) const {
    count_t w = count_survivors(team, v, s, b, e, intersect, level.subtract, m, serial);
    if (pair_mode() != 0) {
      count_t outside = pair_mode() > 0 ? count_survivors(team, v, s, 0, b, intersect, level.subtract, m, serial)
                                      : count_survivors(team, v, s, e, s.size, intersect, level.subtract, m, serial);
      if (!serial) {
        w = tessera::detail::sum_vector_lanes<ExecSpace>(team, v, w);
        outside = tessera::detail::sum_vector_lanes<ExecSpace>(team, v, outside);
      }
      const count_t pairs = w * outside + (w > 0 ? w * (w - 1) / 2 : 0);
      return serial ? pairs : lane_share(v, pairs);
    }
    count_t excluded = 0;
    every_level(level.distinct, [&](int l) {
      if (set_ops::contains(s.data + b, e - b, m[l]) && passes_set_ops(m[l], intersect, level.subtract, m)) ++excluded;
      return true;
    });
    return w - (serial ? excluded : lane_share(v, excluded));
  }

  // Marks data vertex v in pattern vertex p's domain. The plain read first: almost every
  // vertex is marked by an earlier match already, and a stale read only costs one atomic.
  KOKKOS_INLINE_FUNCTION void mark_domain(int p, vid_t v) const {
    domain_word_t* word = &domains(p, v / 32);
    const domain_word_t bit = domain_word_t(1) << (v % 32);
    if (!(*static_cast<volatile domain_word_t*>(word) & bit)) Kokkos::atomic_fetch_or(word, bit);
  }

  // Batched domains: the rows of the pattern whose labels this match (last level i, vertex x)
  // has, if any.
  KOKKOS_INLINE_FUNCTION void mark_labelled_rows(int i, const vid_t* m, vid_t x) const {
    vid_t at[k_engine_max_levels];
    for (int l = 0; l < i; ++l) at[plan.vertex_of_level[l]] = m[l];
    at[plan.vertex_of_level[i]] = x;
    const int k = i + 1;
    long long index = 0;
    for (int p = k - 1; p >= 0; --p) index = index * domain_label_count + domain_labels(at[p]);
    const long long base = index * k;
    if (domain_rows(base) < 0) return;  // no pattern has these labels
    for (int p = 0; p < k; ++p) mark_domain(domain_rows(base + p), at[p]);
  }
};

}  // namespace tessera::mining::detail
