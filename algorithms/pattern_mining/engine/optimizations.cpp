#include "algorithms/pattern_mining/engine/optimizations.hpp"

#include <sstream>

#include "core/error.hpp"

namespace tessera::mining {

const std::vector<OptimizationSwitch>& optimization_switches() {
  static const std::vector<OptimizationSwitch> switches = {
      {"prune", "counting-only pruning: count the last level(s) by set sizes and pairs", &EngineOptimizations::prune},
      {"wedge", "wedge aggregation: count 4-cycle-like closures as C(c, 2) per wedge end (no intersections)",
       &EngineOptimizations::wedge},
      {"lgs", "local graph search: bitmap adjacency of the edge's common neighbourhood (cliques)",
       &EngineOptimizations::lgs},
      {"flat", "lane per candidate (or candidate pair) for the last two levels when the shared lists are short", &EngineOptimizations::flat},
      {"balance", "load balance: split hub tasks into units taken by several teams", &EngineOptimizations::balance},
      {"order", "work-ordered tasks: the heaviest (degree product) first, one at a time",
       &EngineOptimizations::order},
  };
  return switches;
}

EngineOptimizations parse_disabled_optimizations(const std::string& list) {
  EngineOptimizations o;
  if (list.empty() || list == "none") return o;
  std::string valid;
  for (const auto& s : optimization_switches()) valid += std::string(valid.empty() ? "" : ", ") + s.name;
  std::stringstream in(list + ",");  // every name ends with a comma, so an empty last one shows
  std::string name;
  while (std::getline(in, name, ',')) {
    bool found = false;
    for (const auto& s : optimization_switches())
      if (name == s.name || name == "all") {
        o.*s.enabled = false;
        found = true;
      }
    TESSERA_USER_REQUIRE(found, "unknown optimization '" << name << "' to disable (valid: " << valid
                                                         << ", all, none)");
  }
  return o;
}

std::vector<std::string> enabled_optimizations(const EngineOptimizations& o) {
  std::vector<std::string> out;
  for (const auto& s : optimization_switches())
    if (o.*s.enabled) out.emplace_back(s.name);
  return out;
}

std::string disable_option_help() {
  std::string help = "comma-separated optimizations to switch off (all, none):";
  for (const auto& s : optimization_switches()) help += std::string("\n  ") + s.name + ": " + s.description;
  return help;
}

}  // namespace tessera::mining
