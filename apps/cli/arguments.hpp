#pragma once
// A small command-line parser for the `tessera` subcommands: positionals, `--opt VALUE` /
// `--opt=VALUE` options, flags, and generated `--help` text. Unknown options are errors.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace tessera::cli {

// Wrong usage of the tool (exit code 2), as opposed to bad input data (exit code 1).
class UsageError : public UserError {
 public:
  using UserError::UserError;
};

// Runs `turn_options_into_params` (no input read yet): a UserError it throws is wrong usage, not
// bad data, and becomes a UsageError prefixed with the command's name (exit 2, as README says).
template <class F>
auto as_usage(const std::string& command, F&& turn_options_into_params) -> decltype(turn_options_into_params()) {
  try {
    return turn_options_into_params();
  } catch (const UsageError&) {
    throw;
  } catch (const UserError& e) {
    throw UsageError(command + ": " + e.what());
  }
}

class Arguments {
 public:
  Arguments(std::string command, std::string summary);

  Arguments& positional(const std::string& name, const std::string& help);
  Arguments& option(const std::string& name, const std::string& value_name, const std::string& help,
                    std::optional<std::string> default_value = std::nullopt);
  Arguments& flag(const std::string& name, const std::string& help);

  // Returns false when --help was asked for (the help text is then on stdout).
  bool parse(const std::vector<std::string>& args);

  const std::string& get(const std::string& name) const;  // positional or option with a value
  std::optional<std::string> maybe(const std::string& name) const;  // given, or its default
  std::optional<std::string> given(const std::string& name) const;  // given on the command line only
  bool has(const std::string& flag) const;
  bool declared(const std::string& option) const;  // an option or flag of this command
  long long get_integer(const std::string& name) const;

  std::string help() const;

 private:
  struct Spec {
    std::string name, value_name, help;
    std::optional<std::string> default_value;
    bool is_flag = false;
  };
  std::string command_, summary_;
  std::vector<Spec> positionals_, options_;
  std::map<std::string, std::string> values_;
  std::map<std::string, std::string> given_;  // values_ without the defaults
  std::map<std::string, bool> flags_;
};

}  // namespace tessera::cli
