#pragma once
// The engine's work units on the device (host-launched kernels, included by engine.cpp only):
// the task list (vertex or edge tasks), the work order (heaviest tasks first), the narrow-task
// partition and hub splitting into units. Sizes and switches come from the resolved launch
// (launch_config.hpp); these functions only build what it describes.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/pattern_mining/engine/engine_params.hpp"
#include "algorithms/pattern_mining/engine/engine_plan.hpp"
#include "core/graph/csr_graph.hpp"
#include "core/kokkos_ext/scan.hpp"

namespace tessera::mining::detail {

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

}  // namespace tessera::mining::detail
