#pragma once
// The options of frequent subgraph mining, declared once beside FsmParams: name, value syntax,
// help, default (from FsmParams{}) and validation. The CLI (`tessera fsm --NAME VALUE`), the
// YAML task `fsm` (parameter NAME with '-' written '_') and the benchmark read this table; none
// declares its own copy.
#include <string>
#include <vector>

#include "algorithms/pattern_mining/fsm/fsm_params.hpp"
#include "core/util/option_spec.hpp"

namespace tessera::mining {

using FsmOption = OptionSpec<FsmParams>;

const std::vector<FsmOption>& fsm_options();

// Applies one option by its CLI or YAML name; UserError on an unknown name or a bad value.
void apply_fsm_option(FsmParams& params, const std::string& name, const std::string& value);

}  // namespace tessera::mining
