#pragma once
// Whole-string number parsing for option and parameter values (CLI, YAML, benchmarks): the text
// must be one decimal integer (or one number) and nothing else. Callers add their own message,
// naming the option, its range and the error kind their front end reports; option tables use
// option_integer, which carries the shared message.
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/error.hpp"

namespace tessera {

inline std::optional<long long> parse_whole_integer(const std::string& text) {
  try {
    std::size_t used = 0;
    const long long value = std::stoll(text, &used);
    if (used == text.size()) return value;
  } catch (const std::exception&) {  // not a number, or out of range
  }
  return std::nullopt;
}

// An option's integer value in [lo, hi]; UserError "option 'NAME' expects an integer in [lo, hi],
// got 'TEXT'" otherwise.
inline long long option_integer(const std::string& name, const std::string& text, long long lo, long long hi) {
  const auto value = parse_whole_integer(text);
  TESSERA_USER_REQUIRE(value && *value >= lo && *value <= hi,
                       "option '" << name << "' expects an integer in [" << lo << ", " << hi << "], got '" << text
                                  << "'");
  return *value;
}

inline std::optional<double> parse_whole_number(const std::string& text) {
  try {
    std::size_t used = 0;
    const double value = std::stod(text, &used);
    if (used == text.size()) return value;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

}  // namespace tessera
