#pragma once
// The form of a SearchPlan the Kokkos engine executes: fixed-size arrays of bitmasks (one bit
// per level), trivially copyable into kernels, plus the decisions the engine takes once per
// plan instead of once per task:
//   * buffer reuse (the paper's W in Algorithm 1): a level whose back-edges and non-edges
//     include those of an earlier materialised level starts from that level's candidate set
//     instead of recomputing the shared intersections (diamond: level 3 reuses level 2's
//     N(m0) ∩ N(m1));
//   * which levels are materialised into the per-team buffers (those with two or more set
//     operations), and which may be cut by their symmetry bounds before the set operations
//     (every level no later level reuses).
// Level i's raw set is the set-operation part of its candidates (∩ back-edges − ∪ non-edges);
// bounds, labels and injectivity are applied when iterating it.
#include <cstdint>
#include <string>

#include "algorithms/pattern_mining/plan/search_plan.hpp"
#include "core/types.hpp"

namespace tessera::mining {

inline constexpr int k_engine_max_levels = k_max_pattern_vertices;

struct EngineLevel {
  std::int8_t reuse = -1;         // earlier level whose raw set this level starts from (-1: none)
  std::uint8_t intersect = 0;     // back-edge levels still to intersect (reuse < 0: all back-edges;
                                  // the shortest of their lists becomes the start at run time)
  std::uint8_t subtract = 0;      // non-edge levels still to subtract (vertex-induced)
  std::uint8_t distinct = 0;      // levels whose vertex must be excluded explicitly
  std::uint8_t upper = 0;         // candidate < m[l] for every bit l
  std::uint8_t lower = 0;         // candidate > m[l] for every bit l
  std::int8_t slot = -1;          // buffer slot when the raw set is materialised
  bool keep_unbounded = false;    // a later level reuses the raw set: do not cut it by bounds
  label_t label = -1;             // required data label (-1: any)
};

struct EnginePlan {
  int num_levels = 0;
  int num_slots = 0;              // materialised levels = buffers per team
  bool oriented = false;          // intersect out-lists of the degree-oriented DAG, no bounds
  bool labelled = false;
  EngineLevel levels[k_engine_max_levels];
  std::int8_t vertex_of_level[k_engine_max_levels] = {};  // pattern vertex matched at each level
};

// `first_dfs_level` is 1 for vertex tasks and 2 for edge tasks: levels before it come from the
// task and never need a buffer.
EnginePlan make_engine_plan(const SearchPlan& plan, int first_dfs_level);

// One line per level, for logs and tests.
std::string describe(const EnginePlan& plan);

}  // namespace tessera::mining
