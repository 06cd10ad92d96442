#pragma once
// The counting kernels (paper 1, §II-B). All take the lookup CSR (row_map, entries), a task
// source (task_sources.hpp) and an intersection strategy, and return the number of matches.
// With per-vertex counting, every match (a, b, w) increments a, b and w.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "algorithms/triangle_count/task_sources.hpp"
#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/kokkos_ext/atomics.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/team_sum.hpp"
#include "core/kokkos_ext/vector_lanes.hpp"
#include "core/set_ops/intersect.hpp"

namespace tessera::detail {

// Native 64-bit atomics on CUDA take unsigned long long (see core/graph/builder.cpp).
using tc_counter_t = unsigned long long;

template <class MemorySpace>
struct PerVertexHook {
  Kokkos::View<tc_counter_t*, MemorySpace> counts;
  vid_t a, b;
  KOKKOS_INLINE_FUNCTION void operator()(vid_t w) const {
    tessera::detail::atomic_increment(&counts(a));
    tessera::detail::atomic_increment(&counts(b));
    tessera::detail::atomic_increment(&counts(w));
  }
};

// Where a counting kernel's count goes: added to the device scalar `sum` (the caller resets and
// reads it, so that the kernels of one count share one readback). `launch_empty`: the kernel is
// launched even with no task (a league of one team doing nothing), which loads it and settles
// Kokkos' per-kernel launch state: the warm-up of a one-shot count.
template <class MemorySpace>
struct CountTarget {
  Kokkos::View<count_t, MemorySpace> sum;
  bool launch_empty = false;
};

// A binary-search probe costs this many sequential reads in the automatic choice: 1 on GPUs,
// where lanes hide latency, 4 on host backends (see set_ops::prefer_binary_search).
template <class ExecSpace>
constexpr int probe_cost() {
  return is_gpu_space<ExecSpace>() ? 1 : 4;
}

// A task's lists are rows of the DAG (sorted, no duplicates, ids below max_vertices), so their
// lengths are below 2^31 and positions, lengths and the task's count fit in 32 bits: the
// intersection runs on 32-bit indices and counters (set_ops' Index), about half the
// instructions and registers of 64-bit ones in its loops on GPUs (issue 28; sm_90 ptxas: the
// kernel went from 47 to 38 registers, a binary-search step from 21 to 9 instructions).
// Unsigned, so that i + lanes and n + lanes - 1 cannot overflow, and /2 and /lanes need no
// sign fix-up.
using tc_index_t = std::uint32_t;
using tc_share_t = std::uint32_t;  // one lane's or one task's count: at most a list's length

// One lane's share of |a ∩ b| under the strategy (hash is handled by the hub kernel; tasks
// that reach here with it fall back to the automatic choice). Lanes are a power of two (vector
// lengths, a warp, or one).
template <class Hook>
KOKKOS_INLINE_FUNCTION tc_share_t intersect_share(Intersection s, int probe_cost, int lane, int lanes, const vid_t* a,
                                                  tc_index_t na, const vid_t* b, tc_index_t nb, const Hook& hook) {
  const bool binary = s == Intersection::binary ||
                      (s != Intersection::merge && set_ops::prefer_binary_search(na, nb, probe_cost));
  return static_cast<tc_share_t>(binary ? set_ops::intersect_binary(lane, lanes, a, na, b, nb, hook)
                                        : set_ops::intersect_merge<true>(lane, lanes, a, na, b, nb, hook));
}

template <bool PerVertex, class MemorySpace, class Tasks>
KOKKOS_INLINE_FUNCTION tc_share_t task_share(const Tasks& tasks, eid_t t, Intersection s, int probe_cost, int lane,
                                             int lanes,
                                             const Kokkos::View<const eid_t*, MemorySpace>& row_map,
                                             const Kokkos::View<const vid_t*, MemorySpace>& entries,
                                             const Kokkos::View<tc_counter_t*, MemorySpace>& per_vertex) {
  eid_t nc = 0;
  const vid_t* c = tasks.candidates(t, nc);
  const vid_t b = tasks.anchor(t);
  const eid_t lb = row_map(b);
  const vid_t* l = entries.data() + lb;
  const tc_index_t nl = static_cast<tc_index_t>(row_map(b + 1) - lb);
  if constexpr (PerVertex)
    return intersect_share(s, probe_cost, lane, lanes, c, static_cast<tc_index_t>(nc), l, nl,
                           PerVertexHook<MemorySpace>{per_vertex, tasks.source(t), b});
  else
    return intersect_share(s, probe_cost, lane, lanes, c, static_cast<tc_index_t>(nc), l, nl, set_ops::NoMatchHook{});
}

// Masked-edge kernel (§II-B1): the flat task list swept grid-stride by every team thread of a
// grid of `waves` times what the device holds at once; the vector lanes of a thread share its
// task's intersection. With `lane_sums` each lane adds up its shares of all the thread's tasks and
// the lanes reduce once per thread, instead of once per task (a shuffle ladder per task: on small
// graphs the tasks are short). Each team adds its count with one atomic (sum_teams_into).
template <bool PerVertex, class ExecSpace, class Tasks>
void masked_edge_kernel(const ExecSpace& space, const Kokkos::View<const eid_t*, typename ExecSpace::memory_space>& row_map,
                        const Kokkos::View<const vid_t*, typename ExecSpace::memory_space>& entries, const Tasks& tasks,
                        Intersection strategy, double mean_candidates,
                        const Kokkos::View<tc_counter_t*, typename ExecSpace::memory_space>& per_vertex,
                        const CountTarget<typename ExecSpace::memory_space>& target, int waves, bool lane_sums) {
  // GPU blocks are always 256 threads (team_size x lanes below). Asking for 8 of them per SM
  // caps the count-only kernel at 32 registers: full theoretical occupancy instead of 6 blocks
  // (75%), for a latency-bound kernel (dependent probes), without spills (ptxas, sm_90: 30
  // registers instead of 38, the task loop 271 instructions instead of 267; G2Miner's TC kernel
  // runs at 26). The per-vertex kernel would spill under the cap and keeps the default. Host
  // backends ignore launch bounds.
  using bounds = std::conditional_t<PerVertex, Kokkos::LaunchBounds<>, Kokkos::LaunchBounds<256, 8>>;
  using policy = Kokkos::TeamPolicy<ExecSpace, bounds>;
  using member = typename policy::member_type;
  const eid_t num_tasks = tasks.size();
  if (num_tasks == 0 && !target.launch_empty) return;
  const int lanes = vector_length_for<ExecSpace>(mean_candidates);
  const int team_size = is_gpu_space<ExecSpace>() ? std::max(1, 256 / lanes) : 1;
  // `waves` times the teams the device holds at once; the grid-stride loop does the rest.
  const eid_t wanted = std::max<eid_t>(1, waves * space.concurrency() / (team_size * lanes));
  const int league = static_cast<int>(std::max<eid_t>(1, std::min<eid_t>(wanted, (num_tasks + team_size - 1) / team_size)));
  const int probe = probe_cost<ExecSpace>();
  sum_teams_into(
      "tessera::tc::masked_edge", policy(space, league, team_size, lanes),
      KOKKOS_LAMBDA(const member& team, count_t& sum) {
        const eid_t stride = static_cast<eid_t>(team.league_size()) * team.team_size();
        const VectorLane v = this_vector_lane<ExecSpace>(team, lanes);
        // Each team thread sweeps its own tasks; the team's threads are summed once, at the end.
        const eid_t first = static_cast<eid_t>(team.league_rank()) * team.team_size() + team.team_rank();
        count_t thread_sum = 0;  // the same on every lane of the thread
        if (lane_sums) {  // this lane's share of every task of the thread, summed once
          count_t mine = 0;
          for (eid_t t = first; t < num_tasks; t += stride)
            mine += task_share<PerVertex>(tasks, t, strategy, probe, v.lane, v.stride, row_map, entries, per_vertex);
          thread_sum = sum_vector_lanes<ExecSpace>(team, v, mine);
        } else {
          for (eid_t t = first; t < num_tasks; t += stride) {
            // A task's count fits in 32 bits (tc_share_t): a 32-bit shuffle ladder, half the
            // shuffles and adds of a 64-bit one.
            tc_share_t found = 0;
            Kokkos::parallel_reduce(
                Kokkos::ThreadVectorRange(team, lanes),
                [&](const int lane, tc_share_t& f) {
                  f += task_share<PerVertex>(tasks, t, strategy, probe, lane, lanes, row_map, entries, per_vertex);
                },
                found);
            thread_sum += found;
          }
        }
        sum += thread_sum;  // every lane: sum_teams_into counts a thread's value once
      },
      target.sum);
}

// Split-edge kernel (§II-B2): a team per task, the team's threads share the distance-2 lookups.
// A bounded league sweeps the tasks grid-stride (a team per task would be millions of teams).
template <bool PerVertex, class ExecSpace, class Tasks>
void split_edge_kernel(const ExecSpace& space, const Kokkos::View<const eid_t*, typename ExecSpace::memory_space>& row_map,
                       const Kokkos::View<const vid_t*, typename ExecSpace::memory_space>& entries, const Tasks& tasks,
                       Intersection strategy, const Kokkos::View<tc_counter_t*, typename ExecSpace::memory_space>& per_vertex,
                       const CountTarget<typename ExecSpace::memory_space>& target, int waves) {
  using policy = Kokkos::TeamPolicy<ExecSpace>;
  using member = typename policy::member_type;
  const eid_t num_tasks = tasks.size();
  if (num_tasks == 0 && !target.launch_empty) return;
  const int team_size = is_gpu_space<ExecSpace>() ? 32 : 1;
  const eid_t wanted = std::max<eid_t>(1, waves * space.concurrency() / team_size);
  const int league = static_cast<int>(std::max<eid_t>(1, std::min(wanted, num_tasks)));
  const int probe = probe_cost<ExecSpace>();
  sum_teams_into(
      "tessera::tc::split_edge", policy(space, league, team_size, 1),
      KOKKOS_LAMBDA(const member& team, count_t& sum) {
        const int lanes = team.team_size();
        count_t team_sum = 0;  // the same on every thread of the team
        for (eid_t t = team.league_rank(); t < num_tasks; t += team.league_size()) {
          count_t found = 0;
          Kokkos::parallel_reduce(
              Kokkos::TeamThreadRange(team, lanes),
              [&](const int lane, count_t& f) {
                f += task_share<PerVertex>(tasks, t, strategy, probe, lane, lanes, row_map, entries, per_vertex);
              },
              found);
          team_sum += found;
        }
        if (team.team_rank() == 0) sum += team_sum;  // one thread, every lane (sum_teams_into)
      },
      target.sum);
}

// Hub kernel (hash strategy): one team per hub vertex a hashes N+(a) into team scratch once,
// then probes it with N+(b) for every out-neighbour b; each hit w closes (a, b, w).
inline constexpr eid_t k_hash_max_out_degree = 4096;  // table of 8192 ids = 32 KiB scratch

template <bool PerVertex, class ExecSpace>
void hub_hash_kernel(const ExecSpace& space, const Kokkos::View<const eid_t*, typename ExecSpace::memory_space>& row_map,
                     const Kokkos::View<const vid_t*, typename ExecSpace::memory_space>& entries,
                     const Kokkos::View<const vid_t*, typename ExecSpace::memory_space>& hubs, eid_t max_out_degree,
                     const Kokkos::View<tc_counter_t*, typename ExecSpace::memory_space>& per_vertex,
                     const CountTarget<typename ExecSpace::memory_space>& target) {
  // Hub work varies by orders of magnitude: host threads take hubs dynamically.
  using policy = Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>>;
  using member = typename policy::member_type;
  using scratch_view = Kokkos::View<vid_t*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  const int num_hubs = static_cast<int>(hubs.extent(0));
  if (num_hubs == 0 && !target.launch_empty) return;
  int capacity_bits = 4;
  while ((eid_t(1) << capacity_bits) < 2 * max_out_degree) ++capacity_bits;
  const int max_capacity = 1 << capacity_bits;
  const int lanes = is_gpu_space<ExecSpace>() ? 32 : 1;
  const int team_size = is_gpu_space<ExecSpace>() ? 8 : 1;
  sum_teams_into(
      "tessera::tc::hub_hash",
      policy(space, std::max(1, num_hubs), team_size, lanes).set_scratch_size(0, Kokkos::PerTeam(scratch_view::shmem_size(max_capacity))),
      KOKKOS_LAMBDA(const member& team, count_t& sum) {
        if (team.league_rank() >= num_hubs) return;  // the warm-up's empty team
        const vid_t a = hubs(team.league_rank());
        const eid_t begin = row_map(a), degree = row_map(a + 1) - begin;
        int bits = 4;
        while ((eid_t(1) << bits) < 2 * degree) ++bits;
        const std::uint32_t mask = (std::uint32_t(1) << bits) - 1;
        auto slot_of = [&](vid_t x) { return (static_cast<std::uint32_t>(x) * 2654435761u) >> (32 - bits) & mask; };
        scratch_view table(team.team_scratch(0), max_capacity);
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, static_cast<int>(mask) + 1), [&](const int i) {
          Kokkos::single(Kokkos::PerThread(team), [&]() { table(i) = invalid_vid; });
        });
        team.team_barrier();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, static_cast<int>(degree)), [&](const int j) {
          Kokkos::single(Kokkos::PerThread(team), [&]() {
            const vid_t x = entries(begin + j);
            std::uint32_t s = slot_of(x);
            while (true) {
              const vid_t prev = Kokkos::atomic_compare_exchange(&table(s), invalid_vid, x);
              if (prev == invalid_vid || prev == x) break;
              s = (s + 1) & mask;
            }
          });
        });
        team.team_barrier();
        // Each thread adds its out-neighbours' counts to its own `sum` (the same on every lane: a
        // vector reduction leaves it there); sum_teams_into adds the team's threads once.
        Kokkos::parallel_for(
            Kokkos::TeamThreadRange(team, static_cast<int>(degree)),
            [&](const int j) {
              const vid_t b = entries(begin + j);
              const eid_t lb = row_map(b), nl = row_map(b + 1) - lb;
              count_t found = 0;
              Kokkos::parallel_reduce(
                  Kokkos::ThreadVectorRange(team, nl),
                  [&](const eid_t k, count_t& f) {
                    const vid_t w = entries(lb + k);
                    for (std::uint32_t s = slot_of(w);; s = (s + 1) & mask) {
                      const vid_t y = table(s);
                      if (y == w) {
                        ++f;
                        if (PerVertex) PerVertexHook<typename ExecSpace::memory_space>{per_vertex, a, b}(w);  // not constexpr: nvcc lambdas cannot first-capture there
                        break;
                      }
                      if (y == invalid_vid) break;
                    }
                  },
                  found);
              sum += found;
            });
      },
      target.sum);
}

}  // namespace tessera::detail
