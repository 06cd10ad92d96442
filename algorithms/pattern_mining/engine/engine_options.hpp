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

}  // namespace tessera::mining
