#pragma once
// Small helpers every benchmark driver uses to read its environment settings
// (TESSERA_BENCH_* lists of scales, graph names, limits). Shared data and ground truth come
// from tests/support/test_support.hpp, linked into tessera_bench as well.
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

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

}  // namespace tessera::bench
