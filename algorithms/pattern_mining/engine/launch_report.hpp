#pragma once
// The resolved launch as JSON (`launch` in the results of `tessera mine|cliques|motifs` and of the
// YAML mining tasks): what each kernel launch actually used, register cap included.
#include <string>
#include <utility>
#include <vector>

#include "algorithms/pattern_mining/engine/launch_config.hpp"
#include "core/util/json.hpp"

namespace tessera::mining {

// {"tasks", "first_level", "width", "split_length", "order_head", "local_max",
//  "fixed_levels", "compiled_plan", "register_cap_requested", "register_cap_note", "auto" (the automatic rule that fired), "kernels": [{"name": "wide"|"narrow", "lanes",
//  "team_threads", "workers", "register_cap", "flat_max", "flat_pairs_max", "pivots", "chunk"}]}
// ("narrow" only when a narrow launch ran; it adds "narrow_max").
Json launch_json(const ResolvedLaunch& launch);

// {name: launch_json} for several launches (count_motifs: one per pattern).
Json launches_json(const std::vector<std::pair<std::string, ResolvedLaunch>>& launches);

}  // namespace tessera::mining
