#pragma once
// The DFS kernel behind engine_count / engine_list (engine.hpp describes the mapping). A
// functor rather than a lambda: its helpers are device functions that nvcc accepts as members.
//
// Per team: the matched vertices m[], and per level its raw set (pointer + length into the
// graph or into the team's buffer) and the iteration window [pos, end). All vector lanes
// run the same control flow on identical values; only the set operations are split among
// lanes, and every buffer write is followed by a team barrier before anyone reads it.
#include <Kokkos_Core.hpp>

#include "algorithms/pattern_mining/engine/engine_plan.hpp"
#include "core/set_ops/intersect.hpp"
#include "core/types.hpp"

namespace tessera::mining::detail {

using atomic_counter_t = unsigned long long;  // native 64-bit atomics on CUDA

template <class ExecSpace, bool List>
struct DfsKernel {
  using memory_space = typename ExecSpace::memory_space;
  using policy = Kokkos::TeamPolicy<ExecSpace>;
  using member = typename policy::member_type;

  // Graph: `lookup` lists serve intersections (the DAG for cliques), `sym` lists differences.
  Kokkos::View<const eid_t*, memory_space> lookup_rows;
  Kokkos::View<const vid_t*, memory_space> lookup_entries;
  Kokkos::View<const eid_t*, memory_space> sym_rows;
  Kokkos::View<const vid_t*, memory_space> sym_entries;
  Kokkos::View<const label_t*, memory_space> labels;
  EnginePlan plan;
  int first_level = 2;  // 1: vertex tasks (task_v unused), 2: edge tasks
  int lanes = 1;
  // A binary-search probe costs this many sequential reads when choosing between merging and
  // binary search (set_ops::prefer_binary_search): 1 on GPUs, 4 on hosts, as in the TC kernels.
  int probe_cost = 1;

  // Work units: unit u belongs to task t with unit_end(t-1) <= u < unit_end(t) (inclusive
  // prefix of parts per task; extent 0 means one part per task).
  Kokkos::View<const vid_t*, memory_space> task_u;
  Kokkos::View<const vid_t*, memory_space> task_v;
  Kokkos::View<const eid_t*, memory_space> unit_end;
  eid_t unit_begin = 0, unit_stop = 0;  // the units of this launch
  eid_t chunk = 1;
  Kokkos::View<atomic_counter_t, memory_space> next_chunk;

  Kokkos::View<vid_t*, memory_space> buffers;  // teams × plan.num_slots × width
  eid_t width = 0;

  // Listing: rows of pattern-vertex-ordered matches and the next free row.
  Kokkos::View<vid_t**, Kokkos::LayoutRight, memory_space> out;
  Kokkos::View<atomic_counter_t, memory_space> cursor;

  struct Span {
    const vid_t* data;
    eid_t size;
  };

  static KOKKOS_INLINE_FUNCTION bool single_bit(std::uint8_t m) { return m != 0 && (m & (m - 1)) == 0; }
  static KOKKOS_INLINE_FUNCTION int lowest_bit(std::uint8_t m) {
    int l = 0;
    while (!((m >> l) & 1u)) ++l;
    return l;
  }

  KOKKOS_INLINE_FUNCTION Span lookup(vid_t v) const {
    const eid_t b = lookup_rows(v);
    return {lookup_entries.data() + b, lookup_rows(v + 1) - b};
  }
  KOKKOS_INLINE_FUNCTION Span symmetric(vid_t v) const {
    const eid_t b = sym_rows(v);
    return {sym_entries.data() + b, sym_rows(v + 1) - b};
  }

  // Does x survive level `level`'s remaining intersections and differences?
  KOKKOS_INLINE_FUNCTION bool passes_set_ops(vid_t x, std::uint8_t intersect, std::uint8_t subtract,
                                             const vid_t* m) const {
    for (int l = 0; intersect != 0; ++l, intersect >>= 1)
      if (intersect & 1u) {
        const Span s = lookup(m[l]);
        if (!set_ops::contains(s.data, s.size, x)) return false;
      }
    for (int l = 0; subtract != 0; ++l, subtract >>= 1)
      if (subtract & 1u) {
        const Span s = symmetric(m[l]);
        if (set_ops::contains(s.data, s.size, x)) return false;
      }
    return true;
  }

  // Injectivity and labels: checked per candidate when iterating.
  KOKKOS_INLINE_FUNCTION bool admissible(const EngineLevel& level, vid_t x, const vid_t* m) const {
    if (level.label >= 0 && labels(x) != level.label) return false;
    std::uint8_t d = level.distinct;
    for (int l = 0; d != 0; ++l, d >>= 1)
      if ((d & 1u) && m[l] == x) return false;
    return true;
  }

  // The window of a sorted span allowed by the level's symmetry bounds.
  KOKKOS_INLINE_FUNCTION void bound(const EngineLevel& level, const vid_t* m, Span s, eid_t& b, eid_t& e) const {
    b = 0;
    e = s.size;
    std::uint8_t up = level.upper, lo = level.lower;
    for (int l = 0; up != 0; ++l, up >>= 1)
      if (up & 1u) {
        const eid_t p = set_ops::lower_bound(s.data, e, m[l]);
        if (p < e) e = p;
      }
    for (int l = 0; lo != 0; ++l, lo >>= 1)
      if (lo & 1u) {
        const eid_t p = set_ops::lower_bound(s.data, e, m[l] + 1);
        if (p > b) b = p;
      }
    if (b > e) b = e;
  }

  // The list the level starts from (a reused raw set, or the shortest back-edge list) and the
  // intersections still to do.
  KOKKOS_INLINE_FUNCTION Span start_span(const EngineLevel& level, const vid_t* m, const Span* raw,
                                         std::uint8_t& intersect) const {
    if (level.reuse >= 0) {
      intersect = level.intersect;
      return raw[level.reuse];
    }
    int best = -1;
    Span s{nullptr, 0};
    std::uint8_t bits = level.intersect;
    for (int l = 0; bits != 0; ++l, bits >>= 1)
      if (bits & 1u) {
        const Span c = lookup(m[l]);
        if (best < 0 || c.size < s.size) {
          best = l;
          s = c;
        }
      }
    intersect = static_cast<std::uint8_t>(level.intersect & ~(1u << best));
    return s;
  }

  // Computes level i's raw set; for levels no later level reuses, only inside the bounds.
  KOKKOS_INLINE_FUNCTION Span enter(const member& team, int i, const vid_t* m, const Span* raw) const {
    const EngineLevel& level = plan.levels[i];
    std::uint8_t intersect = 0;
    Span s = start_span(level, m, raw, intersect);
    if (!level.keep_unbounded) {
      eid_t b, e;
      bound(level, m, s, b, e);
      s = Span{s.data + b, e - b};
    }
    if (level.slot < 0) return s;  // plain list: no set operation left
    vid_t* buf = buffers.data() + (static_cast<eid_t>(team.league_rank()) * plan.num_slots + level.slot) * width;
    const std::uint8_t subtract = level.subtract;
    if (lanes == 1 && subtract == 0 && single_bit(intersect)) {
      // One lane (host backends): a sequential merge with the one remaining list beats a
      // binary search per element unless the lists are very skewed.
      const Span other = lookup(m[lowest_bit(intersect)]);
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
    eid_t last = 0;  // per lane: the prefix after the last element it wrote
    Kokkos::parallel_scan(Kokkos::ThreadVectorRange(team, s.size), [&](const eid_t k, eid_t& offset, const bool final) {
      const vid_t x = s.data[k];
      const bool hit = passes_set_ops(x, intersect, subtract, m);
      if (final && hit) buf[offset] = x;
      if (hit) ++offset;
      if (final) last = offset;
    });
    eid_t size = 0;
    Kokkos::parallel_reduce(
        Kokkos::ThreadVectorRange(team, lanes), [&](const int, eid_t& most) { most = last > most ? last : most; },
        Kokkos::Max<eid_t>(size));
    team.team_barrier();  // the buffer is read by every lane from here on
    return Span{buf, size};
  }

  // Matches at the last level i (count mode), or writes them (list mode). With parts > 1 only
  // every parts-th candidate from `part` on is taken (hub splitting at the first DFS level).
  KOKKOS_INLINE_FUNCTION count_t finish(const member& team, int i, const vid_t* m, const Span* raw, eid_t part,
                                        eid_t parts) const {
    const EngineLevel& level = plan.levels[i];
    std::uint8_t intersect = 0;
    const Span s = start_span(level, m, raw, intersect);
    eid_t b, e;
    bound(level, m, s, b, e);
    b += part;
    if (b >= e) return 0;
    const eid_t n = (e - b + parts - 1) / parts;
    const std::uint8_t subtract = level.subtract;
    if (!List && subtract == 0 && level.distinct == 0 && level.label < 0) {
      if (intersect == 0) return n;  // only bounds: the window is the answer
      if (parts == 1 && single_bit(intersect)) {
        // |window ∩ N(m[l])| with the lane-shared intersection of core/set_ops.
        const Span other = lookup(m[lowest_bit(intersect)]);
        const vid_t* a = s.data + b;
        const eid_t na = e - b;
        const bool binary = set_ops::prefer_binary_search(na, other.size, probe_cost);
        count_t found = 0;
        Kokkos::parallel_reduce(
            Kokkos::ThreadVectorRange(team, lanes),
            [&](const int lane, count_t& f) {
              f += binary ? set_ops::intersect_binary(lane, lanes, a, na, other.data, other.size, set_ops::NoMatchHook{})
                          : set_ops::intersect_merge(lane, lanes, a, na, other.data, other.size, set_ops::NoMatchHook{});
            },
            found);
        return found;
      }
    }
    count_t found = 0;
    Kokkos::parallel_reduce(
        Kokkos::ThreadVectorRange(team, n),
        [&](const eid_t k, count_t& f) {
          const vid_t x = s.data[b + k * parts];
          if (!admissible(level, x, m) || !passes_set_ops(x, intersect, subtract, m)) return;
          ++f;
          if (List) {
            const atomic_counter_t row = Kokkos::atomic_fetch_add(&cursor(), atomic_counter_t(1));
            if (row < static_cast<atomic_counter_t>(out.extent(0))) {
              for (int l = 0; l < i; ++l) out(row, plan.vertex_of_level[l]) = m[l];
              out(row, plan.vertex_of_level[i]) = x;
            }
          }
        },
        found);
    return found;
  }

  // The whole sub-tree of one work unit, depth first with an explicit stack.
  KOKKOS_INLINE_FUNCTION count_t walk(const member& team, vid_t* m, eid_t part, eid_t parts) const {
    const int last = plan.num_levels - 1;
    const int first = first_level;
    if (first > last) return 1;  // the task itself is the match (a single edge)
    Span raw[k_engine_max_levels];
    eid_t pos[k_engine_max_levels], end[k_engine_max_levels], step[k_engine_max_levels];
    raw[0] = Span{nullptr, 0};
    raw[1] = lookup(m[0]);  // level 1 of an edge task: N(m0), for levels that reuse it
    if (first == last) return finish(team, first, m, raw, part, parts);
    count_t total = 0;
    int i = first;
    auto open = [&](int level, eid_t offset, eid_t stride) {
      raw[level] = enter(team, level, m, raw);
      eid_t b, e;
      bound(plan.levels[level], m, raw[level], b, e);
      pos[level] = b + offset;
      end[level] = e;
      step[level] = stride;
    };
    open(first, part, parts);
    while (i >= first) {
      if (pos[i] >= end[i]) {
        if (--i >= first) pos[i] += step[i];
        continue;
      }
      const vid_t x = raw[i].data[pos[i]];
      if (!admissible(plan.levels[i], x, m)) {
        pos[i] += step[i];
        continue;
      }
      m[i] = x;
      if (i + 1 == last) {
        total += finish(team, last, m, raw, 0, 1);
        pos[i] += step[i];
      } else {
        ++i;
        open(i, 0, 1);
      }
    }
    return total;
  }

  KOKKOS_INLINE_FUNCTION eid_t task_of(eid_t unit, eid_t& part, eid_t& parts) const {
    if (unit_end.extent(0) == 0) {
      part = 0;
      parts = 1;
      return unit;
    }
    // First task whose inclusive prefix exceeds the unit.
    eid_t lo = 0, hi = static_cast<eid_t>(unit_end.extent(0));
    while (lo < hi) {
      const eid_t mid = lo + (hi - lo) / 2;
      if (unit_end(mid) <= unit)
        lo = mid + 1;
      else
        hi = mid;
    }
    const eid_t before = lo == 0 ? 0 : unit_end(lo - 1);
    part = unit - before;
    parts = unit_end(lo) - before;
    return lo;
  }

  KOKKOS_INLINE_FUNCTION void operator()(const member& team, count_t& sum) const {
    count_t team_total = 0;
    while (true) {
      eid_t c = 0;
      Kokkos::single(
          Kokkos::PerTeam(team),
          [&](eid_t& taken) { taken = static_cast<eid_t>(Kokkos::atomic_fetch_add(&next_chunk(), atomic_counter_t(1))); },
          c);
      const eid_t begin = unit_begin + c * chunk;
      if (begin >= unit_stop) break;
      const eid_t stop = begin + chunk < unit_stop ? begin + chunk : unit_stop;
      for (eid_t u = begin; u < stop; ++u) {
        eid_t part = 0, parts = 1;
        const eid_t t = task_of(u, part, parts);
        vid_t m[k_engine_max_levels];
        m[0] = task_u(t);
        if (first_level == 2) m[1] = task_v(t);
        team_total += walk(team, m, part, parts);
      }
    }
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sum += team_total; });
  }
};

}  // namespace tessera::mining::detail
