#pragma once
// The mining engine's command-line / YAML options, declared once beside EngineParams: name,
// value syntax, help, default and validation. `tessera mine|cliques|motifs --NAME VALUE` and the
// YAML tasks `mine`, `cliques`, `motifs` (parameter NAME) both read this table; the optimization
// switches themselves stay in optimizations.hpp (`disable` parses them).
#include <string>
#include <vector>

#include "algorithms/pattern_mining/engine/engine.hpp"
#include "core/util/option_spec.hpp"

namespace tessera::mining {

using EngineOption = OptionSpec<EngineParams>;

const std::vector<EngineOption>& engine_options();

// The task share's options (task_share.hpp: schedule, chunk-size), meaningful only when several
// processes mine one replicated graph: the CLI's --distributed, the YAML `*-distributed` tasks
// and the benchmarks read this table; without --distributed they are usage errors. The rank
// and the number of ranks come from the launch, never from options.
const std::vector<EngineOption>& share_options();

}  // namespace tessera::mining
