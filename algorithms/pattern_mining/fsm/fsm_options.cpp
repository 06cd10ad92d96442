#include "algorithms/pattern_mining/fsm/fsm_options.hpp"

#include <algorithm>
#include <limits>

#include "core/error.hpp"
#include "core/util/parse_number.hpp"

namespace tessera::mining {

namespace {

std::vector<FsmOption> with_defaults(std::vector<FsmOption> options) {
  const FsmParams defaults;
  for (auto& o : options) o.default_value = o.required ? std::string() : o.show(defaults);
  return options;
}

bool on_off(const char* name, const std::string& value) {
  if (value == "on" || value == "1") return true;
  if (value == "off" || value == "0") return false;
  throw UserError(std::string("option '") + name + "' expects on or off, got '" + value + "'");
}

}  // namespace

void validate(const FsmParams& params) {
  TESSERA_USER_REQUIRE(params.max_edges >= k_fsm_min_edges && params.max_edges <= k_fsm_max_edges,
                       "option 'max-edges' expects an integer in [" << k_fsm_min_edges << ", " << k_fsm_max_edges
                                                                    << "], got '" << params.max_edges << "'");
  TESSERA_USER_REQUIRE(params.support >= 1, "frequent subgraph mining needs a minimum support (option 'support', >= 1)");
}

const std::vector<FsmOption>& fsm_options() {
  static const std::vector<FsmOption> options = with_defaults({
      {"max-edges", "K",
       "largest pattern size in edges, 1..4: every frequent connected pattern with 1..K edges (2: the paper's 3-FSM)",
       [](const FsmParams& p) { return std::to_string(p.max_edges); },
       [](FsmParams& p, const std::string& v) {
         p.max_edges = static_cast<int>(option_integer("max-edges", v, k_fsm_min_edges, k_fsm_max_edges));
       }},
      {"support", "SIGMA",
       "minimum MNI (domain) support: a pattern is frequent iff every pattern vertex is mapped to at least SIGMA "
       "distinct data vertices (required, >= 1)",
       [](const FsmParams& p) { return std::to_string(p.support); },
       [](FsmParams& p, const std::string& v) {
         p.support = static_cast<count_t>(option_integer("support", v, 1, std::numeric_limits<long long>::max()));
       },
       true},
      {"bfs", "on|off",
       "levels 1-2 (edges, wedges) as bounded BFS: all candidates of a level from one enumeration of the unlabelled "
       "shape (on), or one labelled engine launch per candidate (off); used with --counts off",
       [](const FsmParams& p) { return std::string(p.bounded_bfs ? "on" : "off"); },
       [](FsmParams& p, const std::string& v) { p.bounded_bfs = on_off("bfs", v); }},
      {"counts", "on|off",
       "supports of stars (edges, wedges, 3- and 4-stars) and 3-paths from per-vertex neighbour label counts without "
       "enumerating embeddings (on), or from the engine like other patterns (off; levels 1-2 then as --bfs says)",
       [](const FsmParams& p) { return std::string(p.count_supports ? "on" : "off"); },
       [](FsmParams& p, const std::string& v) { p.count_supports = on_off("counts", v); }},
  });
  return options;
}

void apply_fsm_option(FsmParams& params, const std::string& name, const std::string& value) {
  for (const auto& o : fsm_options())
    if (o.name == name || fsm_yaml_name(o.name) == name) return o.apply(params, value);
  std::string known;
  for (const auto& o : fsm_options()) known += (known.empty() ? "" : ", ") + o.name;
  throw UserError("unknown fsm option '" + name + "' (known: " + known + ")");
}

std::string fsm_yaml_name(const std::string& name) {
  std::string out = name;
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

}  // namespace tessera::mining
