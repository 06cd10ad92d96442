#pragma once
// One command-line / YAML option of a parameters struct, declared once in a table beside the
// struct (engine_options(), triangle_count_options(), fsm_options(), partition_options(),
// dist_param_options()): the CLI declares `--name` from it, the YAML runner takes `name` (or
// yaml_name(name)) as a task parameter with the default, and the benchmarks apply `name=value`
// settings through it. `apply` parses and validates: UserError on a bad value, naming the option
// (the distributed table's callers prefix the name instead).
#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace tessera {

template <class Params>
struct OptionSpec {
  std::string name;        // CLI option and YAML parameter, e.g. "team-threads"
  std::string value_name;  // e.g. "N"
  std::string help;
  std::string default_value;  // as text; with_defaults() fills it from show(Params{})
  void (*apply)(Params& params, const std::string& value);
  // The field as text (for defaults and for echoing the parameters a run used); null where the
  // table writes default_value by hand.
  std::string (*show)(const Params& params) = nullptr;
  bool required = false;  // no usable default: the front end must be given it
  // The mode the option belongs to (e.g. "k-way"), named in the error when it is given, other
  // than at its default, in another mode; null: every mode. The parameters' front end checks it.
  const char* only_in_mode = nullptr;
};

// `table` with every default_value that has a `show` taken from a default-constructed Params
// (so defaults stay declared once, in the struct); required options keep "".
template <class Params>
std::vector<OptionSpec<Params>> with_defaults(std::vector<OptionSpec<Params>> table) {
  const Params defaults{};
  for (auto& o : table)
    if (o.show != nullptr && !o.required) o.default_value = o.show(defaults);
  return table;
}

// The YAML spelling of an option name: '-' written '_' ("max-edges" -> "max_edges"); YAML
// parameters match either way (same_option_name), records use this one.
inline std::string yaml_name(std::string name) {
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

// Option names match with '-' and '_' alike: the tables spell them either way ("wedge-mb",
// "max_edges"), and a user should not have to remember which.
inline bool same_option_name(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i] && !((a[i] == '-' || a[i] == '_') && (b[i] == '-' || b[i] == '_'))) return false;
  return true;
}

// Applies the option called `name`; UserError naming `what` and the known options when there is
// none.
template <class Params>
void apply_option(const std::vector<OptionSpec<Params>>& table, Params& params, const std::string& name,
                  const std::string& value, const std::string& what) {
  std::string known;
  for (const auto& o : table) {
    if (same_option_name(o.name, name)) return o.apply(params, value);
    known += (known.empty() ? "" : ", ") + o.name;
  }
  throw UserError("unknown " + what + " option '" + name + "' (known: " + known + ")");
}

}  // namespace tessera
