#pragma once
// One spelling of a boolean switch everywhere a user gives one: CLI options and YAML task
// parameters (every option table: register-cap, bfs, counts, neighbors, chaining, initial-fm,
// fewest-blocks, weigh-partition, the runner's descending), generator specs (scramble) and the
// experiment's input keys. Accepted, in any case: on|off, true|false, yes|no, 1|0. Results
// echo `on`/`off` (the option tables' show) unless a table documents another spelling.
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace tessera {

// The switch value of `text`, or nullopt when it is none of the accepted spellings.
std::optional<bool> parse_switch_value(std::string_view text);

// The value of option `name`; UserError "option 'NAME' expects on or off (also true/false,
// yes/no, 1/0), got 'TEXT'" otherwise (the CLI reports it as a usage error, exit 2).
bool parse_switch(const std::string& name, const std::string& text);

// A switch that may also be left to the program (register-cap, fewest-blocks, neighbors): nullopt
// for "auto" in any case, else parse_switch's value; the error names auto among the spellings.
std::optional<bool> parse_switch_or_auto(const std::string& name, const std::string& text);

// The canonical text of a switch value.
inline std::string on_off(bool on) { return on ? "on" : "off"; }

// The accepted spellings, for error messages of front ends with their own prefix.
inline constexpr const char* k_switch_spellings = "on or off (also true/false, yes/no, 1/0)";

}  // namespace tessera
