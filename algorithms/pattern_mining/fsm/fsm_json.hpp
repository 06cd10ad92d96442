#pragma once
// Frequent subgraph mining's result as JSON: what `tessera fsm --json` prints after the input's
// and parameters' fields and what `tessera run` records for the task fsm (one writer).
#include "algorithms/pattern_mining/fsm/fsm.hpp"
#include "core/util/json.hpp"

namespace tessera::mining {

// frequent_patterns, by_edges ([k - 1]: patterns of k edges), candidates, pruned, matches,
// time_s (the whole mining), engine_s, counts_s.
inline Json to_json(const FsmResult& r) {
  Json by_edges = Json::array();
  for (count_t c : r.by_edges) by_edges.push(c);
  Json j = Json::object();
  j.set("frequent_patterns", static_cast<count_t>(r.patterns.size()))
      .set("by_edges", by_edges)
      .set("candidates", r.candidates)
      .set("pruned", r.pruned)
      .set("matches", r.matches)
      .set("time_s", r.seconds)
      .set("engine_s", r.engine_seconds)
      .set("counts_s", r.count_seconds);
  return j;
}

}  // namespace tessera::mining
