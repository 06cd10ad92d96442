#pragma once
// The command-line side of the task share (engine/task_share.hpp) for every mining command
// (mine, cliques, motifs, fsm): --distributed and the share's options, declared once in
// share_options() (engine_options.hpp), and the per-rank report in the JSON.
#include "algorithms/pattern_mining/engine/engine.hpp"
#include "apps/cli/arguments.hpp"
#include "apps/commands/mining_distributed.hpp"
#include "core/util/json.hpp"

namespace tessera::cli {

// Declares --distributed and the share's options.
void add_share_options(Arguments& args);

// Applies the share's options to params; usage errors for bad values and for any of them
// without --distributed.
void apply_share_options(const Arguments& args, const char* command, mining::EngineParams& params);

// The schedule, chunk size, ranks' units and times, imbalance and the run's time ("time_s").
void set_distributed(Json& j, const mining::TaskShare& share, const DistributedMiningRun& run);

}  // namespace tessera::cli
