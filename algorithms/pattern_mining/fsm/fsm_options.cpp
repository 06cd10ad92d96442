#include "algorithms/pattern_mining/fsm/fsm_options.hpp"

#include <limits>

#include "core/error.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/switch_value.hpp"

namespace tessera::mining {

void validate(const FsmParams& params) {
  TESSERA_USER_REQUIRE(params.max_edges >= k_fsm_min_edges && params.max_edges <= k_fsm_max_edges,
                       "option 'max-edges' expects an integer in [" << k_fsm_min_edges << ", " << k_fsm_max_edges
                                                                    << "], got '" << params.max_edges << "'");
  TESSERA_USER_REQUIRE(params.support >= 1, "frequent subgraph mining needs a minimum support (option 'support', >= 1)");
}

const std::vector<FsmOption>& fsm_options() {
  static const std::vector<FsmOption> options = with_defaults<FsmParams>({
      {"max-edges", "K",
       "largest pattern size in edges, 1..4: every frequent connected pattern with 1..K edges (2: the paper's 3-FSM)",
       "", [](FsmParams& p, const std::string& v) {
         p.max_edges = static_cast<int>(option_integer("max-edges", v, k_fsm_min_edges, k_fsm_max_edges));
       },
       [](const FsmParams& p) { return std::to_string(p.max_edges); }},
      {"support", "SIGMA",
       "minimum MNI (domain) support: a pattern is frequent iff every pattern vertex is mapped to at least SIGMA "
       "distinct data vertices (required, >= 1)",
       "", [](FsmParams& p, const std::string& v) {
         p.support = static_cast<count_t>(option_integer("support", v, 1, std::numeric_limits<long long>::max()));
       },
       [](const FsmParams& p) { return std::to_string(p.support); }, /*required=*/true},
      {"bfs", "on|off",
       "levels 1-2 (edges, wedges) as bounded BFS: all candidates of a level from one enumeration of the unlabelled "
       "shape (on), or one labelled engine launch per candidate (off); used with --counts off",
       "", [](FsmParams& p, const std::string& v) { p.bounded_bfs = parse_switch("bfs", v); },
       [](const FsmParams& p) { return on_off(p.bounded_bfs); }},
      {"counts", "on|off",
       "supports of stars (edges, wedges, 3- and 4-stars) and 3-paths from per-vertex neighbour label counts without "
       "enumerating embeddings (on), or from the engine like other patterns (off; levels 1-2 then as --bfs says)",
       "", [](FsmParams& p, const std::string& v) { p.count_supports = parse_switch("counts", v); },
       [](const FsmParams& p) { return on_off(p.count_supports); }},
  });
  return options;
}

void apply_fsm_option(FsmParams& params, const std::string& name, const std::string& value) {
  apply_option(fsm_options(), params, name, value, "fsm");
}

}  // namespace tessera::mining
