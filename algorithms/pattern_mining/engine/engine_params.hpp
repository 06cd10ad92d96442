#pragma once
// The engine's parameters (EngineParams: every field an option of engine_options.hpp or a
// library caller's setting) and the graph statistics a launch is shaped by. Plain host structs:
// launch_config.hpp resolves them into a launch without a device.
#include <cstddef>
#include <optional>
#include <string>

#include "algorithms/pattern_mining/engine/optimizations.hpp"
#include "algorithms/pattern_mining/engine/task_share.hpp"
#include "core/types.hpp"

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
  // Merge or binary search, per intersection: search when short * log2(long) * probe_cost <
  // short + long (set_ops::prefer_binary_search). 0: automatic (1 on GPUs, 4 on hosts); < 0:
  // always search. Lanes that merge walk their chunks apart (divergent, uncoalesced reads), lanes
  // that search start from the same entries (issue 28's GPU trade-off, measured per graph).
  int probe_cost = 0;
  // Count kernels with a register cap (64 per thread on GPUs: more resident warps, a few
  // spills); unset: automatic (launch_rules.hpp, from the graph's degree statistics). Applied
  // only to GPU teams of at most 128 threads (k_register_cap_team_size in launch_config.hpp);
  // EngineStats::launch says whether it was.
  std::optional<bool> register_cap;
  // Wedge aggregation where the plan allows it (optimizations.wedge; 4-cycles, also inside 4-motifs);
  // unset: automatic (wedge_rule.hpp: always on hosts, from the graph on GPUs). The result's
  // `wedge_choice` says what ran and why.
  std::optional<bool> wedge;
  // Lane sums (count kernels): each vector lane keeps its partial count until its worker runs out
  // of work, one reduction per worker (G2Miner's per-thread counters); false: a vector reduction
  // after every counting set operation (the engine before 2026-12-02), for A/B runs.
  bool lane_sums = true;
  // Fixed depth (count kernels of edge tasks on plans of k_fixed_depth_min..k_fixed_depth_max
  // levels, launch_config.hpp, without wedge aggregation): the DFS levels nested at compile time,
  // so the per-level state stays in registers (dfs_kernel.hpp, `Levels`); false: the general
  // kernel's indexed stack. Unset:
  // automatic (launch_config.cpp): on GPUs for plans counted without a DFS loop level and for the
  // 4-clique, whose plan is compiled in (engine/compiled_plan.hpp) (on hosts,
  // with no local memory to save, the unrolled level loops ran tailed triangles 2-9% slower;
  // measurements/2026-12-05-fixed-depth-cpu).
  std::optional<bool> fixed_depth;
  // Materialised candidate sets compacted by a vote of the lanes (CUDA; host backends have one
  // lane) instead of a vector scan, which on CUDA tests every candidate twice; false: the scan.
  bool vote = true;
  // Narrow tasks (count mode): tasks whose first DFS level starts from a list of at most this
  // many vertices run in a second launch with `narrow_lanes` lanes per worker (more workers, so
  // more short tasks in flight; 0: automatic (launch_rules.hpp, from the graph's degree
  // statistics), < 0: never). Not for wedge aggregation.
  eid_t narrow_max = 0;
  int narrow_lanes = 0;  // 0: automatic; a power of two below `lanes`, else no second launch
  // Work order (optimizations.order): how many of the heaviest tasks lead, one at a time
  // (0: automatic, 4 per worker on GPUs and none on hosts, where a few threads with dynamic
  // chunks gain nothing and the sort's passes would cost more than they save).
  eid_t order_head = 0;
  // Several processes on one replicated graph (task_share.hpp): this one runs only its share of
  // the units; counts, listed matches and domains then cover that share. Default: everything.
  TaskShare share;
};

// Degree statistics of one graph form, computed once by prepare_mining_graph (two reductions):
// the launch (launch_config.hpp) sizes buffers by `max` and shapes workers by the means.
struct DegreeStats {
  vid_t max = 0;
  double mean = 0;       // over vertices: entries / vertices
  double edge_mean = 0;  // over row entries: Σ d² / Σ d, the row length an edge task's endpoint
                         // has on average (what a worker per edge task starts from)
};

struct GraphDegrees {
  vid_t vertices = 0;
  DegreeStats graph;  // the symmetric graph (and its degree-ranked copy)
  DegreeStats dag;    // the degree-oriented DAG's out-degrees (zero unless prepared with it)
};

}  // namespace tessera::mining
