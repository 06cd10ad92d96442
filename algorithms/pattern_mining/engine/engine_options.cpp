#include "algorithms/pattern_mining/engine/engine_options.hpp"

#include <climits>

#include "core/error.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/switch_value.hpp"

namespace tessera::mining {

const std::vector<EngineOption>& engine_options() {
  static const std::vector<EngineOption> options = {
      {"tasks", "KIND", "edge | vertex: what one team's DFS starts from", "edge",
       [](EngineParams& p, const std::string& v) { p.tasks = parse_task_kind(v); }},
      {"split", "N", "split tasks whose first DFS level has more than N candidates (0: auto, -1: never)", "0",
       [](EngineParams& p, const std::string& v) { p.split_length = option_integer("split", v, -1, LLONG_MAX); }},
      {"chunk", "N", "tasks a team takes at once (0: auto)", "0",
       [](EngineParams& p, const std::string& v) { p.chunk_size = option_integer("chunk", v, 0, LLONG_MAX); }},
      {"team-threads", "N", "independent workers per Kokkos team (0: auto, 128 / lanes on GPUs)", "0",
       [](EngineParams& p, const std::string& v) { p.team_threads = static_cast<int>(option_integer("team-threads", v, 0, INT_MAX)); }},
      {"lanes", "N", "vector lanes per worker, a power of two (0: auto, 32 on GPUs)", "0",
       [](EngineParams& p, const std::string& v) { p.lanes = static_cast<int>(option_integer("lanes", v, 0, INT_MAX)); }},
      {"wedge-mb", "N", "MiB of wedge counters in all (switch wedge; they cap the workers; 0: auto, 8192)", "0",
       [](EngineParams& p, const std::string& v) { p.wedge_budget_bytes = wedge_budget(option_integer("wedge-mb", v, 0, LLONG_MAX >> 20)); }},
      {"flat-max", "N",
       "flat last two levels (switch flat) when the shared list has at most N vertices (0: auto, 128 x lanes, -1: never)",
       "0", [](EngineParams& p, const std::string& v) { p.flat_list_max = option_integer("flat-max", v, -1, LLONG_MAX); }},
      {"flat-pairs", "N",
       "flat last two levels as one lane per pair (switch flat) when there are at most N pairs (0: auto, 8 x lanes, -1: never)",
       "0", [](EngineParams& p, const std::string& v) { p.flat_pairs_max = option_integer("flat-pairs", v, -1, INT_MAX); }},
      {"pivots", "N", "lanes searching one long list first search N of its entries (0 or -1: never; measured slower on GPUs)", "0",
       [](EngineParams& p, const std::string& v) { p.pivots = static_cast<int>(option_integer("pivots", v, -1, 1024)); }},
      {"probe-cost", "N",
       "merge or binary search per intersection: search when short x log2(long) x N < short + long (0: auto, 1 on GPUs, "
       "4 on hosts; -1: always search)",
       "0", [](EngineParams& p, const std::string& v) { p.probe_cost = static_cast<int>(option_integer("probe-cost", v, -1, 64)); }},
      {"register-cap", "on|off|auto",
       "count kernels capped at 64 registers per thread on GPUs, applied to teams of at most 128 threads (auto: chosen "
       "from the graph; the JSON's launch says what ran)",
       "auto", [](EngineParams& p, const std::string& v) { p.register_cap = parse_switch_or_auto("register-cap", v); }},
      {"wedge", "on|off|auto",
       "4-cycles (also in 4-motifs) counted by wedge aggregation (auto: always on hosts, from the graph's degrees on GPUs; "
       "--disable wedge is off)",
       "auto", [](EngineParams& p, const std::string& v) { p.wedge = parse_switch_or_auto("wedge", v); }},
      {"lane-sums", "on|off", "count kernels: each lane keeps its partial count, one reduction per worker (off: one per set operation)",
       "on", [](EngineParams& p, const std::string& v) { p.lane_sums = parse_switch("lane-sums", v); }},
      {"fixed-depth", "on|off|auto",
       "count kernels of 4-vertex patterns (edge tasks) nest their DFS levels at compile time (state in registers; off: "
       "the general kernel's indexed stack; auto: on GPUs for plans with no DFS loop level, e.g. diamonds, and for the "
       "4-clique, whose plan is compiled in)",
       "auto", [](EngineParams& p, const std::string& v) { p.fixed_depth = parse_switch_or_auto("fixed-depth", v); }},
      {"vote", "on|off", "materialised candidate sets compacted by a vote of the lanes (CUDA; off: a vector scan)", "on",
       [](EngineParams& p, const std::string& v) { p.vote = parse_switch("vote", v); }},
      {"narrow-max", "N",
       "tasks whose first level starts from at most N vertices run in a second launch with fewer lanes (0: auto, from "
       "the graph; -1: never)",
       "0", [](EngineParams& p, const std::string& v) { p.narrow_max = option_integer("narrow-max", v, -1, LLONG_MAX); }},
      {"narrow-lanes", "N", "lanes per worker of that launch, a power of two below lanes (0: auto)", "0",
       [](EngineParams& p, const std::string& v) { p.narrow_lanes = static_cast<int>(option_integer("narrow-lanes", v, 0, INT_MAX)); }},
      {"disable", "LIST", disable_option_help(), "none",
       [](EngineParams& p, const std::string& v) { p.optimizations = parse_disabled_optimizations(v); }},
  };
  return options;
}

const std::vector<EngineOption>& share_options() {
  static const std::vector<EngineOption> options = {
      {"schedule", "round-robin|snake|even",
       "how the units are dealt to the ranks: fixed-size chunks in turn (round-robin), in turn with the rank order "
       "reversed every other round (snake), or one block per rank (even)",
       "round-robin", [](EngineParams& p, const std::string& v) { p.share.schedule = parse_task_schedule(v); }},
      {"chunk-size", "N", "round-robin, snake: units per dealt chunk", std::to_string(k_default_share_chunk),
       [](EngineParams& p, const std::string& v) { p.share.chunk_size = option_integer("chunk-size", v, 1, LLONG_MAX); }},
  };
  return options;
}

}  // namespace tessera::mining
