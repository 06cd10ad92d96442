#pragma once
// The DFS kernel behind engine_count / engine_list (engine.hpp describes the mapping). A
// functor rather than a lambda: its helpers are device functions that nvcc accepts as members.
//
// Per worker (one team thread and its vector lanes): the matched vertices m[], and per level
// its raw set (pointer + length into the graph or into the worker's buffer) and the
// iteration window [pos, end). All vector lanes run the same control flow on identical
// values; only the set operations are split among lanes, and every buffer write is preceded
// and followed by a vector barrier (no lane still reads the old contents; every lane sees the
// new ones). Counts are lane shares (core/kokkos_ext/vector_lanes.hpp): each lane adds up what
// its own indices found, and a worker's lanes sum their shares once, when it runs out of work,
// as G2Miner's warps keep per-thread counters; candidate sets are compacted by a vote of the
// lanes. Count mode may end in the flat last two levels (a lane per candidate) or in local
// bitmap search (engine/local_bitmap.hpp).
//
// Layers, each a header and a class template over the one below (every layer's functions can
// call the layers under it): dfs_kernel_data.hpp (what a launch reads), dfs_lanes.hpp (a worker's
// lanes), dfs_set_ops.hpp (sets, windows, candidate tests), dfs_local_search.hpp, dfs_wedges.hpp,
// dfs_finishes.hpp (the last levels) and this file: the walk of a work unit and the kernel body.
#include <Kokkos_Core.hpp>

#include <type_traits>
#include <utility>

#include "algorithms/pattern_mining/engine/dfs_finishes.hpp"

namespace tessera::mining::detail {

// Kernel fission (paper §5, code generator): the optional paths are compile-time features, so a plan that
// needs neither local search nor flat levels runs a kernel without their code and registers
// (more warps fit per SM). `Local`: local bitmap search; `Flat`: flat last two levels;
// `Wedge`: wedge aggregation of the last three levels.
// `Capped`: launched with at most 128 threads per team and at least 8 teams per multiprocessor
// on GPUs, so the compiler keeps it to 64 registers per thread (32 resident warps per SM on an
// H200 instead of 20-24, at the cost of a few spilled values).
// `Levels`: the plan's level count fixed at compile time (count kernels of edge tasks on 4-level
// plans, switch fixed-depth, launch_config.hpp; 0: any depth). The DFS levels are then loops
// nested at compile time (descend<I>) and every loop over a level mask is unrolled, so each index
// into the matched vertices and raw sets is a constant: they and every level's window stay in
// registers, where the general walk's indexed stack lives in local memory, one copy per lane
// (G2Miner's kernels, one written per pattern, get the same from their fixed loop nests).
// `Compiled`: the plan too is known at compile time (compiled_plan.hpp: the Levels-clique's, 4
// and 5), so no level of it is read at run time.
template <class ExecSpace, bool List, bool Local = false, bool Flat = false, bool Wedge = false, bool Capped = false,
          int Levels = 0, bool Compiled = false>
struct DfsKernel : DfsFinishes<ExecSpace, List, Wedge, Levels, Compiled> {
  static_assert(Levels == 0 || (Levels >= 3 && Levels <= k_engine_max_levels && !List && !Wedge && !Local),
                "fixed depth: count kernels without wedge aggregation or local search, 3 to k_engine_max_levels levels");
  using memory_space = typename ExecSpace::memory_space;
  using base_policy =
      std::conditional_t<Capped, Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<128, 8>>, Kokkos::TeamPolicy<ExecSpace>>;
  // The functor (about 1 KB) goes to the kernel as an argument, not through constant memory with
  // a wait for the previous such launch (core/kokkos_ext/launch.hpp).
  using policy = decltype(Kokkos::Experimental::require(std::declval<base_policy>(),
                                                        Kokkos::Experimental::WorkItemProperty::HintLightWeight));
  using member = typename policy::member_type;
  using Base = DfsFinishes<ExecSpace, List, Wedge, Levels, Compiled>;
  using Data = DfsKernelData<ExecSpace>;
  static_assert(std::is_same_v<member, typename Base::member>, "every layer's team member is the launch's");
  using typename Base::VectorLane;
  using typename Base::Span;
  using Base::k_fixed, Base::k_levels, Base::plan, Base::first_level, Base::lanes, Base::task_u, Base::task_v,
      Base::plan_level, Base::last_level, Base::pair_mode,
      Base::unit_end, Base::share, Base::share_total, Base::unit_begin, Base::unit_stop, Base::chunk,
      Base::single_units, Base::next_chunk, Base::local_min, Base::local_max, Base::flat_max,
      Base::flat_pairs_max, Base::at_level, Base::lane_share, Base::lookup, Base::admissible, Base::bound,
      Base::enter, Base::walk_local, Base::finish, Base::finish_flat, Base::finish_pairs, Base::flat_pays;

  DfsKernel() = default;
  explicit DfsKernel(const Data& data) : Base(data) {}

  // Whether the flat paths take over the rest of loop level i's window [pos, end) (stride step):
  // 1 flat pairs, 2 flat last two levels, 0 neither.
  KOKKOS_INLINE_FUNCTION int flat_path(int i, const vid_t* m, const Span* raw, eid_t pos, eid_t end, eid_t step) const {
    if (i + 1 != last_level()) return 0;
    const int last = last_level();
    if (flat_pairs_max > 0 && pair_mode() == 0 && plan_level(last).reuse >= 0 &&
        (end - pos + step - 1) / step * at_level(raw, plan_level(last).reuse).size <= flat_pairs_max)
      return 1;
    if (flat_max > 0 && (end - pos) / step * 4 >= lanes && flat_pays(last, m, raw)) return 2;
    return 0;
  }

  // Fixed depth: DFS level I from opening its raw set to the end of its window, positions part,
  // part + parts, ...; the levels below nested at compile time. This lane's share.
  template <int I>
  KOKKOS_FORCEINLINE_FUNCTION count_t descend(const member& team, const VectorLane& v, vid_t* m, Span* raw, eid_t part,
                                              eid_t parts) const {
    if constexpr (I + 1 >= k_levels) {
      return 0;  // never reached: a DFS level is above the plan's last level
    } else {
      raw[I] = enter(team, v, I, m, raw);
      eid_t pos = 0, end = 0;
      bound(plan_level(I), m, raw[I], pos, end);
      pos += part;
      const int last = last_level();
      count_t total = 0;
      for (; pos < end; pos += parts) {
        const vid_t x = raw[I].data[pos];
        if (!admissible(plan_level(I), x, m)) continue;
        if constexpr (Flat) {
          const int flat = flat_path(I, m, raw, pos, end, parts);
          if (flat != 0) {
            total += flat == 1 ? finish_pairs(team, v, I, m, raw, pos, end, parts)
                               : finish_flat(team, v, I, m, raw, pos, end, parts);
            break;
          }
        }
        m[I] = x;
        total += I + 1 == last ? finish(team, v, I + 1, m, raw, 0, 1) : descend<I + 1>(team, v, m, raw, 0, 1);
      }
      return total;
    }
  }

  // Any depth: DFS levels first..last_level with an explicit stack of windows, starting at
  // positions part, part + parts, ... of the first level. This lane's share.
  KOKKOS_INLINE_FUNCTION count_t walk_stack(const member& team, const VectorLane& v, vid_t* m, Span* raw, eid_t part,
                                            eid_t parts) const {
    const int last = last_level();
    const int first = first_level;
    eid_t pos[k_engine_max_levels], end[k_engine_max_levels], step[k_engine_max_levels];
    count_t total = 0;
    int i = first;
    auto open = [&](int level, eid_t offset, eid_t stride) {
      raw[level] = enter(team, v, level, m, raw);
      eid_t b, e;
      bound(plan_level(level), m, raw[level], b, e);
      pos[level] = b + offset;
      end[level] = e;
      step[level] = stride;
    };
    open(first, part, parts);
    if constexpr (Local) {
      if (plan.local_search && raw[first].size >= local_min && raw[first].size <= local_max)
        return walk_local(team, v, m, raw[first], part, parts);
    }
    while (i >= first) {
      if (pos[i] >= end[i]) {
        if (--i >= first) pos[i] += step[i];
        continue;
      }
      const vid_t x = raw[i].data[pos[i]];
      if (!admissible(plan_level(i), x, m)) {
        pos[i] += step[i];
        continue;
      }
      if constexpr (Flat && !List) {
        const int flat = flat_path(i, m, raw, pos[i], end[i], step[i]);
        if (flat != 0) {
          total += flat == 1 ? finish_pairs(team, v, i, m, raw, pos[i], end[i], step[i])
                             : finish_flat(team, v, i, m, raw, pos[i], end[i], step[i]);
          pos[i] = end[i];
          continue;
        }
      }
      m[i] = x;
      if (i + 1 == last) {
        total += finish(team, v, last, m, raw, 0, 1);
        pos[i] += step[i];
      } else {
        ++i;
        open(i, 0, 1);
      }
    }
    return total;
  }

  // The whole sub-tree of one work unit, depth first: nested at compile time with a fixed level
  // count (descend), else with an explicit stack (walk_stack). This lane's share of its matches.
  KOKKOS_FORCEINLINE_FUNCTION count_t walk(const member& team, const VectorLane& v, vid_t* m, eid_t part, eid_t parts) const {
    const int first = first_level;
    if (first > last_level()) return lane_share(v, 1);  // the task itself is the match (a single edge)
    Span raw[k_levels];
    if constexpr (k_fixed)
      for (int l = 2; l < k_levels; ++l) raw[l] = Span{nullptr, 0};  // at_level reads every entry
    raw[0] = Span{nullptr, 0};
    raw[1] = lookup(m[0]);  // level 1 of an edge task: N(m0), for levels that reuse it
    if (first == last_level()) return finish(team, v, first, m, raw, part, parts);
    if constexpr (k_fixed)
      return descend<2>(team, v, m, raw, part, parts);  // edge tasks only (resolve_launch)
    else
      return walk_stack(team, v, m, raw, part, parts);
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

  KOKKOS_FORCEINLINE_FUNCTION void operator()(const member& team, count_t& sum) const {
    const VectorLane v = tessera::detail::this_vector_lane<ExecSpace>(team, lanes);
    count_t worker_total = 0;  // this lane's share of this worker's matches
    while (true) {
      eid_t c = 0;
      Kokkos::single(
          Kokkos::PerThread(team),
          [&](eid_t& taken) { taken = static_cast<eid_t>(Kokkos::atomic_fetch_add(&next_chunk(), atomic_counter_t(1))); },
          c);
      // The first single_units units one at a time (heavy tasks first), then chunks.
      const eid_t begin = unit_begin + (c < single_units ? c : single_units + (c - single_units) * chunk);
      if (begin >= unit_stop) break;
      const eid_t size = c < single_units ? 1 : chunk;
      const eid_t stop = begin + size < unit_stop ? begin + size : unit_stop;
      for (eid_t u = begin; u < stop; ++u) {
        eid_t part = 0, parts = 1;
        // The whole sequence needs no mapping: share.unit costs a 64-bit division per unit, as
        // much as a short intersection on a CPU (the issue-12 clique slowdown on OpenMP).
        const eid_t t = task_of(share.whole() ? u : share.unit(u, share_total), part, parts);
        vid_t m[k_levels];
        if constexpr (k_fixed)
          for (int l = 2; l < k_levels; ++l) m[l] = 0;  // at_level reads every entry
        m[0] = task_u(t);
        if (first_level == 2) m[1] = task_v(t);
        worker_total += walk(team, v, m, part, parts);
      }
    }
    // The one reduction of the lanes' counts per worker (lane sums); every lane adds the worker's
    // total (the rule of tessera::detail::sum_teams_into, which launches this kernel).
    sum += tessera::detail::sum_vector_lanes<ExecSpace>(team, v, worker_total);
  }
};

}  // namespace tessera::mining::detail
