#pragma once
// The options of frequent subgraph mining, declared once beside FsmParams: name, value syntax,
// help, default (from FsmParams{}) and validation. The CLI (`tessera fsm --NAME VALUE`), the
// YAML task `fsm` (parameter NAME with '-' written '_') and the benchmark read this table; none
// declares its own copy.
#include <string>
#include <vector>

#include "algorithms/pattern_mining/fsm/fsm_params.hpp"

namespace tessera::mining {

struct FsmOption {
  std::string name;        // CLI spelling, e.g. "max-edges"
  std::string value_name;  // e.g. "K"
  std::string help;
  std::string (*show)(const FsmParams& params);                      // the field as text
  void (*apply)(FsmParams& params, const std::string& value);        // UserError on a bad value
  bool required = false;                                             // no usable default
  std::string default_value;                                         // show(FsmParams{}); "" when required
};

const std::vector<FsmOption>& fsm_options();

// Applies one option by its CLI or YAML name; UserError on an unknown name or a bad value.
void apply_fsm_option(FsmParams& params, const std::string& name, const std::string& value);

// The YAML spelling of an option name ("max-edges" -> "max_edges").
std::string fsm_yaml_name(const std::string& name);

}  // namespace tessera::mining
