#pragma once
// What the sequential k-way FM (initial/fm_refine) minimises, and the per-net terms of a move's
// gain under it. ISPD98's best-known k-way values for k > 2 are cut-net values (column best_cut
// of best_known_kahypar_jea20_sea20.csv; at k = 2 cut and connectivity coincide), so the default
// is `cut`: gains 1000 * cut gain + connectivity gain, integer, in practice cut first and
// connectivity breaking its many ties (a move that leaves a cut net cut still moves it towards
// fewer blocks). 1000 rather than 9 (ISPD98 ibm01/03/05/07/09, CPU, cut / best known geometric
// mean): k = 4 1.174 -> 1.136, 16 1.292 -> 1.237, 32 1.331 -> 1.252, 64 1.389 -> 1.305, k = 8
// 1.228 -> 1.235; 100 was as good at k = 16 and 64. Fixed-point net weights sum to at most 2^40
// per level (common/fixed_point.hpp), so the scaled sums stay below 2^50. `km1` is connectivity
// alone (the FM before issue 25's objective option).
//
// A move of v from block a to block b changes the objective by sum over the nets e of v of
//   w(e) * (leave_term(|e|, count(e, a)) + join_term(|e|, count(e, b))),
// counts taken before the move (v counted in a). The terms are shifted so that join_term is 0
// for a block without pins of e: a node's join terms are then non-zero only for the blocks its
// nets touch (lambda per net), which is what makes the gain cache cheap to build.
//   km1: leave = [c == 1] - 1, join = [c > 0]   (= [c_a == 1] - [c_b == 0])
//   cut: leave = -[c == |e|], join = [c == |e| - 1]  (internal net becomes cut / cut net internal)
// Nets with one pin never change either metric; callers skip them.
#include <string>

#include "algorithms/partitioning/common/level.hpp"

namespace tessera::partitioning {

enum class KwayObjective {
  cut,  // cut-net (sum of w(e) over nets with lambda(e) > 1), connectivity as the tie-breaker
  km1,  // connectivity, sum of w(e) (lambda(e) - 1)
};

// The weight of the cut term in the combined cut objective (connectivity weighs 1).
inline constexpr score_t k_cut_gain_factor = 1000;

inline score_t leave_term(KwayObjective objective, eid_t size, eid_t count) {
  const score_t km1 = score_t(count == 1) - 1;
  switch (objective) {
    case KwayObjective::km1: return km1;
    case KwayObjective::cut: return km1 - k_cut_gain_factor * score_t(count == size);
  }
  return km1;
}

inline score_t join_term(KwayObjective objective, eid_t size, eid_t count) {
  const score_t km1 = count > 0;
  switch (objective) {
    case KwayObjective::km1: return km1;
    case KwayObjective::cut: return km1 + k_cut_gain_factor * score_t(count == size - 1);
  }
  return km1;
}

inline std::string to_string(KwayObjective objective) {
  switch (objective) {
    case KwayObjective::cut: return "cut";
    case KwayObjective::km1: return "km1";
  }
  return "?";
}

}  // namespace tessera::partitioning
