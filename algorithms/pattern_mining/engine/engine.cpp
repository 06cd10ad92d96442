// Host side of the DFS engine: task lists, hub splitting, team sizing, buffers, listing
// batches. The kernel itself is dfs_kernel.hpp.
#include "algorithms/pattern_mining/engine/engine.hpp"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "algorithms/pattern_mining/engine/dfs_kernel.hpp"
#include "core/error.hpp"
#include "core/util/names.hpp"
#include "core/graph/orientation.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/scan.hpp"

namespace tessera::mining {

TaskKind parse_task_kind(const std::string& name) {
  for (auto kind : {TaskKind::edge, TaskKind::vertex})
    if (same_name(name, to_string(kind))) return kind;
  throw UserError("unknown task kind '" + name + "' (expected edge or vertex)");
}

std::size_t wedge_budget(long long mebibytes) {
  TESSERA_USER_REQUIRE(mebibytes >= 0, "the wedge counter budget must be >= 0 MiB (0: " << (k_default_wedge_budget >> 20)
                                                                                     << "), got " << mebibytes);
  return mebibytes == 0 ? k_default_wedge_budget : static_cast<std::size_t>(mebibytes) << 20;
}

const char* to_string(TaskKind kind) {
  switch (kind) {
    case TaskKind::edge: return "edge";
    case TaskKind::vertex: return "vertex";
  }
  return "?";
}

namespace {

template <class ExecSpace>
vid_t max_row_length(const ExecSpace& space, const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& row_map) {
  const eid_t n = static_cast<eid_t>(row_map.extent(0)) - 1;
  if (n <= 0) return 0;
  eid_t most = 0;
  Kokkos::parallel_reduce(
      "tessera::mining::max_degree", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>(space, 0, n),
      KOKKOS_LAMBDA(const eid_t v, eid_t& m) {
        const eid_t d = row_map(v + 1) - row_map(v);
        if (d > m) m = d;
      },
      Kokkos::Max<eid_t>(most));
  return static_cast<vid_t>(most);
}

template <class MemorySpace>
struct TaskList {
  Kokkos::View<vid_t*, MemorySpace> u, v;  // v: extent 0 for vertex tasks
  Kokkos::View<eid_t*, MemorySpace> unit_end;  // inclusive prefix of parts (extent 0: unsplit)
  eid_t tasks = 0;
  eid_t units = 0;
};

// Level 0 (vertex tasks), or levels 0 and 1 (edge tasks, Ω: every lookup edge (u, v) that
// level 1's symmetry bound and both labels allow).
template <class ExecSpace>
TaskList<typename ExecSpace::memory_space> build_tasks(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& lookup,
                                                       const CsrGraph<typename ExecSpace::memory_space>& sym, const EnginePlan& plan,
                                                       TaskKind kind) {
  using memory_space = typename ExecSpace::memory_space;
  using range = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>;
  TaskList<memory_space> t;
  const vid_t n = sym.num_vertices();
  const auto labels = sym.labels;
  const label_t label0 = plan.levels[0].label;
  if (kind == TaskKind::vertex || plan.num_levels == 1) {
    Kokkos::View<vid_t*, memory_space> u(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::task_u"), n);
    const eid_t kept = tessera::detail::chunked_scan<ExecSpace, eid_t>(
        "tessera::mining::vertex_tasks", space, n, KOKKOS_LAMBDA(const eid_t v, eid_t& offset, const bool final) {
          const bool ok = label0 < 0 || labels(v) == label0;
          if (final && ok) u(offset) = static_cast<vid_t>(v);
          if (ok) ++offset;
        });
    t.u = Kokkos::subview(u, Kokkos::make_pair(eid_t(0), kept));
    t.tasks = kept;
    return t;
  }
  const EngineLevel l1 = plan.levels[1];
  const bool below = l1.upper & 1u, above = l1.lower & 1u;
  const label_t label1 = l1.label;
  const auto rows = lookup.row_map;
  const auto entries = lookup.entries;
  Kokkos::View<eid_t*, memory_space> offsets(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::task_offsets"), n + 1);
  const eid_t total = tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::mining::edge_task_offsets", space, n, KOKKOS_LAMBDA(const eid_t u, eid_t& offset, const bool final) {
        if (final) offsets(u) = offset;
        if (label0 >= 0 && labels(u) != label0) return;
        for (eid_t j = rows(u); j < rows(u + 1); ++j) {
          const vid_t v = entries(j);
          if (below && v >= u) break;  // sorted: the rest is above u too
          if (above && v <= u) continue;
          if (label1 >= 0 && labels(v) != label1) continue;
          ++offset;
        }
      });
  t.u = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::task_u"), total);
  t.v = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::task_v"), total);
  auto tu = t.u;
  auto tv = t.v;
  Kokkos::parallel_for(
      "tessera::mining::edge_tasks", range(space, 0, n), KOKKOS_LAMBDA(const eid_t u) {
        if (label0 >= 0 && labels(u) != label0) return;
        eid_t o = offsets(u);
        for (eid_t j = rows(u); j < rows(u + 1); ++j) {
          const vid_t v = entries(j);
          if (below && v >= u) break;
          if (above && v <= u) continue;
          if (label1 >= 0 && labels(v) != label1) continue;
          tu(o) = static_cast<vid_t>(u);
          tv(o) = v;
          ++o;
        }
      });
  t.tasks = total;
  return t;
}

// Work-ordered tasks (optimization `order`): the heaviest tasks by estimated work (the product
// of the lookup degrees of the task's vertices; vertex tasks: the squared degree) move to the
// front, the rest keep their order (a stable partition, so neighbouring tasks still share
// their lists in cache). "Heaviest": the top ⌊log2⌋ work buckets that together hold at least
// `head` tasks. Returns their number: the kernel hands those out one at a time, so no worker
// takes several heavy tasks in one chunk and none starts last.
constexpr int k_work_buckets = 64;

// The work bucket of task i: 63 - ⌊log2(d(u) d(v) + 1)⌋, so the heaviest bucket is 0.
template <class MemorySpace>
struct WorkBucket {
  Kokkos::View<const eid_t*, MemorySpace> rows;
  Kokkos::View<const vid_t*, MemorySpace> u, v;  // v empty: vertex tasks
  KOKKOS_INLINE_FUNCTION int operator()(eid_t i) const {
    const std::uint64_t du = rows(u(i) + 1) - rows(u(i));
    const std::uint64_t dv = v.extent(0) != 0 ? rows(v(i) + 1) - rows(v(i)) : du;
    std::uint64_t w = du * dv + 1;
    int b = 0;
    while (w >>= 1) ++b;
    return k_work_buckets - 1 - b;
  }
};

// How many of the first n tasks lie in work buckets 0..last (a plain sum reduction).
template <class ExecSpace>
eid_t tasks_in_buckets(const ExecSpace& space, eid_t n, const WorkBucket<typename ExecSpace::memory_space>& bucket_of,
                       int last) {
  eid_t count = 0;
  Kokkos::parallel_reduce(
      "tessera::mining::heavy_tasks", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>(space, 0, n),
      KOKKOS_LAMBDA(const eid_t i, eid_t& c) { c += bucket_of(i) <= last ? 1 : 0; }, count);
  return count;
}

template <class ExecSpace>
eid_t order_tasks_by_work(const ExecSpace& space, TaskList<typename ExecSpace::memory_space>& t,
                          const CsrGraph<typename ExecSpace::memory_space>& lookup, eid_t head) {
  using memory_space = typename ExecSpace::memory_space;
  using range = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>;
  if (t.tasks <= head) return 0;  // every task would lead: nothing to reorder
  const auto tu = t.u;
  const auto tv = t.v;
  const bool edge = t.v.extent(0) != 0;
  const WorkBucket<memory_space> bucket_of{lookup.row_map, t.u, t.v};
  // The heavy buckets 0..last_heavy: the fewest leading buckets holding at least `head`
  // tasks, found by a binary search over the bucket index with plain sum reductions (a
  // histogram by atomics was a contended CAS loop on CUDA: 40 s for kron20's 15.7M tasks).
  int lo = 0, hi = k_work_buckets - 1;  // every task lies in buckets 0..63, and t.tasks > head
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (tasks_in_buckets(space, t.tasks, bucket_of, mid) >= head)
      hi = mid;
    else
      lo = mid + 1;
  }
  const int last_heavy = lo;
  const eid_t heavy = tasks_in_buckets(space, t.tasks, bucket_of, last_heavy);
  if (heavy >= t.tasks) return 0;
  Kokkos::View<vid_t*, memory_space> u(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::task_u"), t.tasks);
  Kokkos::View<vid_t*, memory_space> v(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::task_v"),
                                       edge ? t.tasks : 0);
  tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::mining::order_tasks", space, t.tasks, KOKKOS_LAMBDA(const eid_t i, eid_t& before, const bool final) {
        const bool lead = bucket_of(i) <= last_heavy;
        if (final) {
          const eid_t p = lead ? before : heavy + (i - before);
          u(p) = tu(i);
          if (edge) v(p) = tv(i);
        }
        if (lead) ++before;
      });
  t.u = u;
  t.v = v;
  return heavy;
}

// The length of the list task i's first DFS level starts from: the shortest back-edge list of
// the task's vertices (v empty: vertex tasks, whose first level intersects N(u)).
template <class MemorySpace>
struct StartLength {
  Kokkos::View<const eid_t*, MemorySpace> rows;
  Kokkos::View<const vid_t*, MemorySpace> u, v;
  std::uint8_t back;  // the first DFS level's back-edges
  KOKKOS_INLINE_FUNCTION eid_t operator()(eid_t i) const {
    const vid_t a = u(i);
    eid_t length = rows(a + 1) - rows(a);
    if (v.extent(0) != 0 && (back & 2u)) {
      const eid_t lv = rows(v(i) + 1) - rows(v(i));
      if (!(back & 1u) || lv < length) length = lv;
    }
    return length;
  }
};

// Narrow tasks (EngineParams::narrow_max): the tasks from `from` on whose first DFS level
// starts from a list of at most `most` vertices (the shortest back-edge list of a task vertex)
// move behind the others, both groups keeping their order. Returns the number of tasks before
// them (the leading `from` included).
template <class ExecSpace>
eid_t partition_narrow_tasks(const ExecSpace& space, TaskList<typename ExecSpace::memory_space>& t,
                             const CsrGraph<typename ExecSpace::memory_space>& lookup, const EnginePlan& plan,
                             int first_level, eid_t from, eid_t most) {
  using memory_space = typename ExecSpace::memory_space;
  if (t.tasks <= from) return t.tasks;
  const auto tu = t.u;
  const auto tv = t.v;
  const bool edge = first_level == 2;
  const StartLength<memory_space> start_length{lookup.row_map, t.u, t.v, plan.levels[first_level].intersect};
  const eid_t n = t.tasks - from;
  eid_t wide = 0;
  Kokkos::parallel_reduce(
      "tessera::mining::wide_tasks", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>(space, 0, n),
      KOKKOS_LAMBDA(const eid_t i, eid_t& c) { c += start_length(from + i) > most ? 1 : 0; }, wide);
  if (wide == n || wide == 0) return wide == n ? t.tasks : from;
  Kokkos::View<vid_t*, memory_space> u(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::task_u"), t.tasks);
  Kokkos::View<vid_t*, memory_space> v(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::task_v"),
                                       edge ? t.tasks : 0);
  Kokkos::deep_copy(space, Kokkos::subview(u, Kokkos::make_pair(eid_t(0), from)), Kokkos::subview(tu, Kokkos::make_pair(eid_t(0), from)));
  if (edge)
    Kokkos::deep_copy(space, Kokkos::subview(v, Kokkos::make_pair(eid_t(0), from)), Kokkos::subview(tv, Kokkos::make_pair(eid_t(0), from)));
  tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::mining::narrow_tasks", space, n, KOKKOS_LAMBDA(const eid_t i, eid_t& before, const bool final) {
        const bool is_wide = start_length(from + i) > most;
        if (final) {
          const eid_t p = from + (is_wide ? before : wide + (i - before));
          u(p) = tu(from + i);
          if (edge) v(p) = tv(from + i);
        }
        if (is_wide) ++before;
      });
  t.u = u;
  t.v = v;
  return from + wide;
}

// Hub splitting: a task whose first DFS level starts from a list longer than `split_length`
// becomes ceil(length / split_length) units (at most k_max_parts), each walking every
// parts-th candidate of that level.
constexpr eid_t k_max_parts = 256;

// Wedge-counted tasks are split per this many wedges per unit of split length (512: 8192 wedges,
// about 256 per lane of a warp).
constexpr eid_t k_wedges_per_length = 16;

template <class ExecSpace>
void split_hub_tasks(const ExecSpace& space, TaskList<typename ExecSpace::memory_space>& t,
                     const CsrGraph<typename ExecSpace::memory_space>& lookup, const EnginePlan& plan, int first_level,
                     eid_t split_length, bool split_wedges) {
  using memory_space = typename ExecSpace::memory_space;
  t.units = t.tasks;
  // A wedge-counted task (plan.wedge with y the first DFS level) walks its 2-hop wedges: it is
  // split by their number, Σ d(y) over its first level's list, into ranges of x ids (the
  // kernel's finish_wedges), k_wedges_per_length wedges per unit of split length.
  const bool wedges = split_wedges && plan.wedge && first_level == plan.last_level;
  // Otherwise only a loop level benefits; the last level is a single set operation.
  if (split_length <= 0 || (first_level >= plan.last_level && !wedges) || t.tasks == 0) return;
  const std::uint8_t back = plan.levels[first_level].intersect;  // the first DFS level never reuses
  const auto rows = lookup.row_map;
  const auto entries = lookup.entries;
  const auto tu = t.u;
  const auto tv = t.v;
  const bool edge = first_level == 2;
  const eid_t per_part = wedges ? split_length * k_wedges_per_length : split_length;
  const std::uint8_t below = plan.levels[first_level].upper, above = plan.levels[first_level].lower;  // y's bounds
  Kokkos::View<eid_t*, memory_space> unit_end(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::unit_end"), t.tasks);
  const eid_t units = tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::mining::split_tasks", space, t.tasks, KOKKOS_LAMBDA(const eid_t i, eid_t& offset, const bool final) {
        const vid_t u = tu(i);
        eid_t length = rows(u + 1) - rows(u);
        if (edge && (back & 2u)) {
          const vid_t v = tv(i);
          const eid_t lv = rows(v + 1) - rows(v);
          if (!(back & 1u) || lv < length) length = lv;
        }
        if (wedges) {
          // The list the walk starts from: the shorter back-edge list, as the kernel takes it.
          const vid_t first = edge && (back & 2u) && (!(back & 1u) || rows(tv(i) + 1) - rows(tv(i)) < rows(u + 1) - rows(u))
                                  ? tv(i)
                                  : u;
          length = 0;
          for (eid_t j = rows(first); j < rows(first + 1); ++j) {
            const vid_t y = entries(j);
            if (((below & 1u) && y >= u) || ((above & 1u) && y <= u)) continue;  // outside y's window
            if (edge && (((below & 2u) && y >= tv(i)) || ((above & 2u) && y <= tv(i)))) continue;
            length += rows(y + 1) - rows(y);
          }
        }
        eid_t parts = length > per_part ? (length + per_part - 1) / per_part : 1;
        if (parts > k_max_parts) parts = k_max_parts;
        offset += parts;
        if (final) unit_end(i) = offset;
      });
  if (units == t.tasks) return;  // nothing split: skip the lookups
  t.unit_end = unit_end;
  t.units = units;
}

template <class ExecSpace, bool List>
struct Launcher {
  using memory_space = typename ExecSpace::memory_space;
  detail::DfsKernelData<ExecSpace> kernel;
  int teams = 1;          // workers
  int team_threads = 1;   // workers per Kokkos team
  eid_t total_units = 0;
  // Narrow tasks (count mode, EngineParams::narrow_max): units [narrow_begin, total_units) run
  // in a second launch whose workers have fewer lanes (narrow_kernel's).
  bool register_cap = false;  // count kernels: the register-capped variants (EngineParams::register_cap)
  eid_t narrow_begin = 0;
  detail::DfsKernelData<ExecSpace> narrow_kernel;
  int narrow_teams = 1;
  int narrow_team_threads = 1;

  eid_t units() const { return total_units; }

  // Every unit: the wide ones, then the narrow ones.
  count_t run_all(const ExecSpace& space) {
    count_t total = narrow_begin > 0 ? run(space, 0, narrow_begin) : 0;
    if (narrow_begin < total_units) {
      Launcher narrow = *this;
      narrow.kernel = narrow_kernel;
      narrow.teams = narrow_teams;
      narrow.team_threads = narrow_team_threads;
      total += narrow.run(space, narrow_begin, total_units);
    }
    return total;
  }

  count_t run(const ExecSpace& space, eid_t unit_begin, eid_t unit_stop) {
    kernel.unit_begin = unit_begin;
    kernel.unit_stop = unit_stop;
    Kokkos::deep_copy(space, kernel.next_chunk, detail::atomic_counter_t(0));
    if (List) Kokkos::deep_copy(space, kernel.cursor, detail::atomic_counter_t(0));
    const eid_t chunks = (unit_stop - unit_begin + kernel.chunk - 1) / kernel.chunk;
    // Workers = buffer sets: league × team_threads must not exceed the allocated ones.
    const int workers = static_cast<int>(std::max<eid_t>(1, std::min<eid_t>(teams, chunks)));
    kernel.team_threads = std::min(team_threads, workers);
    const int league = workers / kernel.team_threads;
    // Kernel fission: the variant with only the paths this plan can take.
    if constexpr (List) {
      return launch<detail::DfsKernel<ExecSpace, true>>(space, league);
    } else {
      const bool capped = register_cap && kernel.team_threads * kernel.lanes <= 128;
      return capped ? count_variant<true>(space, league) : count_variant<false>(space, league);
    }
  }

  template <bool Capped>
  count_t count_variant(const ExecSpace& space, int league) const {
    if (kernel.plan.wedge) return launch<detail::DfsKernel<ExecSpace, false, false, false, true, Capped>>(space, league);
    const bool local = kernel.plan.local_search && kernel.local_max >= kernel.local_min;
    if (local) return launch<detail::DfsKernel<ExecSpace, false, true, true, false, Capped>>(space, league);
    if (kernel.flat_max > 0 || kernel.flat_pairs_max > 0)
      return launch<detail::DfsKernel<ExecSpace, false, false, true, false, Capped>>(space, league);
    return launch<detail::DfsKernel<ExecSpace, false, false, false, false, Capped>>(space, league);
  }

  template <class Kernel>
  count_t launch(const ExecSpace& space, int league) const {
    count_t total = 0;
    Kokkos::parallel_reduce(List ? "tessera::mining::dfs_list" : "tessera::mining::dfs_count",
                            typename Kernel::policy(space, league, kernel.team_threads, kernel.lanes), Kernel(kernel), total);
    return total;
  }
};

// Everything a launch needs: task list, split units, teams, buffers.
template <class ExecSpace, bool List>
Launcher<ExecSpace, List> prepare_launch(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& g,
                                         const SearchPlan& plan, const EngineParams& params, EngineStats& stats) {
  using memory_space = typename ExecSpace::memory_space;
  TESSERA_USER_REQUIRE(!g.graph.directed, "pattern mining needs an undirected (symmetric) graph");
  TESSERA_USER_REQUIRE(!plan.pattern.is_labelled() || g.graph.has_labels(),
                       "pattern '" << plan.pattern.name() << "' is labelled but the data graph has no vertex labels");
  TESSERA_REQUIRE(plan.num_levels() == plan.pattern.num_vertices(), "one plan level per pattern vertex");
  TESSERA_REQUIRE(!plan.use_oriented_dag || g.has_dag(), "clique plans need the oriented DAG (prepare_mining_graph)");
  Kokkos::Timer timer;
  // Listing a one-edge pattern needs a DFS level to write from: vertex tasks.
  const EngineOptimizations& opt = params.optimizations;
  // Wedge aggregation counts per partial match before y = n - 3: a 4-vertex plan's y is level 1,
  // so it needs vertex tasks (one start vertex, all its wedges in one counter row).
  const bool wedge_tasks = !List && opt.wedge && plan.count_last_wedges && plan.num_levels() == 4;
  const bool vertex_tasks = params.tasks == TaskKind::vertex || plan.num_levels() == 1 || (List && plan.num_levels() == 2) ||
                            wedge_tasks;
  const int first_level = vertex_tasks ? 1 : 2;
  const EnginePlan eplan = make_engine_plan(plan, first_level, !List, opt);
  // Wedge aggregation runs on the degree-ranked copy when the graph has one.
  const CsrGraph<memory_space>& sym = eplan.wedge && g.has_ranked() ? g.ranked : g.graph;
  const CsrGraph<memory_space>& lookup = eplan.oriented ? g.dag : sym;
  const vid_t width = eplan.oriented ? g.max_out_degree : g.max_degree;

  TaskList<memory_space> tasks = build_tasks(space, lookup, sym, eplan, vertex_tasks ? TaskKind::vertex : TaskKind::edge);
  const bool gpu = tessera::detail::is_gpu_space<ExecSpace>();
  // Auto split length 512 on every backend: on the H200 (2026-11-30) splitting at 64 cost more
  // (each unit recomputes the first DFS level) than it saved (kron20 4-cliques 1.30 s split at
  // 64, 0.85 s unsplit); hubs beyond 512 candidates are still split.
  const eid_t split_length = !opt.balance ? -1 : params.split_length != 0 ? params.split_length : 512;
  // Local search: a split unit rebuilds the task's bitmap rows, so only tasks whose start list
  // (which bounds W = N(m0) ∩ N(m1)) exceeds the local limit are split.
  const eid_t local_max = eplan.local_search ? std::min<eid_t>(params.local_max_size, width) : 0;
  // Heavy tasks first, the heaviest few thousand one per chunk (about 4 per worker).
  const eid_t head = params.order_head > 0 ? params.order_head
                     : gpu                 ? 4 * std::max<eid_t>(1, static_cast<eid_t>(space.concurrency()) / 32)
                                           : 0;
  const eid_t leading = opt.order && !List && head > 0 ? order_tasks_by_work(space, tasks, lookup, head) : 0;

  Launcher<ExecSpace, List> l;
  auto& k = l.kernel;
  k.lookup_rows = lookup.row_map;
  k.lookup_entries = lookup.entries;
  k.sym_rows = sym.row_map;
  k.sym_entries = sym.entries;
  k.labels = sym.labels;
  k.plan = eplan;
  k.first_level = first_level;
  TESSERA_USER_REQUIRE(params.lanes >= 0 && params.team_threads >= 0,
                       "lanes and team threads must be >= 0 (0: automatic), got " << params.lanes << " and " << params.team_threads);
  const int max_lanes = static_cast<int>(Kokkos::TeamPolicy<ExecSpace>::vector_length_max());
  k.lanes = params.lanes > 0 ? params.lanes : (gpu ? 32 : 1);
  TESSERA_USER_REQUIRE(k.lanes <= max_lanes && (k.lanes & (k.lanes - 1)) == 0,
                       "lanes must be a power of two of at most " << max_lanes << " (got " << k.lanes << ")");
  // GPUs: blocks of 128 threads (4 warps of 32 lanes, 8 of 16, ...).
  l.team_threads = params.team_threads > 0 ? params.team_threads : (gpu ? std::max(1, 128 / k.lanes) : 1);
  TESSERA_USER_REQUIRE(l.team_threads * k.lanes <= (gpu ? 1024 : static_cast<int>(space.concurrency())),
                       "team threads × lanes must be at most " << (gpu ? 1024 : static_cast<int>(space.concurrency())) << " here (got "
                                                               << l.team_threads << " × " << k.lanes << ")");
  k.probe_cost = gpu ? 1 : 4;
  l.register_cap = params.register_cap > 0 || (params.register_cap < 0 && gpu && eplan.oriented);
  k.lane_sums = params.lane_sums;
  k.vote = params.vote;
  k.next_chunk = Kokkos::View<detail::atomic_counter_t, memory_space>("tessera::mining::next_chunk");
  if (List) k.cursor = Kokkos::View<detail::atomic_counter_t, memory_space>("tessera::mining::cursor");

  // Narrow tasks (count mode): the tasks after the leading ones whose first DFS level starts from
  // a short list run in a second launch with fewer lanes per worker (more tasks in flight).
  const int narrow_lanes = params.narrow_lanes > 0 ? params.narrow_lanes : 4;
  TESSERA_USER_REQUIRE(narrow_lanes <= max_lanes && (narrow_lanes & (narrow_lanes - 1)) == 0,
                       "narrow lanes must be a power of two of at most " << max_lanes << " (got " << narrow_lanes << ")");
  const bool narrow = !List && params.narrow_max > 0 && narrow_lanes < k.lanes && !eplan.wedge;
  const eid_t wide_tasks =
      narrow ? partition_narrow_tasks(space, tasks, lookup, eplan, first_level, leading, params.narrow_max) : tasks.tasks;
  // Wedge walks are split on GPUs (a hub's walk would leave a warp running long after the rest)
  // or when asked to (--split N); on hosts a few threads with dynamic chunks do not need it
  // (ego-Facebook 4-cycles, 2 cores: 25-40% slower split, each part searching every N(y)).
  const bool split_wedges = gpu || params.split_length > 0;
  split_hub_tasks(space, tasks, lookup, eplan, first_level, split_length > 0 ? std::max(split_length, local_max) : split_length,
                  split_wedges);
  k.task_u = tasks.u;
  k.task_v = tasks.v;
  k.unit_end = tasks.unit_end;
  // The share (task_share.hpp): the kernels walk this rank's units by local index; local order
  // is the sequence's order, so the narrow tail and the leading units stay a suffix and a
  // prefix of the share.
  check_task_share(params.share);
  k.share = params.share;
  k.share_total = tasks.units;
  l.total_units = params.share.owned(tasks.units);
  eid_t narrow_begin = tasks.units;
  if (wide_tasks < tasks.tasks) {
    narrow_begin = wide_tasks;
    if (wide_tasks > 0 && tasks.unit_end.extent(0) != 0) {  // the wide tasks' units
      space.fence();
      Kokkos::deep_copy(narrow_begin, Kokkos::subview(tasks.unit_end, wide_tasks - 1));
    }
  }
  l.narrow_begin = params.share.owned_below(narrow_begin, tasks.units);

  // Teams: enough to fill the device (one warp per team on GPUs, one per thread on hosts),
  // capped by the buffer budget. Returns the bytes of their buffers.
  const eid_t local_words = local_max > 0 ? (local_max + eplan.num_levels) * detail::words_for(local_max) : 0;
  // Wedge aggregation: one counter per data vertex per worker (the only per-worker memory that
  // grows with the graph instead of its maximum degree; the budget caps the workers).
  const eid_t wedge_stride = eplan.wedge ? static_cast<eid_t>(g.graph.num_vertices()) : 0;
  const std::size_t per_team = static_cast<std::size_t>(eplan.num_slots) * static_cast<std::size_t>(width) * sizeof(vid_t) +
                               static_cast<std::size_t>(local_words) * sizeof(detail::word_t);
  const std::size_t wedge_per_team = static_cast<std::size_t>(wedge_stride) * sizeof(detail::wedge_counter_t);
  auto size_workers = [&](detail::DfsKernelData<ExecSpace>& kk, int& teams, eid_t units) {
    teams = params.teams > 0 ? params.teams : std::max(1, static_cast<int>(space.concurrency() / kk.lanes));
    if (wedge_per_team > 0) {
      const auto affordable = static_cast<long long>(params.wedge_budget_bytes / wedge_per_team);
      TESSERA_USER_REQUIRE(affordable >= 1, "the wedge counters of one worker (" << wedge_per_team
                                                                                << " bytes) exceed the wedge budget of "
                                                                                << params.wedge_budget_bytes << " bytes");
      teams = static_cast<int>(std::min<long long>(teams, affordable));
    }
    if (per_team > 0) {
      const auto affordable = static_cast<long long>(params.buffer_budget_bytes / per_team);
      TESSERA_USER_REQUIRE(affordable >= 1, "the candidate buffers of one team (" << per_team << " bytes) exceed the buffer budget of "
                                                                                << params.buffer_budget_bytes << " bytes");
      teams = static_cast<int>(std::min<long long>(teams, affordable));
    }
    kk.width = width;
    kk.buffers = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::buffers"),
                                                    static_cast<std::size_t>(eplan.num_slots) * width * static_cast<std::size_t>(teams));
    kk.wedge_stride = wedge_stride;
    kk.wedge_counts = Kokkos::View<detail::wedge_counter_t*, memory_space>(  // zeroed: the kernel keeps it so
        Kokkos::view_alloc(space, "tessera::mining::wedge_counts"), static_cast<std::size_t>(wedge_stride) * static_cast<std::size_t>(teams));
    // H200 2026-11-30 afternoon round 1, 4-cliques: a limit of 4096 (128 × 32 lanes) instead of
    // 128 ran ca-HepPh in 3.27 instead of 3.71 ms and kron20 in 824 instead of 859 ms (512: 3.29 ms
    // on ca-HepPh); ego-Facebook and email-Enron (no shared list above 128) and 5-cliques equal.
    const eid_t flat_auto = kk.lanes > 1 ? 128 * static_cast<eid_t>(kk.lanes) : 0;
    kk.flat_max = List || !opt.flat || eplan.wedge || params.flat_list_max < 0 || eplan.last_level <= first_level
                      ? 0
                      : params.flat_list_max > 0 ? params.flat_list_max : flat_auto;
    // Flat pairs: the last level must start from a reused list (the pairs' second members).
    const bool pairs_possible = !List && opt.flat && !eplan.wedge && eplan.pair == 0 && eplan.last_level > first_level &&
                                eplan.levels[eplan.last_level].reuse >= 0;
    kk.flat_pairs_max = !pairs_possible || params.flat_pairs_max < 0 ? 0
                        : params.flat_pairs_max > 0                 ? params.flat_pairs_max
                        : kk.lanes > 1                              ? 8 * static_cast<eid_t>(kk.lanes)
                                                                    : 0;
    kk.local_stride = local_words;
    kk.local_min = std::max<eid_t>(1, params.local_min_size);
    kk.local_max = local_max;
    kk.local_words = Kokkos::View<detail::word_t*, memory_space>(
        Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::local_bitmaps"),
        static_cast<std::size_t>(local_words) * static_cast<std::size_t>(teams));
    // Pivots: as many as lanes (one entry each to load), GPUs only by default.
    kk.pivots = params.pivots < 0 ? 0 : params.pivots > 0 ? params.pivots : kk.lanes > 1 ? kk.lanes : 0;
    kk.pivot_buffers = Kokkos::View<vid_t*, memory_space>(
        Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::pivots"),
        static_cast<std::size_t>(kk.pivots) * static_cast<std::size_t>(teams));
    kk.chunk = params.chunk_size > 0 ? params.chunk_size : std::clamp<eid_t>(units / (static_cast<eid_t>(teams) * 16), 1, 64);
    return (per_team + wedge_per_team + static_cast<std::size_t>(kk.pivots) * sizeof(vid_t)) * static_cast<std::size_t>(teams);
  };
  std::size_t buffer_bytes = size_workers(k, l.teams, l.narrow_begin);
  eid_t leading_units = leading;
  if (leading > 0 && tasks.unit_end.extent(0) != 0) {  // the leading tasks' units
    space.fence();
    Kokkos::deep_copy(leading_units, Kokkos::subview(tasks.unit_end, leading - 1));
  }
  k.single_units = params.share.owned_below(leading_units, tasks.units);  // this share's of them
  if (l.narrow_begin < l.total_units) {
    l.narrow_kernel = k;
    auto& nk = l.narrow_kernel;
    nk.lanes = narrow_lanes;
    nk.single_units = 0;
    l.narrow_team_threads = std::max(1, l.team_threads * k.lanes / narrow_lanes);
    buffer_bytes += size_workers(nk, l.narrow_teams, l.total_units - l.narrow_begin);
  }
  space.fence();
  stats.tasks = tasks.tasks;
  stats.units = tasks.units;
  stats.share_units = l.total_units;
  stats.teams = l.teams;
  stats.lanes = k.lanes;
  stats.team_threads = l.team_threads;
  stats.narrow_units = l.total_units - l.narrow_begin;
  stats.narrow_lanes = stats.narrow_units > 0 ? narrow_lanes : 0;
  stats.buffer_bytes = buffer_bytes;
  stats.task_bytes = (tasks.u.extent(0) + tasks.v.extent(0)) * sizeof(vid_t) + tasks.unit_end.extent(0) * sizeof(eid_t);
  stats.graph_bytes = (g.graph.row_map.extent(0) + g.dag.row_map.extent(0) + g.ranked.row_map.extent(0)) * sizeof(eid_t) +
                      (g.graph.entries.extent(0) + g.dag.entries.extent(0) + g.ranked.entries.extent(0)) * sizeof(vid_t);
  stats.task_seconds = timer.seconds();
  if (eplan.count_by_size) stats.optimizations_ran.emplace_back("prune");
  if (eplan.wedge) stats.optimizations_ran.emplace_back("wedge");
  if (local_max >= k.local_min) stats.optimizations_ran.emplace_back("lgs");
  if (k.flat_max > 0 || k.flat_pairs_max > 0) stats.optimizations_ran.emplace_back("flat");
  stats.flat_pairs = k.flat_pairs_max > 0;
  if (tasks.units > tasks.tasks) stats.optimizations_ran.emplace_back("balance");
  if (leading > 0) stats.optimizations_ran.emplace_back("order");
  stats.pairs_counted = eplan.pair != 0;
  return l;
}

}  // namespace

template <class ExecSpace>
MiningGraph<typename ExecSpace::memory_space> prepare_mining_graph(const ExecSpace& space,
                                                                   const CsrGraph<typename ExecSpace::memory_space>& graph,
                                                                   bool with_dag, bool with_ranked) {
  TESSERA_USER_REQUIRE(!graph.directed, "pattern mining needs an undirected (symmetric) graph");
  MiningGraph<typename ExecSpace::memory_space> g;
  g.graph = graph;
  g.max_degree = max_row_length(space, graph.row_map);
  if (with_dag) {
    g.dag = orient(space, graph, Orientation::degree);
    g.max_out_degree = max_row_length(space, g.dag.row_map);
  }
  if (with_ranked) g.ranked = relabel_by_degree(space, graph, /*descending=*/false).graph;
  space.fence();
  return g;
}

template <class ExecSpace>
count_t engine_count(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& graph,
                     const SearchPlan& plan, const EngineParams& params, EngineStats* stats) {
  EngineStats local;
  EngineStats& s = stats ? *stats : local;
  s = EngineStats{};
  if (graph.graph.num_vertices() == 0) return 0;
  auto launcher = prepare_launch<ExecSpace, false>(space, graph, plan, params, s);
  Kokkos::Timer timer;
  const count_t total = launcher.units() == 0 ? 0 : launcher.run_all(space);
  space.fence();
  s.batches = 1;
  s.mine_seconds = timer.seconds();
  return total;
}

template <class ExecSpace>
count_t engine_list(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& graph,
                    const SearchPlan& plan, const MatchSink& sink, const EngineParams& params, EngineStats* stats) {
  using memory_space = typename ExecSpace::memory_space;
  EngineStats local;
  EngineStats& s = stats ? *stats : local;
  s = EngineStats{};
  if (graph.graph.num_vertices() == 0) return 0;
  auto launcher = prepare_launch<ExecSpace, true>(space, graph, plan, params, s);
  Kokkos::Timer timer;
  const int width = plan.num_levels();
  std::size_t capacity = std::max<std::size_t>(1, params.list_batch_matches);
  using rows_view = Kokkos::View<vid_t**, Kokkos::LayoutRight, memory_space>;
  auto& out = launcher.kernel.out;
  out = rows_view(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::matches"), capacity, width);
  const eid_t units = launcher.units();
  // Batches of units whose matches fit the buffer: a batch that overflows is halved and
  // retried; a single unit that overflows grows the buffer to its size.
  eid_t batch = units;
  count_t total = 0;
  for (eid_t begin = 0; begin < units;) {
    const eid_t stop = std::min(units, begin + batch);
    const count_t found = launcher.run(space, begin, stop);
    ++s.batches;
    if (found > capacity) {
      if (stop - begin > 1) {
        batch = std::max<eid_t>(1, (stop - begin) / 2);
      } else {
        capacity = static_cast<std::size_t>(found);
        out = rows_view(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::matches"), capacity, width);
      }
      continue;
    }
    if (found > 0) {
      auto rows = Kokkos::subview(out, Kokkos::make_pair(std::size_t(0), static_cast<std::size_t>(found)), Kokkos::ALL);
      auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, rows);
      sink(host.data(), static_cast<std::size_t>(found), width);
    }
    total += found;
    begin = stop;
    if (found < capacity / 4 && batch < units) batch = std::min<eid_t>(units, 2 * batch);
  }
  space.fence();
  s.mine_seconds = timer.seconds();
  return total;
}

template <class ExecSpace>
count_t engine_domains(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& graph,
                       const SearchPlan& plan, const DomainBitmaps<typename ExecSpace::memory_space>& domains,
                       const EngineParams& params, EngineStats* stats,
                       const DomainRowsByLabel<typename ExecSpace::memory_space>* rows_by_label) {
  static_assert(std::is_same_v<DomainWord, detail::domain_word_t>, "one domain word type");
  EngineStats local;
  EngineStats& s = stats ? *stats : local;
  s = EngineStats{};
  if (graph.graph.num_vertices() == 0) return 0;
  TESSERA_REQUIRE((rows_by_label != nullptr || domains.extent(0) >= static_cast<std::size_t>(plan.num_levels())) &&
                      domains.extent(1) * 32 >= static_cast<std::size_t>(graph.graph.num_vertices()),
                  "domain bitmaps need one row of num_vertices bits per pattern vertex");
  auto launcher = prepare_launch<ExecSpace, true>(space, graph, plan, params, s);
  launcher.kernel.domains = domains;
  if (rows_by_label != nullptr) {
    TESSERA_REQUIRE(rows_by_label->count >= 1 && rows_by_label->labels.extent(0) == static_cast<std::size_t>(graph.graph.num_vertices()),
                    "batched domains need a dense label per vertex");
    launcher.kernel.domain_rows = rows_by_label->rows;
    launcher.kernel.domain_labels = rows_by_label->labels;
    launcher.kernel.domain_label_count = rows_by_label->count;
  }
  Kokkos::Timer timer;
  const count_t total = launcher.units() == 0 ? 0 : launcher.run(space, 0, launcher.units());
  space.fence();
  s.batches = 1;
  s.mine_seconds = timer.seconds();
  return total;
}

#define TESSERA_INST(Space)                                                                                          \
  template MiningGraph<Space::memory_space> prepare_mining_graph<Space>(const Space&, const CsrGraph<Space::memory_space>&, \
                                                                        bool, bool);                                 \
  template count_t engine_count<Space>(const Space&, const MiningGraph<Space::memory_space>&, const SearchPlan&,       \
                                       const EngineParams&, EngineStats*);                                           \
  template count_t engine_list<Space>(const Space&, const MiningGraph<Space::memory_space>&, const SearchPlan&,        \
                                      const MatchSink&, const EngineParams&, EngineStats*);                     \
  template count_t engine_domains<Space>(const Space&, const MiningGraph<Space::memory_space>&, const SearchPlan&,     \
                                         const DomainBitmaps<Space::memory_space>&, const EngineParams&, EngineStats*, \
                                         const DomainRowsByLabel<Space::memory_space>*);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::mining
