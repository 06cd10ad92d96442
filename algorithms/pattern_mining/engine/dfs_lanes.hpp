#pragma once
// The DFS kernel's first layer over its data (dfs_kernel.hpp lists the layers): a worker and its
// vector lanes (barriers, lane shares of counts, compaction), and loops over a plan's level masks
// that a fixed level count unrolls.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/pattern_mining/engine/compiled_plan.hpp"
#include "algorithms/pattern_mining/engine/dfs_kernel_data.hpp"
#include "core/kokkos_ext/vector_lanes.hpp"

namespace tessera::mining::detail {

// `Levels`: the plan's level count fixed at compile time (0: any depth; dfs_kernel.hpp).
// `Compiled`: the plan itself known at compile time (compiled_plan.hpp: the Levels-clique's).
template <class ExecSpace, int Levels, bool Compiled = false>
struct DfsLanes : DfsKernelData<ExecSpace> {
  using Data = DfsKernelData<ExecSpace>;
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  using VectorLane = tessera::detail::VectorLane;
  static constexpr bool k_fixed = Levels > 0;
  static constexpr int k_levels = k_fixed ? Levels : k_engine_max_levels;
  static constexpr bool k_has_vote = tessera::detail::HasVectorVote<ExecSpace>::value;
  using Data::lanes, Data::team_threads, Data::lane_sums, Data::vote, Data::plan;
  static_assert(!Compiled || (Levels >= k_compiled_clique_min && Levels <= k_compiled_clique_max),
                "the compiled plans are the 4- and 5-clique's");
  using CompiledPlan = CompiledClique<Compiled ? Levels : k_compiled_clique_min>;

  // The plan as the kernels read it: the launch's, or the compiled one's constants. A level is a
  // reference into the launch's plan, or a value the compiler folds.
  KOKKOS_FORCEINLINE_FUNCTION decltype(auto) plan_level(int i) const {
    if constexpr (Compiled)
      return compiled_clique_level<Levels>(i);
    else
      return (plan.levels[i]);
  }
  KOKKOS_FORCEINLINE_FUNCTION int last_level() const {
    if constexpr (Compiled) return CompiledPlan::last_level;
    else return plan.last_level;
  }
  KOKKOS_FORCEINLINE_FUNCTION int pair_mode() const {
    if constexpr (Compiled) return CompiledPlan::pair;
    else return plan.pair;
  }
  KOKKOS_FORCEINLINE_FUNCTION bool counted_by_size() const {
    if constexpr (Compiled) return CompiledPlan::count_by_size;
    else return plan.count_by_size;
  }
  KOKKOS_FORCEINLINE_FUNCTION int num_slots() const {
    if constexpr (Compiled) return CompiledPlan::num_slots;
    else return plan.num_slots;
  }

  DfsLanes() = default;
  explicit DfsLanes(const Data& data) : Data(data) {}

  struct Span {
    const vid_t* data;
    eid_t size;
  };

  // f(l) for every set bit l of the level mask `levels`, lowest first, while f returns true
  // (false: stopped there). With a fixed level count the loop is unrolled at compile time, so
  // f's m[l] and raw[l] are registers; otherwise it stops after the highest set bit.
  template <int L = 0, class F>
  static KOKKOS_FORCEINLINE_FUNCTION bool every_level(std::uint8_t levels, const F& f) {
    if constexpr (k_fixed) {
      if constexpr (L < k_levels) {
        if (((levels >> L) & 1u) && !f(L)) return false;
        return every_level<L + 1>(levels, f);
      }
      return true;
    } else {
      for (int l = 0; levels != 0; ++l, levels >>= 1)
        if ((levels & 1u) && !f(l)) return false;
      return true;
    }
  }
  // a[l] for a level l known only at run time: a chain of selects with a fixed level count (`a`
  // stays in registers), else an indexed load.
  template <class T>
  static KOKKOS_FORCEINLINE_FUNCTION T at_level(const T* a, int l) {
    if constexpr (k_fixed) {
      T x = a[0];
      every_level(0xff, [&](int j) {
        if (j == l) x = a[j];
        return true;
      });
      return x;
    } else {
      return a[l];
    }
  }

  static KOKKOS_INLINE_FUNCTION bool single_bit(std::uint8_t m) { return m != 0 && (m & (m - 1)) == 0; }
  static KOKKOS_INLINE_FUNCTION int lowest_bit(std::uint8_t m) {
    int l = 0;
    while (!((m >> l) & 1u)) ++l;
    return l;
  }

  // Each thread of a team is an independent worker (its own tasks and buffers); only its
  // vector lanes cooperate.
  KOKKOS_INLINE_FUNCTION eid_t worker(const member& team) const {
    return static_cast<eid_t>(team.league_rank()) * team_threads + team.team_rank();
  }
  // Orders the lanes' buffer writes before any lane reads them: a one-lane `single` ends
  // with a synchronisation of the thread's vector lanes (a warp sync on CUDA).
  static KOKKOS_INLINE_FUNCTION void vector_barrier(const member& team) {
    Kokkos::single(Kokkos::PerThread(team), []() {});
  }

  // Counts are kept as lane shares: every count a function returns (unless it says otherwise) is
  // this lane's part of it, the parts of a worker's lanes adding up to the count (modulo 2^64:
  // a difference may leave a lane's part "negative"). A count every lane knows goes to lane 0.
  static KOKKOS_INLINE_FUNCTION count_t lane_share(const VectorLane& v, count_t uniform) {
    return v.lane == 0 ? uniform : 0;
  }
  // Σ f(k) over k in [0, n), this lane's indices only (all of them on host backends).
  template <class F>
  static KOKKOS_INLINE_FUNCTION count_t lane_count(const VectorLane& v, eid_t n, const F& f) {
    count_t c = 0;
    for (eid_t k = v.lane; k < n; k += v.stride) c += f(k);
    return c;
  }
  // A lane's part of a count, as the caller keeps it: unchanged with lane sums, else added up
  // over the lanes at once (a vector reduction) and handed to lane 0.
  KOKKOS_INLINE_FUNCTION count_t settle(const member& team, const VectorLane& v, count_t part) const {
    if (lane_sums) return part;
    return lane_share(v, tessera::detail::sum_vector_lanes<ExecSpace>(team, v, part));
  }

  // Writes value(k) for every k in [0, n) with test(k), in order of k, to `out` and returns how
  // many (every lane). A barrier first: without reductions after each count, a lane may still be
  // reading what `out` held. With votes each lane tests its k of every group of `stride` once and
  // the vote places the hits; else a vector scan (whose body CUDA runs twice per element: once
  // for the lane above, once to write, hence the lane's cached answer).
  template <class Test, class Value>
  KOKKOS_INLINE_FUNCTION eid_t compact(const member& team, const VectorLane& v, eid_t n, vid_t* out, const Test& test,
                                       const Value& value) const {
    vector_barrier(team);
    eid_t written = 0;
    if (k_has_vote && vote) {
      for (eid_t base = 0; base < n; base += v.stride) {  // the same number of rounds on every lane
        const eid_t k = base + v.lane;
        const bool hit = k < n && test(k);
        int before = 0;
        const int hits = tessera::detail::vector_vote(hit, before);
        if (hit) out[written + before] = value(k);
        written += hits;
      }
    } else {
      eid_t last = 0;  // per lane: the prefix after the last element it wrote
      eid_t tested = -1;
      bool passed = false;
      Kokkos::parallel_scan(Kokkos::ThreadVectorRange(team, n), [&](const eid_t k, eid_t& offset, const bool final) {
        if (k != tested) {
          passed = test(k);
          tested = k;
        }
        const bool hit = passed;
        if (final && hit) out[offset] = value(k);
        if (hit) ++offset;
        if (final) last = offset;
      });
      Kokkos::parallel_reduce(
          Kokkos::ThreadVectorRange(team, lanes), [&](const int, eid_t& most) { most = last > most ? last : most; },
          Kokkos::Max<eid_t>(written));
    }
    vector_barrier(team);  // `out` is read by every lane from here on
    return written;
  }
};

}  // namespace tessera::mining::detail
