#pragma once
// The engine's automatic launch choices from the graph (issue 28): which tasks run in the narrow
// second launch, with how many lanes, and whether the count kernels are register-capped, decided
// from the degree statistics of the graph the plan intersects on (the oriented DAG for cliques,
// GraphDegrees). The measure is the lookup graph's edge_mean = Σ d² / Σ d, the row length an
// edge task's endpoint has on average, which bounds the list its first DFS level starts from:
// a warp of 32 lanes on a start list of 8 leaves 24 lanes idle, a narrow worker of 4 does not.
//
// One table of values (launch_rules()), chosen from H200 measurements (the README's "Engine
// design" names them); resolve_launch applies it wherever the parameters say automatic, and the
// resolved launch records which rule fired (ResolvedLaunch::auto_note). One generic engine: the
// rules pick shapes and limits, never a kernel per pattern.
#include <string>

#include "algorithms/pattern_mining/engine/engine_params.hpp"

namespace tessera::mining {

struct LaunchRules {
  // Narrow launch (GPUs, count mode, neither wedge nor local-search plans): taken when the lookup
  // graph's edge_mean is at most narrow_edge_mean (0: never); then tasks whose start list has at
  // most narrow_max vertices run with narrow_lanes lanes per worker.
  double narrow_edge_mean = 0;
  eid_t narrow_max = 16;
  int narrow_lanes = 4;  // also the narrow lanes of an explicit --narrow-max without --narrow-lanes
  // Register cap (GPUs, count kernels): on when the lookup graph's edge_mean is at most
  // cap_edge_mean (0: never, infinity: always), or whenever a narrow launch runs and
  // cap_with_narrow is set.
  double cap_edge_mean = 0;
  bool cap_with_narrow = false;
  // Wedge aggregation on GPUs (wedge_rule.hpp): when the plain 4-cycle plan has at least this
  // many partial matches per wedge step (0: always).
  double wedge_min_prefix_ratio = 0;
  // Local search on GPUs for plans that also compile without it (k-cliques, k = 5): kept when the
  // lookup graph's edge_mean is at least this; below, the compiled plan without local search runs
  // fixed depth (0: always local search).
  double local_search_min_edge_mean = 0;
};

// The values resolve_launch uses by default.
const LaunchRules& launch_rules();

// What the rules choose for a launch whose parameters leave them automatic.
struct AutoChoice {
  eid_t narrow_max = 0;   // 0: no narrow launch
  int narrow_lanes = 0;
  bool register_cap = false;
  std::string note;       // which rule fired, for the JSON ("" when none did)
};

// The plan's traits the rules read, and `lookup_edge_mean`: GraphDegrees' edge_mean of the graph
// the plan intersects on.
struct RuleInputs {
  bool gpu = false;
  bool counting = true;
  bool wedge = false;         // wedge aggregation (no narrow launch: counter rows per worker)
  bool local_search = false;  // local bitmap search (k-cliques, k >= 5)
  double lookup_edge_mean = 0;
};

AutoChoice auto_choice(const LaunchRules& rules, const RuleInputs& in);

}  // namespace tessera::mining
