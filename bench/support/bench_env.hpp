#pragma once
// Small helpers every benchmark driver uses to read its environment settings
// (TESSERA_BENCH_* lists of scales, graph names, limits). Shared data and ground truth come
// from tests/support/test_support.hpp, linked into tessera_bench as well.
#include <cstdlib>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"

namespace tessera::bench {

// The variable's value, or `fallback` when it is unset or empty.
inline std::string env_or(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::string(v) : fallback;
}

// The non-empty items of a `sep`-separated list ("16,18,20").
inline std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(s);
  while (std::getline(in, item, sep))
    if (!item.empty()) out.push_back(item);
  return out;
}

// The `name=value` items of a `sep`-separated list, in order ("lanes=8,chunk=4"); an item
// without '=' is refused, naming `source` (the variable or setting it came from). Benchmarks
// hand each pair to the option table of the parameters it sets (apply_option and friends), so
// a setting means what it means on the command line.
inline std::vector<std::pair<std::string, std::string>> assignments(const std::string& list, char sep,
                                                                    const std::string& source) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& item : split(list, sep)) {
    const auto eq = item.find('=');
    TESSERA_USER_REQUIRE(eq != std::string::npos, source << ": expected name=value, got '" << item << "'");
    out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
  }
  return out;
}

}  // namespace tessera::bench
