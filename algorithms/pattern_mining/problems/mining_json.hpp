#pragma once
// Pattern-mining results as JSON: what `tessera mine|cliques|motifs --json` print after the
// input's fields and what `tessera run` records for the tasks mine, cliques and motifs (one
// writer each, so the front ends cannot drift apart).
#include "algorithms/pattern_mining/problems/mine.hpp"
#include "algorithms/pattern_mining/problems/motifs.hpp"
#include "core/util/json.hpp"

namespace tessera::mining {

// pattern, induced, count, oriented_dag, the engine's statistics (tasks ... device_bytes),
// time_s (the kernels), task_s (task list, worker memory and an empty launch of each kernel
// variant, which loads its code: engine.cpp's Launcher::warm_up), prepare_s, optimizations (switched on), optimizations_ran,
// pairs_counted.
Json to_json(const MineResult& r, const MineParams& params);
// motifs ({name: count} in motifs(k) order), time_s, optimizations (switched on).
Json to_json(const MotifCounts& m, const MineParams& params);

}  // namespace tessera::mining
