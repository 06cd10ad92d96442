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
#include "algorithms/pattern_mining/engine/launch_config.hpp"
#include "algorithms/pattern_mining/plan/search_plan.hpp"
#include "core/graph/csr_graph.hpp"

namespace tessera::mining {

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
  GraphDegrees degrees;
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
  // The launch as resolved and run (launch_config.hpp): lanes, workers, register cap applied,
  // flat limits, pivots and chunk of each kernel launch; launch_json() reports it.
  ResolvedLaunch launch;
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
