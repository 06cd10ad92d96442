#pragma once
// The DFS kernel's wedge aggregation (dfs_kernel.hpp lists the layers; SearchPlan::count_last_wedges):
// the last three levels of a count plan as per-vertex wedge counters.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/pattern_mining/engine/dfs_local_search.hpp"

namespace tessera::mining::detail {

template <class ExecSpace, int Levels, bool Compiled = false>
struct DfsWedges : DfsLocalSearch<ExecSpace, Levels, Compiled> {
  using Base = DfsLocalSearch<ExecSpace, Levels, Compiled>;
  using Base::Base;
  using typename Base::member;
  using typename Base::VectorLane;
  using typename Base::Span;
  using Base::lookup_rows, Base::plan, Base::lanes, Base::buffers, Base::width, Base::wedge_counts,
      Base::plan_level, Base::num_slots,
      Base::wedge_stride, Base::worker, Base::vector_barrier, Base::lane_count, Base::settle,
      Base::compact, Base::lookup, Base::passes_set_ops, Base::admissible, Base::bound, Base::start_span;

  // y's wedge segment: the positions [p, stop) of N(y) holding x ids in [lo, hi); false when y
  // is not admissible or fails its level's remaining set operations.
  KOKKOS_INLINE_FUNCTION bool wedge_segment(const EngineLevel& ly, std::uint8_t intersect, const vid_t* m, vid_t y,
                                            eid_t lo, eid_t hi, Span& ny, eid_t& p, eid_t& stop) const {
    if (!admissible(ly, y, m) || !passes_set_ops(y, intersect, ly.subtract, m)) return false;
    ny = lookup(y);
    stop = set_ops::lower_bound(ny.data, ny.size, static_cast<vid_t>(hi));
    p = set_ops::lower_bound(ny.data, stop, static_cast<vid_t>(lo));
    return true;
  }

  // Segments longer than this (hub y's) are walked by all lanes together; -1: none (one lane).
  KOKKOS_INLINE_FUNCTION eid_t long_segment() const { return lanes > 1 ? 4 * static_cast<eid_t>(lanes) : -1; }

  // Positions k (into the window s[b, e)) of the y's with long segments, written to `out`;
  // returns their number (every lane). Nothing is long with one lane.
  KOKKOS_INLINE_FUNCTION eid_t long_wedge_segments(const member& team, const VectorLane& v, const EngineLevel& ly,
                                                   std::uint8_t intersect, const vid_t* m, Span s, eid_t b, eid_t e,
                                                   eid_t lo, eid_t hi, vid_t* out) const {
    const eid_t long_length = long_segment();
    if (long_length < 0) return 0;
    return compact(
        team, v, e - b, out,
        [&](const eid_t k) {
          Span ny{nullptr, 0};
          eid_t p = 0, stop = 0;
          return wedge_segment(ly, intersect, m, s.data[b + k], lo, hi, ny, p, stop) && stop - p > long_length;
        },
        [&](const eid_t k) { return static_cast<vid_t>(k); });
  }

  // Σ f(x) over every wedge y-x of the window s[b, e): short segments one y per lane, walked by
  // that lane alone; the long ones (positions in `longs`, from long_wedge_segments) afterwards
  // one y at a time with the lanes striding over its x, so a hub y does not keep one lane busy
  // while the others idle. This lane's share of the sum.
  template <class F>
  KOKKOS_INLINE_FUNCTION count_t walk_wedges(const VectorLane& v, const EngineLevel& ly, std::uint8_t intersect,
                                             const vid_t* m, Span s, eid_t b, eid_t e, eid_t lo, eid_t hi,
                                             const vid_t* longs, eid_t num_long, const F& f) const {
    const eid_t long_length = long_segment();
    count_t total = lane_count(v, e - b, [&](const eid_t k) -> count_t {
      Span ny{nullptr, 0};
      eid_t p = 0, stop = 0;
      if (!wedge_segment(ly, intersect, m, s.data[b + k], lo, hi, ny, p, stop)) return 0;
      if (long_length >= 0 && stop - p > long_length) return 0;  // walked below
      count_t sum = 0;
      for (; p < stop; ++p) sum += f(ny.data[p]);
      return sum;
    });
    for (eid_t j = 0; j < num_long; ++j) {  // every lane on the same y
      Span ny{nullptr, 0};
      eid_t p = 0, stop = 0;
      wedge_segment(ly, intersect, m, s.data[b + longs[j]], lo, hi, ny, p, stop);
      total += lane_count(v, stop - p, [&](const eid_t q) -> count_t { return f(ny.data[p + q]); });
    }
    return total;
  }

  // Wedge aggregation (plan.wedge, SearchPlan::count_last_wedges) at level i = y: every
  // admissible x two hops away through the window of y gets one wedge per y in this worker's
  // counter row, and each x then closes C(c_x, 2) matches (the pairs y, z of its wedges). A
  // second walk over the same wedges reads and clears the counters. A split task (parts > 1)
  // takes the part-th of `parts` equal ranges of x's ids, so parts never share an x.
  KOKKOS_INLINE_FUNCTION count_t finish_wedges(const member& team, const VectorLane& v, int i, const vid_t* m,
                                               const Span* raw, eid_t part, eid_t parts) const {
    const EngineLevel& ly = plan_level(i);
    const EngineLevel& lx = plan_level(i + 1);
    std::uint8_t intersect = 0;
    const Span s = start_span(ly, m, raw, intersect);
    eid_t b, e;
    bound(ly, m, s, b, e);
    // x's ids allowed by its bounds (earlier levels only, never y), then this part's range.
    eid_t lo = 0, hi = static_cast<eid_t>(lookup_rows.extent(0)) - 1;
    for (int l = 0; l < i; ++l) {
      if ((lx.upper >> l) & 1u && m[l] < hi) hi = m[l];
      if ((lx.lower >> l) & 1u && m[l] + 1 > lo) lo = m[l] + 1;
    }
    if (lo >= hi || b >= e) return 0;
    if (parts > 1) {
      const eid_t span = hi - lo;
      hi = lo + span * (part + 1) / parts;
      lo = lo + span * part / parts;
    }
    const std::uint8_t x_intersect = static_cast<std::uint8_t>(lx.intersect & ~(1u << i));
    wedge_counter_t* counts = wedge_counts.data() + worker(team) * wedge_stride;
    const bool shared = v.stride > 1;  // lanes of one worker may meet the same x
    vid_t* longs = buffers.data() + (worker(team) * num_slots() + plan.wedge_slot) * width;
    const eid_t num_long = long_wedge_segments(team, v, ly, intersect, m, s, b, e, lo, hi, longs);
    walk_wedges(v, ly, intersect, m, s, b, e, lo, hi, longs, num_long, [&](const vid_t x) -> count_t {
      if (!admissible(lx, x, m) || !passes_set_ops(x, x_intersect, lx.subtract, m)) return 0;
      if (shared)
        Kokkos::atomic_add(&counts[x], wedge_counter_t(1));
      else
        ++counts[x];
      return 0;
    });
    vector_barrier(team);
    const count_t found = walk_wedges(v, ly, intersect, m, s, b, e, lo, hi, longs, num_long, [&](const vid_t x) -> count_t {
      wedge_counter_t c = 0;
      if (shared) {
        c = Kokkos::atomic_exchange(&counts[x], wedge_counter_t(0));
      } else if ((c = counts[x]) != 0) {
        counts[x] = 0;
      }
      return static_cast<count_t>(c) * (c > 0 ? c - 1 : 0) / 2;
    });
    vector_barrier(team);  // every counter is clear before the next task counts
    return settle(team, v, found);
  }
};

}  // namespace tessera::mining::detail
