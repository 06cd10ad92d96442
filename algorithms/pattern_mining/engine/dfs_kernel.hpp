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
#include <Kokkos_Core.hpp>

#include <type_traits>
#include <utility>

#include "algorithms/pattern_mining/engine/engine_plan.hpp"
#include "algorithms/pattern_mining/engine/local_bitmap.hpp"
#include "algorithms/pattern_mining/engine/task_share.hpp"
#include "core/kokkos_ext/vector_lanes.hpp"
#include "core/set_ops/intersect.hpp"
#include "core/types.hpp"

namespace tessera::mining::detail {

using atomic_counter_t = unsigned long long;  // native 64-bit atomics on CUDA
using wedge_counter_t = unsigned int;         // wedges ending at one vertex (<= its degree)
using domain_word_t = unsigned int;           // domain bitmaps: native 32-bit atomic OR on CUDA

// Everything a DFS launch reads (graph, plan, tasks, buffers): filled once by the host
// (engine.cpp) and copied into whichever kernel variant runs.
template <class ExecSpace>
struct DfsKernelData {
  using memory_space = typename ExecSpace::memory_space;

  // Graph: `lookup` lists serve intersections (the DAG for cliques), `sym` lists differences.
  Kokkos::View<const eid_t*, memory_space> lookup_rows;
  Kokkos::View<const vid_t*, memory_space> lookup_entries;
  Kokkos::View<const eid_t*, memory_space> sym_rows;
  Kokkos::View<const vid_t*, memory_space> sym_entries;
  Kokkos::View<const label_t*, memory_space> labels;
  EnginePlan plan;
  int first_level = 2;  // 1: vertex tasks (task_v unused), 2: edge tasks
  int lanes = 1;
  int team_threads = 1;  // independent workers per team (warps of one block on CUDA)
  // A binary-search probe costs this many sequential reads when choosing between merging and
  // binary search (set_ops::prefer_binary_search): 1 on GPUs, 4 on hosts, as in the TC kernels.
  int probe_cost = 1;

  // Work units: unit u belongs to task t with unit_end(t-1) <= u < unit_end(t) (inclusive
  // prefix of parts per task; extent 0 means one part per task).
  Kokkos::View<const vid_t*, memory_space> task_u;
  Kokkos::View<const vid_t*, memory_space> task_v;
  Kokkos::View<const eid_t*, memory_space> unit_end;
  // The units are this process's share (task_share.hpp) of the share_total units, by local
  // index: local unit i is unit share.unit(i, share_total) of the task list.
  TaskShare share;
  eid_t share_total = 0;
  eid_t unit_begin = 0, unit_stop = 0;  // the (local) units of this launch
  eid_t chunk = 1;
  eid_t single_units = 0;  // count mode: the leading (heaviest) units are taken one at a time
  Kokkos::View<atomic_counter_t, memory_space> next_chunk;

  Kokkos::View<vid_t*, memory_space> buffers;  // workers × plan.num_slots × width
  eid_t width = 0;

  // Local search (plan.local_search): per worker local_stride words for W's bitmap rows and
  // one candidate bitmap per level; tasks with local_min <= |W| <= local_max use it.
  Kokkos::View<word_t*, memory_space> local_words;
  eid_t local_stride = 0, local_min = k_min_local_size, local_max = 0;
  // Flat last two levels (count mode): taken when the last level's shared lists are at most
  // this long (0: never).
  eid_t flat_max = 0;
  // Pivot lists (several lanes): before the lanes binary-search one list of more than `pivots`
  // vertices together, they copy `pivots` evenly spaced entries of it into the worker's pivot
  // buffer (one load in parallel, one cache line), and every search starts there: the first
  // log2(pivots) probes, each a dependent load of a different cache line of the list, become
  // reads of that one line (0: never).
  int pivots = 0;
  Kokkos::View<vid_t*, memory_space> pivot_buffers;  // workers × pivots
  // Flat pairs (count mode, switch flat): when the last level starts from a reused list S and
  // the rest of the level before it times |S| is at most this, every (candidate, S element)
  // pair takes a lane (0: never).
  eid_t flat_pairs_max = 0;
  // Lane sums (count mode): every vector lane keeps its own partial count, and a worker's lanes
  // add theirs once, when it runs out of work (G2Miner's per-thread counters). Off: the lanes'
  // counts are added after every set operation (a vector reduction each, as before).
  bool lane_sums = true;
  // Materialised levels (and the wedge path's list of long segments) are compacted by a vote of
  // the lanes per `lanes` candidates, each candidate tested once; off, or where the backend has
  // no vote (detail::HasVectorVote): a vector scan, which on CUDA tests each candidate twice.
  bool vote = true;

  // Wedge aggregation (plan.wedge): per worker one counter per data vertex (wedge_stride =
  // vertices), all zero between tasks (the kernel resets what it counted).
  Kokkos::View<wedge_counter_t*, memory_space> wedge_counts;
  eid_t wedge_stride = 0;

  // Listing: rows of pattern-vertex-ordered matches and the next free row.
  Kokkos::View<vid_t**, Kokkos::LayoutRight, memory_space> out;
  Kokkos::View<atomic_counter_t, memory_space> cursor;

  // Domain mode (FSM support, list kernels only): when set, every match marks its data vertex
  // v of pattern vertex p as bit v % 32 of domains(p, v / 32) instead of writing a row.
  Kokkos::View<domain_word_t**, Kokkos::LayoutRight, memory_space> domains;
  // Domains of several labelled patterns in one launch of their unlabelled plan (FSM levels 1
  // and 2): when domain_rows is set, a match's dense labels (domain_labels, in pattern-vertex
  // order, index = sum of label(p) * domain_label_count^p) select the rows instead:
  // domain_rows(index * k + p) is pattern vertex p's row, -1 for label tuples of no pattern.
  Kokkos::View<const int*, memory_space> domain_rows;
  Kokkos::View<const label_t*, memory_space> domain_labels;
  int domain_label_count = 0;
};

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
template <class ExecSpace, bool List, bool Local = false, bool Flat = false, bool Wedge = false, bool Capped = false,
          int Levels = 0>
struct DfsKernel : DfsKernelData<ExecSpace> {
  static_assert(Levels == 0 || (Levels >= 3 && Levels <= k_engine_max_levels && !List && !Wedge && !Local),
                "fixed depth: count kernels without wedge aggregation or local search, 3 to k_engine_max_levels levels");
  static constexpr bool k_fixed = Levels > 0;
  static constexpr int k_levels = k_fixed ? Levels : k_engine_max_levels;
  using memory_space = typename ExecSpace::memory_space;
  using base_policy =
      std::conditional_t<Capped, Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<128, 8>>, Kokkos::TeamPolicy<ExecSpace>>;
  // The functor (about 1 KB) goes to the kernel as an argument, not through constant memory with
  // a wait for the previous such launch (core/kokkos_ext/launch.hpp).
  using policy = decltype(Kokkos::Experimental::require(std::declval<base_policy>(),
                                                        Kokkos::Experimental::WorkItemProperty::HintLightWeight));
  using member = typename policy::member_type;
  using Data = DfsKernelData<ExecSpace>;
  using Data::lookup_rows, Data::lookup_entries, Data::sym_rows, Data::sym_entries, Data::labels, Data::plan,
      Data::first_level, Data::lanes, Data::team_threads, Data::probe_cost, Data::task_u, Data::task_v, Data::unit_end,
      Data::share, Data::share_total, Data::unit_begin, Data::unit_stop, Data::chunk, Data::single_units,
      Data::next_chunk, Data::buffers, Data::width, Data::local_words, Data::local_stride, Data::local_min,
      Data::local_max, Data::flat_max, Data::flat_pairs_max, Data::pivots, Data::pivot_buffers, Data::wedge_counts,
      Data::wedge_stride, Data::out, Data::cursor, Data::domains, Data::domain_rows, Data::domain_labels, Data::lane_sums, Data::vote,
      Data::domain_label_count;

  using VectorLane = tessera::detail::VectorLane;
  static constexpr bool k_has_vote = tessera::detail::HasVectorVote<ExecSpace>::value;

  DfsKernel() = default;
  explicit DfsKernel(const Data& data) : Data(data) {}

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
    const EngineLevel& level = plan.levels[i];
    std::uint8_t intersect = 0;
    Span s = start_span(level, m, raw, intersect);
    if (!level.keep_unbounded) {
      eid_t b, e;
      bound(level, m, s, b, e);
      s = Span{s.data + b, e - b};
    }
    if (level.slot < 0) return s;  // plain list: no set operation left
    vid_t* buf = buffers.data() + (worker(team) * plan.num_slots + level.slot) * width;
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
    if (plan.pair != 0) {
      count_t outside = plan.pair > 0 ? count_survivors(team, v, s, 0, b, intersect, level.subtract, m, serial)
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

  // Matches at the last level i (count mode), or writes them (list mode: rows, or domains). With parts > 1 only
  // every parts-th candidate from `part` on is taken (hub splitting at the first DFS level).
  // This lane's share of the matches.
  KOKKOS_FORCEINLINE_FUNCTION count_t finish(const member& team, const VectorLane& v, int i, const vid_t* m, const Span* raw,
                                        eid_t part, eid_t parts) const {
    if constexpr (Wedge && !List) return finish_wedges(team, v, i, m, raw, part, parts);
    const EngineLevel& level = plan.levels[i];
    std::uint8_t intersect = 0;
    const Span s = start_span(level, m, raw, intersect);
    eid_t b, e;
    bound(level, m, s, b, e);
    // Size counting needs the whole window in one unit (units never split the last level;
    // should one be split, its first part counts everything).
    if (!List && plan.count_by_size && level.label < 0) return part == 0 ? count_by_size(team, v, level, m, s, b, e, intersect) : 0;
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
    const EngineLevel& ly = plan.levels[i];
    const EngineLevel& lx = plan.levels[i + 1];
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
    vid_t* longs = buffers.data() + (worker(team) * plan.num_slots + plan.wedge_slot) * width;
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

  // The last level below one candidate x = m[i - 1], counted by one lane alone.
  KOKKOS_INLINE_FUNCTION count_t finish_serial(const member& team, const VectorLane& v, int i, const vid_t* m,
                                               const Span* raw) const {
    const EngineLevel& level = plan.levels[i];
    std::uint8_t intersect = 0;
    const Span s = start_span(level, m, raw, intersect);
    eid_t b, e;
    bound(level, m, s, b, e);
    if (plan.count_by_size && level.label < 0) return count_by_size(team, v, level, m, s, b, e, intersect, true);
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
                    if (!admissible(plan.levels[i], x, m)) return 0;
                    vid_t mine[k_levels];
                    for (int l = 0; l < k_levels; ++l) mine[l] = l < i ? m[l] : x;
                    return finish_serial(team, v, i + 1, mine, raw);
                  }));
  }

  // Flat pairs (plan.pair == 0, the last level i + 1 starting from a reused raw set S): the
  // rest of loop level i's window [from, end) (stride `step`) times S, one (x, y) pair per
  // lane, y checked against level i + 1's bounds, labels, inequalities and remaining set
  // operations below x. All of them in one or two rounds of the lanes (a 4-clique task whose
  // common neighbourhood W has a few vertices: |W|² pairs) instead of a round per x. This lane's share.
  KOKKOS_INLINE_FUNCTION count_t finish_pairs(const member& team, const VectorLane& v, int i, const vid_t* m,
                                              const Span* raw, eid_t from, eid_t end, eid_t step) const {
    const EngineLevel& lx = plan.levels[i];
    const EngineLevel& ly = plan.levels[i + 1];
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
    const EngineLevel& level = plan.levels[last];
    if (level.reuse >= 0) return at_level(raw, level.reuse).size <= flat_max;
    eid_t shortest = flat_max + 1;
    every_level(static_cast<std::uint8_t>(level.intersect & ~(1u << (last - 1))), [&](int l) {
      const eid_t len = lookup(m[l]).size;
      if (len < shortest) shortest = len;
      return true;
    });
    return shortest <= flat_max;
  }

  // Local search, level i >= 3: the position range [lo, hi) its bounds allow.
  KOKKOS_INLINE_FUNCTION void local_range(int i, const vid_t* m, const eid_t* loc, Span W, eid_t& lo, eid_t& hi) const {
    const EngineLevel& level = plan.levels[i];
    lo = 0;
    hi = W.size;
    std::uint8_t up = level.upper, down = level.lower;
    for (int l = 0; up != 0; ++l, up >>= 1)
      if (up & 1u) {
        const eid_t p = l >= 2 ? loc[l] : set_ops::lower_bound(W.data, W.size, m[l]);
        if (p < hi) hi = p;
      }
    for (int l = 0; down != 0; ++l, down >>= 1)
      if (down & 1u) {
        const eid_t p = l >= 2 ? loc[l] + 1 : set_ops::lower_bound(W.data, W.size, m[l] + 1);
        if (p > lo) lo = p;
      }
  }

  // Word k of level i's candidates: the AND of the rows of its back-edge levels >= 2, cut to
  // [lo, hi), minus explicit inequalities (m0, m1 are never in W).
  KOKKOS_INLINE_FUNCTION word_t local_word(int i, const eid_t* loc, const word_t* rows, eid_t nw, eid_t k, eid_t lo,
                                           eid_t hi) const {
    const EngineLevel& level = plan.levels[i];
    word_t v = range_mask(k, lo, hi);
    for (int l = 2; l < i; ++l) {
      if ((level.local_rows >> l) & 1u) v &= rows[loc[l] * nw + k];
      if (((level.distinct >> l) & 1u) && loc[l] / k_word_bits == k) v &= ~(word_t(1) << (loc[l] % k_word_bits));
    }
    return v;
  }

  // Level i's candidate bitmap into `out`, the words shared among the lanes.
  KOKKOS_INLINE_FUNCTION void local_level(const member& team, int i, const vid_t* m, const eid_t* loc, Span W,
                                          const word_t* rows, word_t* out) const {
    const eid_t nw = words_for(W.size);
    eid_t lo, hi;
    local_range(i, m, loc, W, lo, hi);
    vector_barrier(team);  // no lane still counts below the level's previous bitmap (local_last_pair)
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, nw),
                         [&](const eid_t k) { out[k] = local_word(i, loc, rows, nw, k, lo, hi); });
  }

  // The last two levels i, i + 1 at once: the positions of level i's bitmap `cur` go one per
  // lane, and each lane counts level i + 1 below its position word by word alone (one lane
  // per candidate beats a lane-shared popcount of a few words per candidate). This lane's share.
  KOKKOS_INLINE_FUNCTION count_t local_last_pair(const member& team, const VectorLane& v, int i, const vid_t* m,
                                                 const eid_t* loc, Span W, const word_t* rows, const word_t* cur) const {
    const eid_t w = W.size, nw = words_for(w);
    return settle(team, v, lane_count(v, w, [&](const eid_t p) -> count_t {
                    if (!((cur[p / k_word_bits] >> (p % k_word_bits)) & 1u)) return 0;
                    eid_t mine[k_engine_max_levels];
                    for (int l = 2; l < i; ++l) mine[l] = loc[l];
                    mine[i] = p;
                    eid_t lo, hi;
                    local_range(i + 1, m, mine, W, lo, hi);
                    count_t f = 0;
                    for (eid_t k = lo / k_word_bits; lo < hi && k <= (hi - 1) / k_word_bits; ++k)
                      f += static_cast<count_t>(popcount(local_word(i + 1, mine, rows, nw, k, lo, hi)));
                    return f;
                  }));
  }

  // The sub-tree of one edge task from level 2 on, inside W = raw set of level 2 (sorted,
  // unbounded): W's bitmap rows once, then the levels as bitmaps of positions, the last two
  // together (local_last_pair). Levels >= 2 are positions in W (loc), never read from m. This
  // lane's share.
  KOKKOS_INLINE_FUNCTION count_t walk_local(const member& team, const VectorLane& v, const vid_t* m, Span W, eid_t part,
                                            eid_t parts) const {
    const int last = plan.last_level;
    const eid_t w = W.size, nw = words_for(w);
    word_t* rows = local_words.data() + worker(team) * local_stride;
    word_t* bits = rows + w * nw;  // level i's candidates at bits + (i - 2) * nw
    build_local_rows(team, W.data, w, [&](vid_t v) { return lookup(v); }, rows);
    eid_t b, e;
    bound(plan.levels[2], m, W, b, e);
    // Level 2: its window, every parts-th position from b + part (a split hub task).
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, nw), [&](const eid_t k) {
      word_t word = range_mask(k, b + part, e);
      if (parts > 1)
        for (int bit = 0; bit < k_word_bits; ++bit)
          if ((word >> bit) & 1u && (k * k_word_bits + bit - b - part) % parts != 0) word &= ~(word_t(1) << bit);
      bits[k] = word;
    });
    vector_barrier(team);
    eid_t loc[k_engine_max_levels] = {}, pos[k_engine_max_levels] = {};
    count_t total = 0;
    int i = 2;
    while (i >= 2) {
      if (i + 1 == last) {
        total += local_last_pair(team, v, i, m, loc, W, rows, bits + (i - 2) * nw);
        --i;
        continue;
      }
      const eid_t j = next_set_bit(bits + (i - 2) * nw, w, pos[i]);
      if (j >= w) {
        --i;
        continue;
      }
      pos[i] = j + 1;
      loc[i] = j;
      ++i;
      local_level(team, i, m, loc, W, rows, bits + (i - 2) * nw);
      vector_barrier(team);
      pos[i] = 0;
    }
    return total;
  }

  // Whether the flat paths take over the rest of loop level i's window [pos, end) (stride step):
  // 1 flat pairs, 2 flat last two levels, 0 neither.
  KOKKOS_INLINE_FUNCTION int flat_path(int i, const vid_t* m, const Span* raw, eid_t pos, eid_t end, eid_t step) const {
    if (i + 1 != plan.last_level) return 0;
    const int last = plan.last_level;
    if (flat_pairs_max > 0 && plan.pair == 0 && plan.levels[last].reuse >= 0 &&
        (end - pos + step - 1) / step * at_level(raw, plan.levels[last].reuse).size <= flat_pairs_max)
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
      bound(plan.levels[I], m, raw[I], pos, end);
      pos += part;
      const int last = plan.last_level;
      count_t total = 0;
      for (; pos < end; pos += parts) {
        const vid_t x = raw[I].data[pos];
        if (!admissible(plan.levels[I], x, m)) continue;
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
    const int last = plan.last_level;
    const int first = first_level;
    eid_t pos[k_engine_max_levels], end[k_engine_max_levels], step[k_engine_max_levels];
    count_t total = 0;
    int i = first;
    auto open = [&](int level, eid_t offset, eid_t stride) {
      raw[level] = enter(team, v, level, m, raw);
      eid_t b, e;
      bound(plan.levels[level], m, raw[level], b, e);
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
      if (!admissible(plan.levels[i], x, m)) {
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
    if (first > plan.last_level) return lane_share(v, 1);  // the task itself is the match (a single edge)
    Span raw[k_levels];
    if constexpr (k_fixed)
      for (int l = 2; l < k_levels; ++l) raw[l] = Span{nullptr, 0};  // at_level reads every entry
    raw[0] = Span{nullptr, 0};
    raw[1] = lookup(m[0]);  // level 1 of an edge task: N(m0), for levels that reuse it
    if (first == plan.last_level) return finish(team, v, first, m, raw, part, parts);
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
    // The one reduction of the lanes' counts per worker (lane sums).
    const count_t worker_sum = tessera::detail::sum_vector_lanes<ExecSpace>(team, v, worker_total);
    Kokkos::single(Kokkos::PerThread(team), [&]() { sum += worker_sum; });
  }
};

}  // namespace tessera::mining::detail
