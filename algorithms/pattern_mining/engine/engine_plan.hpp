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
//     (every level no later level reuses);
//   * counting-only pruning: whether the last level is counted by set sizes, and whether the
//     last two levels are counted as pairs (the plan's count_last_pair, taken when the pair's
//     first level is a DFS level) or the last three by wedge aggregation (count_last_wedges,
//     taken when y = num_levels - 3 is a DFS level).
// Level i's raw set is the set-operation part of its candidates (∩ back-edges − ∪ non-edges);
// bounds, labels and injectivity are applied when iterating it.
#include <cstdint>
#include <string>

#include "algorithms/pattern_mining/engine/optimizations.hpp"
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
  std::uint8_t local_rows = 0;    // local search: back-edge levels >= 2, whose bitmap rows are ANDed

  friend bool operator==(const EngineLevel& a, const EngineLevel& b) {
    return a.reuse == b.reuse && a.intersect == b.intersect && a.subtract == b.subtract && a.distinct == b.distinct &&
           a.upper == b.upper && a.lower == b.lower && a.slot == b.slot && a.keep_unbounded == b.keep_unbounded &&
           a.label == b.label && a.local_rows == b.local_rows;
  }
};

struct EnginePlan {
  int num_levels = 0;
  // The deepest level the DFS visits, where matches are counted or listed: num_levels - 1,
  // num_levels - 2 when the last two levels are counted as pairs (`pair` != 0), num_levels - 3
  // when the last three are counted by wedge aggregation (`wedge`).
  int last_level = 0;
  // Pair counting (SearchPlan::count_last_pair): each admissible candidate x of last_level
  // pairs with every raw candidate below it (+1) or above it (-1); 0: no pairs.
  std::int8_t pair = 0;
  // Wedge aggregation (SearchPlan::count_last_wedges, switch `wedge`): last_level is y =
  // num_levels - 3, and the engine counts levels y, x, z there by one wedge counter per x.
  bool wedge = false;
  std::int8_t wedge_slot = -1;  // wedge: buffer slot listing y's whose segments all lanes walk
  // Counting-only pruning of the last level: count it from set sizes (windows, lane-shared
  // intersection counts, corrections for explicit inequalities) instead of per candidate.
  bool count_by_size = false;
  // Local graph search with bitmaps (local_bitmap.hpp): every level from 2 to last_level
  // intersects levels 0 and 1 and subtracts nothing, and at least two levels follow level 2.
  bool local_search = false;
  int num_slots = 0;              // materialised levels = buffers per team
  bool oriented = false;          // intersect out-lists of the degree-oriented DAG, no bounds
  bool labelled = false;
  EngineLevel levels[k_engine_max_levels];
  std::int8_t vertex_of_level[k_engine_max_levels] = {};  // pattern vertex matched at each level
};

// `first_dfs_level` is 1 for vertex tasks and 2 for edge tasks: levels before it come from the
// task and never need a buffer.
// `counting`: the launch counts (listing needs every match, so no pairs, size shortcuts or
// local search); `optimizations`: the switches (EngineOptimizations).
EnginePlan make_engine_plan(const SearchPlan& plan, int first_dfs_level, bool counting = true,
                            const EngineOptimizations& optimizations = {});

// One line per level, for logs and tests.
std::string describe(const EnginePlan& plan);

}  // namespace tessera::mining
