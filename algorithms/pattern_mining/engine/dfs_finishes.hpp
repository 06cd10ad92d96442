#pragma once
// The DFS kernel's last levels (dfs_kernel.hpp lists the layers): matches counted or written
// at the last level, and the flat paths that take the last two levels at once.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/pattern_mining/engine/dfs_wedges.hpp"

namespace tessera::mining::detail {

template <class ExecSpace, bool List, bool Wedge, int Levels, bool Compiled = false>
struct DfsFinishes : DfsWedges<ExecSpace, Levels, Compiled> {
  using Base = DfsWedges<ExecSpace, Levels, Compiled>;
  using Base::Base;
  using typename Base::member;
  using typename Base::VectorLane;
  using typename Base::Span;
  using Base::k_levels, Base::plan, Base::flat_max, Base::out, Base::cursor, Base::domains, Base::domain_rows,
      Base::plan_level, Base::counted_by_size,
      Base::every_level, Base::at_level, Base::lane_share, Base::lane_count, Base::settle, Base::lookup,
      Base::passes_set_ops, Base::admissible, Base::bound, Base::start_span, Base::count_by_size,
      Base::mark_domain, Base::mark_labelled_rows, Base::finish_wedges;

  // Matches at the last level i (count mode), or writes them (list mode: rows, or domains). With parts > 1 only
  // every parts-th candidate from `part` on is taken (hub splitting at the first DFS level).
  // This lane's share of the matches.
  KOKKOS_FORCEINLINE_FUNCTION count_t finish(const member& team, const VectorLane& v, int i, const vid_t* m, const Span* raw,
                                        eid_t part, eid_t parts) const {
    if constexpr (Wedge && !List) return finish_wedges(team, v, i, m, raw, part, parts);
    const EngineLevel& level = plan_level(i);
    std::uint8_t intersect = 0;
    const Span s = start_span(level, m, raw, intersect);
    eid_t b, e;
    bound(level, m, s, b, e);
    // Size counting needs the whole window in one unit (units never split the last level;
    // should one be split, its first part counts everything).
    if (!List && counted_by_size() && level.label < 0) return part == 0 ? count_by_size(team, v, level, m, s, b, e, intersect) : 0;
    b += part;
    if (b >= e) return 0;
    const eid_t n = (e - b + parts - 1) / parts;
    const std::uint8_t subtract = level.subtract;
    if constexpr (!List) {
      return settle(team, v, lane_count(v, n, [&](const eid_t k) -> count_t {
                      const vid_t x = s.data[b + k * parts];
                      return admissible(level, x, m) && passes_set_ops(x, intersect, subtract, m) ? 1 : 0;
                    }));
    }
    count_t found = 0;
    Kokkos::parallel_reduce(
        Kokkos::ThreadVectorRange(team, n),
        [&](const eid_t k, count_t& f) {
          const vid_t x = s.data[b + k * parts];
          if (!admissible(level, x, m) || !passes_set_ops(x, intersect, subtract, m)) return;
          ++f;
          if (List && domain_rows.extent(0) != 0) {
            mark_labelled_rows(i, m, x);
          } else if (List && domains.extent(0) != 0) {
            mark_domain(plan.vertex_of_level[i], x);
          } else if (List) {
            const atomic_counter_t row = Kokkos::atomic_fetch_add(&cursor(), atomic_counter_t(1));
            if (row < static_cast<atomic_counter_t>(out.extent(0))) {
              for (int l = 0; l < i; ++l) out(row, plan.vertex_of_level[l]) = m[l];
              out(row, plan.vertex_of_level[i]) = x;
            }
          }
        },
        found);
    // Domain mode: the earlier levels' vertices are the same for every match found here.
    if (List && domains.extent(0) != 0 && domain_rows.extent(0) == 0 && found > 0)
      Kokkos::single(Kokkos::PerThread(team), [&]() {
        for (int l = 0; l < i; ++l) mark_domain(plan.vertex_of_level[l], m[l]);
      });
    return lane_share(v, found);
  }

  // The last level below one candidate x = m[i - 1], counted by one lane alone.
  KOKKOS_INLINE_FUNCTION count_t finish_serial(const member& team, const VectorLane& v, int i, const vid_t* m,
                                               const Span* raw) const {
    const EngineLevel& level = plan_level(i);
    std::uint8_t intersect = 0;
    const Span s = start_span(level, m, raw, intersect);
    eid_t b, e;
    bound(level, m, s, b, e);
    if (counted_by_size() && level.label < 0) return count_by_size(team, v, level, m, s, b, e, intersect, true);
    count_t found = 0;
    for (eid_t k = b; k < e; ++k) {
      const vid_t x = s.data[k];
      if (admissible(level, x, m) && passes_set_ops(x, intersect, level.subtract, m)) ++found;
    }
    return found;
  }

  // Flat last two levels (plan.flat): the rest of loop level i's window [from, end) (stride
  // `step`) is spread over the lanes, one candidate each, and each lane counts the last level
  // below its candidate alone; better than one lane-shared intersection per candidate when the
  // lists are too short to keep the lanes busy. This lane's share.
  KOKKOS_INLINE_FUNCTION count_t finish_flat(const member& team, const VectorLane& v, int i, const vid_t* m,
                                             const Span* raw, eid_t from, eid_t end, eid_t step) const {
    const eid_t n = (end - from + step - 1) / step;
    const Span cand = raw[i];
    return settle(team, v, lane_count(v, n, [&](const eid_t k) -> count_t {
                    const vid_t x = cand.data[from + k * step];
                    if (!admissible(plan_level(i), x, m)) return 0;
                    vid_t mine[k_levels];
                    for (int l = 0; l < k_levels; ++l) mine[l] = l < i ? m[l] : x;
                    return finish_serial(team, v, i + 1, mine, raw);
                  }));
  }

  // Flat pairs (pair_mode() == 0, the last level i + 1 starting from a reused raw set S): the
  // rest of loop level i's window [from, end) (stride `step`) times S, one (x, y) pair per
  // lane, y checked against level i + 1's bounds, labels, inequalities and remaining set
  // operations below x. All of them in one or two rounds of the lanes (a 4-clique task whose
  // common neighbourhood W has a few vertices: |W|² pairs) instead of a round per x. This lane's share.
  KOKKOS_INLINE_FUNCTION count_t finish_pairs(const member& team, const VectorLane& v, int i, const vid_t* m,
                                              const Span* raw, eid_t from, eid_t end, eid_t step) const {
    const EngineLevel& lx = plan_level(i);
    const EngineLevel& ly = plan_level(i + 1);
    const Span cand = raw[i];
    const Span shared = raw[ly.reuse];
    const auto ns = static_cast<unsigned>(shared.size);
    const auto pairs = static_cast<unsigned>((end - from + step - 1) / step) * ns;  // <= flat_pairs_max
    return settle(team, v, lane_count(v, pairs, [&](const eid_t q) -> count_t {
                    const auto p = static_cast<unsigned>(q);
                    const vid_t x = cand.data[from + static_cast<eid_t>(p / ns) * step];
                    const vid_t y = shared.data[p % ns];
                    if (!admissible(lx, x, m)) return 0;
                    vid_t mine[k_levels];
                    for (int l = 0; l < k_levels; ++l) mine[l] = l < i ? m[l] : x;
                    if (!every_level(ly.upper, [&](int l) { return y < mine[l]; }) ||
                        !every_level(ly.lower, [&](int l) { return y > mine[l]; }))
                      return 0;
                    return admissible(ly, y, mine) && passes_set_ops(y, ly.intersect, ly.subtract, mine) ? 1 : 0;
                  }));
  }

  // Whether the last level's lists, apart from the one of the candidate itself, are short
  // enough (<= flat_max) for finish_flat (the caller also wants at least lanes / 4 candidates).
  KOKKOS_INLINE_FUNCTION bool flat_pays(int last, const vid_t* m, const Span* raw) const {
    const EngineLevel& level = plan_level(last);
    if (level.reuse >= 0) return at_level(raw, level.reuse).size <= flat_max;
    eid_t shortest = flat_max + 1;
    every_level(static_cast<std::uint8_t>(level.intersect & ~(1u << (last - 1))), [&](int l) {
      const eid_t len = lookup(m[l]).size;
      if (len < shortest) shortest = len;
      return true;
    });
    return shortest <= flat_max;
  }
};

}  // namespace tessera::mining::detail
