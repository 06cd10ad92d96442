#pragma once
// The data of the DFS kernel, its bottom layer (dfs_kernel.hpp lists the layers).
#include <Kokkos_Core.hpp>

#include "algorithms/pattern_mining/engine/engine_plan.hpp"
#include "algorithms/pattern_mining/engine/local_bitmap.hpp"
#include "algorithms/pattern_mining/engine/task_share.hpp"
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

}  // namespace tessera::mining::detail
