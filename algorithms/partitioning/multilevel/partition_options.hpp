#pragma once
// The partitioner's tuning options, declared once beside PartitionParams: name, value syntax,
// help, default and validation. The CLI (`tessera partition --NAME VALUE`), the YAML task
// `partition` (parameter NAME with '-' written '_') and the benchmark
// (TESSERA_BENCH_PART_OPTIONS="name=value,...") all read this table; none declares its own copy.
// The constraints (preset, Omega/Delta, k/epsilon) select the mode; they are declared here too
// (partition_constraint_options), and partition_params() is the one place that turns what a
// front end was given into checked PartitionParams.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/partitioning/multilevel/partition_params.hpp"
#include "core/util/option_spec.hpp"

namespace tessera {

// Defaults come from PartitionParams{} (show); options of one mode name it in only_in_mode ("k-way" or
// "constrained"): given in the other mode at other than their default, partition_params() rejects them.
using PartitionOption = OptionSpec<PartitionParams>;

const std::vector<PartitionOption>& partition_options();

// The constraint options: max-size, max-inbound (constrained mode), preset, k, epsilon (k-way).
struct ConstraintOption {
  std::string name;        // CLI spelling; YAML writes '-' as '_'
  std::string value_name;
  std::string help;
};
const std::vector<ConstraintOption>& partition_constraint_options();

// What a front end was given, by CLI option name: the text, or nullopt when not given.
using GivenOption = std::function<std::optional<std::string>(const std::string& name)>;

// Every partitioner option (constraints and tuning) from `given` -> PartitionParams, with every
// value and combination checked: one constraint way (a preset, Omega[/Delta], or k[/epsilon]),
// epsilon only with k, k-way-only options only in k-way mode, the baselines constrained-only.
// require_mode: a constraint must be given (partition); false where none is fine (partition-check).
// Throws UserError naming the option.
PartitionParams partition_params(const GivenOption& given, bool require_mode);

// Applies one option by name; throws UserError on an unknown name or a bad value.
void apply_partition_option(PartitionParams& params, const std::string& name, const std::string& value);

std::string to_string(PartitionAlgorithm algorithm);
PartitionAlgorithm parse_partition_algorithm(const std::string& text);  // throws UserError

}  // namespace tessera
