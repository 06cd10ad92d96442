#pragma once
// How one engine run is launched, decided on the host before anything is allocated:
// resolve_launch() is a pure function of the parameters, the plan, the device and the graph's
// degree statistics. Every adaptive choice of the engine lives here (task kind, lanes and
// workers per team, the register cap, the narrow second launch, split length, work-order head,
// flat limits, pivots, worker count), so it is tested with fabricated devices
// (tests/algorithms/pattern_mining/test_launch_config.cpp) and reported as run (EngineStats::launch,
// launch_json()). engine.cpp builds the task list, allocates what this describes and launches.
#include <cstddef>
#include <string>

#include "algorithms/pattern_mining/engine/engine_params.hpp"
#include "algorithms/pattern_mining/engine/engine_plan.hpp"
#include "algorithms/pattern_mining/engine/launch_rules.hpp"
#include "algorithms/pattern_mining/plan/search_plan.hpp"

namespace tessera::mining {

// What the launch needs to know of the device (engine.cpp reads it from Kokkos).
struct DeviceInfo {
  bool gpu = false;
  int concurrency = 1;  // threads in flight (ExecSpace::concurrency(): 1 lane = 1 thread)
  int max_lanes = 1;    // TeamPolicy::vector_length_max()
  // Threads of one team at most: 1024 on CUDA; on hosts the threads of the pool.
  int max_team_size() const { return gpu ? 1024 : concurrency; }
};

// The register cap's rule: the capped kernels are compiled with Kokkos LaunchBounds<128, 8>
// (at most 128 threads per team, 8 teams per multiprocessor, hence 64 registers per thread), so
// they can only launch teams of at most this many threads (team threads × lanes). A request
// with larger teams runs the uncapped kernels, and the resolved launch says so
// (`register_cap_note`). Host backends have no registers to cap: never applied there.
inline constexpr int k_register_cap_team_size = 128;

// One kernel launch's shape.
struct KernelShape {
  int lanes = 1;         // vector lanes per worker
  int team_threads = 1;  // workers per Kokkos team
  int workers = 1;       // concurrent workers = buffer sets (EngineStats::teams)
  bool register_cap = false;  // the capped kernel variant runs
  eid_t flat_max = 0;         // flat last two levels: shared list limit (0: never)
  eid_t flat_pairs_max = 0;   // flat pairs: pair limit (0: never)
  int pivots = 0;             // pivot list entries (0: none)
  eid_t chunk = 0;            // units a worker takes at once (resolve_chunk, once units are known)
};

// Plans with this many levels get the fixed-depth count kernels (EngineParams::fixed_depth). Each
// level count is one more set of kernel variants to compile, and deeper ones do not pay: with 5
// levels the nested code is too large for nvcc to inline Kokkos' functor adapter, and the
// functor (1 KB) is copied to local memory (1.3 KB stack frames against 0.45 KB). Plans compiled
// in (compiled_plan.hpp) fold most of that code away: the 5-clique's runs fixed depth too.
inline constexpr int k_fixed_depth_min = 4, k_fixed_depth_max = 4;

struct ResolvedLaunch {
  bool list = false;           // listing / domains (true) or counting
  TaskKind tasks = TaskKind::edge;
  int first_level = 2;         // 1: vertex tasks, 2: edge tasks
  EnginePlan plan;             // the plan as the kernel runs it
  bool ranked = false;         // reads the degree-ranked copy (wedge aggregation), when prepared
  int fixed_levels = 0;        // the count kernels' compile-time level count (0: any depth)
  bool compiled_plan = false;  // fixed depth with the plan compiled in too (compiled_plan.hpp)
  vid_t width = 0;             // buffer length: maximum (out-)degree of the lists the plan reads
  int probe_cost = 1;          // binary search probe cost for merge-or-search choices (0: always search)
  eid_t split_length = -1;     // hub splitting (< 0: never)
  bool split_wedges = false;   // wedge walks are split too
  eid_t order_head = 0;        // heaviest tasks leading one at a time (0: no work order)
  eid_t local_min = 0, local_max = 0;  // local search |W| range (local_max 0: no local search)
  eid_t local_words = 0;       // local bitmap words per worker
  eid_t wedge_stride = 0;      // wedge counters per worker (one per vertex)
  std::size_t worker_bytes = 0;        // candidate buffers and local bitmaps of one worker
  std::size_t wedge_worker_bytes = 0;  // wedge counters of one worker
  bool register_cap_requested = false;  // asked for, or chosen by the rules
  std::string register_cap_note;  // why a requested cap was not applied ("" otherwise)
  std::string auto_note;          // which automatic rule (launch_rules.hpp) chose what ("" when none)
  KernelShape wide;               // the (first) launch
  // Narrow tasks (count mode): tasks whose first DFS level starts from at most narrow_max
  // vertices run in a second launch of `narrow` shape (fewer lanes, more workers).
  bool has_narrow = false;
  eid_t narrow_max = 0;
  KernelShape narrow;

  // Bytes of per-worker memory of both launches (buffers, bitmaps, wedge counters, pivots).
  std::size_t buffer_bytes() const;
};

// Decides the launch. UserError for parameters that cannot run here (lanes not a power of two
// or above the device's, teams larger than the device allows, a budget below one worker).
// `rules`: the automatic choices' values (the measured ones by default; tests fabricate others).
ResolvedLaunch resolve_launch(const EngineParams& params, const SearchPlan& plan, bool list, const DeviceInfo& device,
                              const GraphDegrees& degrees, const LaunchRules& rules = launch_rules());

// Units a worker takes at once: the parameter, or about 16 chunks per worker, 1..64 units.
eid_t resolve_chunk(const EngineParams& params, eid_t units, int workers);

}  // namespace tessera::mining
