#pragma once
// Partition options as the command line or a YAML task gives them (name -> text), for
// partition_params() in tests of the option table and its mode checks.
#include <map>
#include <optional>
#include <string>

#include "algorithms/partitioning/multilevel/partition_options.hpp"

namespace tessera::test {

inline GivenOption given_options(std::map<std::string, std::string> values) {
  return [values](const std::string& name) -> std::optional<std::string> {
    const auto it = values.find(name);
    return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
}

}  // namespace tessera::test
