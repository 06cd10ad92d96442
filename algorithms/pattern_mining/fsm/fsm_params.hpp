#pragma once
// Parameters of frequent subgraph mining (fsm.hpp). The options that set them (CLI, YAML task,
// benchmark) are declared once, in fsm_options.hpp.
#include "core/types.hpp"

namespace tessera::mining {

inline constexpr int k_fsm_min_edges = 1;
inline constexpr int k_fsm_max_edges = 4;

struct FsmParams {
  int max_edges = 2;    // K: frequent patterns of 1..K edges (2 = the paper's "3-FSM")
  count_t support = 0;  // sigma: frequent iff MNI support >= sigma; 0 = not given (an error)
  // Levels 1-2 as the paper's bounded BFS: every candidate of a level from one launch of the
  // unlabelled shape (every edge / wedge of the graph once); off: one labelled launch per
  // candidate, as deeper levels (cheaper when few candidates share the shape's embeddings).
  bool bounded_bfs = true;
  // Supports of stars (every single edge and wedge, 3- and 4-stars) and 3-paths from per-vertex
  // neighbour label counts (count_support.hpp: no embedding enumerated); off: from the engine
  // like every other pattern (levels 1-2 then as bounded_bfs says). On also needs the counts to
  // fit (n × labels bytes, CountSupport::fits); otherwise the engine is used.
  bool count_supports = true;
};

// UserError when max_edges is outside [k_fsm_min_edges, k_fsm_max_edges] or support is 0.
void validate(const FsmParams& params);

}  // namespace tessera::mining
