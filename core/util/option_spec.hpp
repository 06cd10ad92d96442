#pragma once
// One command-line / YAML option of a parameters struct, declared once in a table beside the
// struct (e.g. engine_options(), triangle_count_options()): the CLI declares `--name` from it,
// the YAML runner takes `name` as a task parameter with the default, and the benchmarks apply
// `name=value` settings through it. `apply` parses and validates (UserError on a bad value).
#include <string>
#include <vector>

#include "core/error.hpp"

namespace tessera {

template <class Params>
struct OptionSpec {
  std::string name;        // CLI option and YAML parameter, e.g. "team-threads"
  std::string value_name;  // e.g. "N"
  std::string help;
  std::string default_value;
  void (*apply)(Params& params, const std::string& value);
};

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
