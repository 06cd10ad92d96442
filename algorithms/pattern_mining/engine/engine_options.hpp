#pragma once
// The mining engine's command-line / YAML options, declared once beside EngineParams: name,
// value syntax, help, default and validation. `tessera mine|cliques|motifs --NAME VALUE` and the
// YAML tasks `mine`, `cliques`, `motifs` (parameter NAME) both read this table; the optimization
// switches themselves stay in optimizations.hpp (`disable` parses them).
#include <string>
#include <vector>

#include "algorithms/pattern_mining/engine/engine.hpp"

namespace tessera::mining {

struct EngineOption {
  std::string name;        // CLI option and YAML parameter, e.g. "team-threads"
  std::string value_name;  // e.g. "N"
  std::string help;
  std::string default_value;
  // Sets the field from its text form; throws UserError naming the option on a bad value.
  void (*apply)(EngineParams& params, const std::string& value);
};

const std::vector<EngineOption>& engine_options();

}  // namespace tessera::mining
