#pragma once
// The partitioner's tuning options, declared once beside PartitionParams: name, value syntax,
// help, default and validation. The CLI (`tessera partition --NAME VALUE`), the YAML task
// `partition` (parameter NAME with '-' written '_') and the benchmark
// (TESSERA_BENCH_PART_OPTIONS="name=value,...") all read this table; none declares its own copy.
// The constraints (preset, Omega/Delta, k/epsilon) are not here: they select the mode and are
// resolved by params_for_preset and the callers' mode checks.
#include <string>
#include <vector>

#include "algorithms/partitioning/multilevel/partition_params.hpp"

namespace tessera {

struct PartitionOption {
  std::string name;        // CLI spelling, e.g. "candidates"
  std::string value_name;  // e.g. "1..8"
  std::string help;
  // The field's current value in text form; default_value = show(PartitionParams{}), so the
  // defaults stay declared once, in the parameter structs.
  std::string (*show)(const PartitionParams& params);
  // Sets the field from its text form; throws UserError naming the option on a bad value.
  void (*apply)(PartitionParams& params, const std::string& value);
  bool kway_only = false;  // meaningless in constrained mode
  std::string default_value;
};

const std::vector<PartitionOption>& partition_options();

// Applies one option by name; throws UserError on an unknown name or a bad value.
void apply_partition_option(PartitionParams& params, const std::string& name, const std::string& value);

// The YAML spelling of an option name ("initial-fm" -> "initial_fm").
std::string yaml_option_name(const std::string& name);

std::string to_string(PartitionAlgorithm algorithm);
PartitionAlgorithm parse_partition_algorithm(const std::string& text);  // throws UserError

}  // namespace tessera
