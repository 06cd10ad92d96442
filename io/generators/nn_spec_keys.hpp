#pragma once
// The "key=value" part of a neural-network generator spec ("nn:NAME,key=value,..."), shared by
// the network families (nn_hypergraph.cpp, nn_model.cpp, nn_allen.cpp). Errors are one-line
// UserErrors naming the key.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tessera::gen::detail {

struct NnSpecKeys {
  std::string name;                          // the network ("lenet", "model", ...)
  std::map<std::string, std::string> values;  // key -> value, each key once

  // Throws when a key is not in `allowed` (the message lists the valid keys).
  void allow_only(const std::vector<std::string>& allowed) const;
  // A non-negative finite number; `fallback` when absent, unless `required`.
  double number(const std::string& key, double fallback, bool required = false) const;
  // A number in (0, max]; `fallback` when absent.
  double positive(const std::string& key, double fallback, double max) const;
  // An integer in [lo, hi], written in decimal digits only (no sign, exponent or fraction: a size
  // must not round through a double); `fallback` when absent, unless `required`.
  std::int64_t integer(const std::string& key, std::int64_t fallback, std::int64_t lo, std::int64_t hi,
                       bool required = false) const;
  // A random seed: any 64-bit unsigned integer, in decimal digits; `fallback` when absent.
  std::uint64_t seed(const std::string& key, std::uint64_t fallback) const;
  // A probability in [0, 1].
  double probability(const std::string& key, double fallback) const;
};

// Splits "NAME,key=value,..." (the text after "nn:"); repeated keys and items without '=' throw.
NnSpecKeys parse_nn_spec_keys(const std::string& text);

}  // namespace tessera::gen::detail
