#pragma once
// The engine's optional optimizations (G2Miner, paper 2, Table 2), each behind a switch so the
// paper's ablation (one optimization off at a time) can be reproduced on any graph. Declared
// here once with its validation; the CLI (`--disable LIST`), the YAML tasks (`disable: LIST`)
// and the benchmark (TESSERA_BENCH_PM_DISABLE) all read it through parse_disabled_optimizations.
//
//   prune    counting-only pruning (Table 2 D): the last level is counted by set sizes (bound
//            windows, lane-shared intersection counts, |A \ B| = |A| - |A ∩ B|, explicit
//            inequalities corrected afterwards) instead of candidate by candidate, and the last
//            two levels are counted as pairs when the plan proves it valid
//            (SearchPlan::count_last_pair: diamond, 3-star, ...). Off: every last-level
//            candidate is checked on its own and every level is enumerated.
//   wedge    wedge aggregation (counting-only, SearchPlan::count_last_wedges: 4-cycles and any
//            plan whose last vertex closes on the neighbours of an earlier non-adjacent twin):
//            below each partial match, walk the wedges y-x once, one counter per end vertex x
//            in the worker's counter row, and add C(c_x, 2) per x, instead of one
//            intersection per path y-x. 4-vertex plans run on vertex tasks for it. Off: the
//            last three levels are enumerated.
//   lgs      local graph search with bitmap sets (Table 2 E + F, local_bitmap.hpp): for plans
//            whose levels from 2 on stay in the task edge's common neighbourhood W (cliques),
//            tasks with a mid-sized W build W's local adjacency as bitmaps once and run the
//            deeper levels as word-wide AND + popcount. Off: sorted-list set operations only.
//   flat     lane per candidate for the last two levels (count mode, GPUs): when the last
//            level's shared list is short (EngineParams::flat_list_max), the candidates of the
//            level before it go one per lane and each lane counts its last level alone, instead
//            of one lane-shared intersection per candidate that leaves most lanes idle; with
//            few candidates and a short reused list S, one lane per (candidate, S vertex) pair
//            (EngineParams::flat_pairs_max).
//   balance  load balance: hub tasks (a first DFS level longer than the split length) split
//            into units that teams take separately (EngineParams::split_length). Off: one unit
//            per task (as --split -1).
//   order    work-ordered tasks: counting launches move the heaviest tasks by estimated work
//            (degree products; the top log2 buckets holding ~4 tasks per worker) to the front,
//            the rest keep edge order, and hand the heavy ones out one at a time, so no heavy
//            task starts last or shares a chunk (GPUs; EngineParams::order_head). Off: tasks
//            in edge order.
#include <string>
#include <vector>

namespace tessera::mining {

struct EngineOptimizations {
  bool prune = true;
  bool wedge = true;
  bool lgs = true;
  bool flat = true;
  bool balance = true;
  bool order = true;
};

struct OptimizationSwitch {
  const char* name;
  const char* description;
  bool EngineOptimizations::*enabled;
};

// Every switch, in a fixed order (names for --disable, help texts, JSON).
const std::vector<OptimizationSwitch>& optimization_switches();

// "" or "none": everything on; "all": everything off; otherwise comma-separated switch names
// to turn off. UserError naming the valid switches for anything else.
EngineOptimizations parse_disabled_optimizations(const std::string& list);

// The names of the switched-on optimizations, in optimization_switches() order.
std::vector<std::string> enabled_optimizations(const EngineOptimizations& o);

// Help text for the option: the valid names and what each one does.
std::string disable_option_help();

}  // namespace tessera::mining
