#pragma once
// The generic DFS mining engine (G2Miner, paper 2 §5-§6): one kernel executes any SearchPlan
// (converted to an EnginePlan, engine_plan.hpp); kernel fission only removes the code paths a
// plan cannot take (dfs_kernel.hpp), never specialises a pattern.
//
// Mapping (paper §5.1, "warp-centric"): a worker is one Kokkos team thread with `lanes` vector
// lanes, a warp on CUDA (lanes = 32; teams of 128 / lanes workers) and one OpenMP thread on
// host backends. A worker repeatedly takes a chunk of units from a global atomic counter
// (dynamic schedule; the heaviest tasks first and one at a time, switch `order`) and walks
// each unit's search sub-tree depth first. At every level the lanes compute the set
// operations together (intersection, difference, bounding by the symmetry order) into the
// worker's buffers; the last level is only counted (count; by set sizes, as pairs, flat or on
// local bitmaps, see optimizations.hpp) or written straight to the match buffer (list).
//
// Tasks: edges by default (level 0 and 1 come from an edge list Ω filtered by level 1's
// bound and labels), vertices optionally. Tasks whose first DFS level is expected to be large
// are split into parts that take every parts-th candidate of that level ("hub splitting").
//
// Memory beyond the graph: the task list (2 ids per edge task, 1 offset when split) and
// workers × buffers × max_degree ids, buffers ≤ levels − 2, plus the local bitmaps (33 KB per
// worker) when a plan uses local search and one 32-bit wedge counter per vertex per worker when
// it uses wedge aggregation (EngineStats reports each; the buffer budget caps the workers). Cliques use the
// degree-oriented DAG (orient() in core), whose maximum out-degree bounds the buffers instead.
//
// Input: an undirected CsrGraph as build_graph produces it (symmetric, sorted rows, no
// self-loops or duplicates); labelled patterns need graph.labels.
#include <Kokkos_Core.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "algorithms/pattern_mining/engine/engine_plan.hpp"
#include "algorithms/pattern_mining/engine/optimizations.hpp"
#include "algorithms/pattern_mining/engine/task_share.hpp"
#include "algorithms/pattern_mining/plan/search_plan.hpp"
#include "core/graph/csr_graph.hpp"

namespace tessera::mining {

enum class TaskKind { edge, vertex };
TaskKind parse_task_kind(const std::string& name);  // "edge" | "vertex"; UserError otherwise
const char* to_string(TaskKind kind);

inline constexpr std::size_t k_default_wedge_budget = std::size_t(8) << 30;

// The wedge counter budget from a user's MiB (0: the default); UserError below 0.
std::size_t wedge_budget(long long mebibytes);

struct EngineParams {
  TaskKind tasks = TaskKind::edge;
  eid_t chunk_size = 0;          // tasks a team takes at once (0: automatic)
  eid_t split_length = 0;        // split a task when its first DFS level has more candidates
                                 // than this (0: automatic, < 0: never)
  int teams = 0;                 // concurrent workers = buffer sets (0: automatic)
  // Launch shape: a Kokkos team holds `team_threads` independent workers of `lanes` vector
  // lanes each (0: automatic; GPUs: 32 lanes and 128 / lanes workers, i.e. blocks of four
  // warps, so the blocks-per-SM limit does not cap occupancy; hosts: 1 worker of 1 lane).
  int team_threads = 0;
  int lanes = 0;                 // 1..32, a power of two
  std::size_t buffer_budget_bytes = std::size_t(2) << 30;  // caps teams × buffers
  // Wedge aggregation: caps teams × wedge counters (4 bytes per vertex per worker; kron20:
  // 4 MiB per worker, so 2048 workers, about 16 warps per SM on an H200).
  std::size_t wedge_budget_bytes = k_default_wedge_budget;
  std::size_t list_batch_matches = std::size_t(1) << 20;   // listing: match buffer rows
  EngineOptimizations optimizations;                       // each can be switched off (ablation)
  // Local search (optimizations.lgs): tasks whose common neighbourhood W has between these
  // many vertices use bitmaps (per worker: local_max_size² bits of rows).
  eid_t local_min_size = 64;  // H200 round 1: at 32, ego-Facebook 5-cliques lost 1.6x to the lists
  eid_t local_max_size = 512;
  // Flat last two levels (optimizations.flat): when the last level's shared list has at most
  // this many vertices (0: automatic, 128 × lanes with several lanes, never with one; < 0: never).
  eid_t flat_list_max = 0;
  // Flat pairs (optimizations.flat): the last two levels as one lane per (candidate, shared-list
  // vertex) pair when there are at most this many pairs (0: automatic, 8 × lanes with several
  // lanes, never with one; < 0: never).
  eid_t flat_pairs_max = 0;
  // Pivot lists: lanes that binary-search one long list together first search this many of its
  // entries, copied into a per-worker buffer (0: automatic, as many as lanes with several lanes,
  // none with one; < 0: never).
  int pivots = 0;
  // Count kernels with a register cap (64 per thread on GPUs: more resident warps, a few
  // spills; teams of at most 128 threads): > 0 on, 0 off, < 0 automatic: on for clique plans
  // (the oriented DAG) on GPUs, where the H200 ran 4- and 5-cliques 15-25% faster capped on all
  // six graphs of 2026-12-02 round 1 (4-cycles within ±3%; other patterns not measured).
  int register_cap = -1;
  // Lane sums (count kernels): each vector lane keeps its partial count until its worker runs out
  // of work, one reduction per worker (G2Miner's per-thread counters); false: a vector reduction
  // after every counting set operation (the engine before 2026-12-02), for A/B runs.
  bool lane_sums = true;
  // Materialised candidate sets compacted by a vote of the lanes (CUDA; host backends have one
  // lane) instead of a vector scan, which on CUDA tests every candidate twice; false: the scan.
  bool vote = true;
  // Narrow tasks (count mode): tasks whose first DFS level starts from a list of at most this
  // many vertices run in a second launch with `narrow_lanes` lanes per worker (more workers, so
  // more short tasks in flight; 0: never). Not for wedge aggregation.
  eid_t narrow_max = 0;
  int narrow_lanes = 0;  // 0: automatic (4); a power of two below `lanes`, else no second launch
  // Work order (optimizations.order): how many of the heaviest tasks lead, one at a time
  // (0: automatic, 4 per worker on GPUs and none on hosts, where a few threads with dynamic
  // chunks gain nothing and the sort's passes would cost more than they save).
  eid_t order_head = 0;
  // Several processes on one replicated graph (task_share.hpp): this one runs only its share of
  // the units; counts, listed matches and domains then cover that share. Default: everything.
  TaskShare share;
};

// The graph in the forms the engine reads: the symmetric graph (differences, non-clique
// intersections) and, for cliques, its degree-oriented DAG. Prepared once, reused by plans.
template <class MemorySpace>
struct MiningGraph {
  CsrGraph<MemorySpace> graph;  // symmetric
  CsrGraph<MemorySpace> dag;    // (degree, id) orientation; empty unless prepared with it
  // The symmetric graph renumbered by ascending (degree, id) (labels follow), for wedge
  // aggregation: with upper bounds m0 is the cycle's highest-degree vertex, so a wedge walk
  // from u only passes vertices of lower degree (Σ over edges of the smaller degree, instead of
  // Σ d(y)² through hubs). Counts do not depend on vertex ids. Empty unless prepared with it.
  CsrGraph<MemorySpace> ranked;
  vid_t max_degree = 0;
  vid_t max_out_degree = 0;
  bool has_dag() const { return dag.row_map.extent(0) != 0; }
  bool has_ranked() const { return ranked.row_map.extent(0) != 0; }
};

template <class ExecSpace>
MiningGraph<typename ExecSpace::memory_space> prepare_mining_graph(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, bool with_dag,
    bool with_ranked = false);

struct EngineStats {
  eid_t tasks = 0;
  eid_t units = 0;               // tasks after hub splitting (all of them, every share)
  eid_t share_units = 0;         // the units this share ran (= units without a share)
  int teams = 0;                 // workers
  int team_threads = 0;
  int lanes = 0;
  std::size_t buffer_bytes = 0;  // per-worker candidate buffers (and local bitmaps)
  std::size_t task_bytes = 0;    // the task list and unit offsets
  std::size_t graph_bytes = 0;   // the graph's CSR arrays (and the DAG's) on the device
  int batches = 0;               // listing: kernel launches
  double task_seconds = 0;       // building the task list
  double mine_seconds = 0;       // the DFS kernel(s)
  // Optimizations that took effect in this launch (optimization_switches() names): "prune"
  // when the last level was counted by size, "wedge" when the last three levels were counted
  // by wedge aggregation, "lgs" when the plan ran local bitmap search for
  // tasks of the right size, "flat" when the last two levels may run flat, "balance" when hub
  // tasks were split.
  std::vector<std::string> optimizations_ran;
  bool pairs_counted = false;    // prune: the last two levels were counted as pairs
  bool flat_pairs = false;       // flat: the last two levels may run as one lane per pair
  eid_t narrow_units = 0;        // units run in the narrow launch (EngineParams::narrow_max)
  int narrow_lanes = 0;          // its lanes per worker (0: no narrow launch)
};

// The number of distinct matches of the plan's pattern (see pattern.hpp for the semantics).
template <class ExecSpace>
count_t engine_count(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& graph,
                     const SearchPlan& plan, const EngineParams& params = {}, EngineStats* stats = nullptr);

// Receives listed matches in batches: `num` rows of `width` data vertex ids (row-major),
// column p holding the data vertex matched to pattern vertex p. Called on the host.
using MatchSink = std::function<void(const vid_t* matches, std::size_t num, int width)>;

// Lists every distinct match once (in no particular order) through `sink`, in batches of at
// most params.list_batch_matches rows (more only when a single task has more matches), and
// returns their number.
template <class ExecSpace>
count_t engine_list(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& graph,
                    const SearchPlan& plan, const MatchSink& sink, const EngineParams& params = {},
                    EngineStats* stats = nullptr);

// Per-pattern-vertex domains (the data vertices a pattern vertex is matched to), for
// frequent subgraph mining: one bitmap row of num_vertices bits per pattern vertex, bit v of
// row p at word v / 32, bit v % 32. Every distinct match (one per subgraph, as listed) ORs its
// vertices into the rows; the caller zeroes them first and unites the rows of each orbit of
// Aut(P) to cover the automorphic mappings. Returns the number of matches.
using DomainWord = unsigned int;
template <class MemorySpace>
using DomainBitmaps = Kokkos::View<DomainWord**, Kokkos::LayoutRight, MemorySpace>;

//
// Batched (`rows_by_label` given): the plan is unlabelled and stands for several labelled
// patterns of its shape; a match marks the rows its dense vertex labels select (see
// DomainRowsByLabel), or nothing when no pattern has those labels.
template <class MemorySpace>
struct DomainRowsByLabel {
  Kokkos::View<const label_t*, MemorySpace> labels;  // dense label 0..count-1 of every data vertex
  int count = 0;
  // count^k * k entries: for the label tuple of pattern vertices 0..k-1, index = sum of
  // label(p) * count^p, entry index * k + p is the bitmap row of pattern vertex p (-1: none).
  Kokkos::View<const int*, MemorySpace> rows;
};

template <class ExecSpace>
count_t engine_domains(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& graph,
                       const SearchPlan& plan, const DomainBitmaps<typename ExecSpace::memory_space>& domains,
                       const EngineParams& params = {}, EngineStats* stats = nullptr,
                       const DomainRowsByLabel<typename ExecSpace::memory_space>* rows_by_label = nullptr);

}  // namespace tessera::mining
