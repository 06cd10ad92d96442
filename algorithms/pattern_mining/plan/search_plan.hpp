#pragma once
// Search plans (G2Miner paper 2 §4): a matching order plus, for every level of the DFS, the
// set operations that produce its candidates. Host-side description only; the serial
// interpreter (serial_plan_executor.hpp) and the Kokkos engine execute it.
//
// Level i matches pattern vertex order[i] to a data vertex m[i]. Its candidate set is
//   level 0:  every data vertex
//   level i:  ∩ N(m[l]) for l in intersect            (back-edges; never empty for i > 0)
//             − ∪ N(m[l]) for l in subtract           (non-edges; vertex-induced only)
//             − { m[l] : l in distinct }              (injectivity where nothing above implies it)
//             ∩ { x : x < m[l] } for l in upper_bounds ∩ { x : x > m[l] } for l in lower_bounds
//             ∩ { x : label(x) = label }              (when the pattern vertex is labelled)
// Every full assignment is one distinct subgraph (edge-induced: distinct edge set;
// vertex-induced: distinct vertex set); the bounds are the symmetry-breaking constraints.
//
// Cliques (every pair adjacent, all labels equal) set `use_oriented_dag`: orient every edge
// from the lower to the higher (degree, id) rank, let level i intersect the *out*-neighbour
// lists of all earlier levels, and ignore the bounds: the orientation is the total order the
// constraints m[0] < m[1] < ... would impose, and shortens the lists. The bounds stay valid
// for an engine that runs on the symmetric graph instead.
//
// Cost model (choose_matching_order). The data graph is summarised by its average degree d
// and the probability q that a vertex of one neighbour list also lies in another. With
// E_i = expected partial matches after level i (per start vertex, E_0 = 1), level i >= 1
// with k back-edges, s subtractions and b bounds costs
//   work_i = E_{i-1} * (k + s) * d                 (each set operation scans ~d entries)
//   E_i    = E_{i-1} * d * q^(k-1) * (1-q)^s / (b + 1)
// and the order's cost is the sum of work_i. Orders that reach many back-edges early (dense,
// high-degree pattern vertices first) keep E small, so candidate sets come from
// intersections instead of single neighbour lists. Ties go to the order whose back-edge
// counts are lexicographically larger, then to the lexicographically smaller order.
#include <string>
#include <vector>

#include "algorithms/pattern_mining/pattern/pattern.hpp"
#include "algorithms/pattern_mining/plan/analysis.hpp"
#include "core/types.hpp"

namespace tessera::mining {

using level_t = int;  // position in a matching order

struct MatchingOrder {
  std::vector<pvid_t> vertices;  // level -> pattern vertex
  std::vector<level_t> level_of; // pattern vertex -> level
};

// Every order in which each vertex after the first is adjacent to an earlier one,
// lexicographic. (n! at most: 40320 for n = 8.)
std::vector<MatchingOrder> connected_matching_orders(const Pattern& p);
MatchingOrder make_matching_order(const Pattern& p, const std::vector<pvid_t>& vertices);  // UserError if not connected

struct CostModel {
  double average_degree = 16.0;  // d
  double overlap = 0.1;          // q: chance that a neighbour of one vertex neighbours another
};

// Which side of a symmetry constraint is checked. Both are valid (reversing every
// constraint is the same as renumbering the data graph backwards); `upper` lets an engine
// cut sorted candidate lists at a prefix ("set bounding" in the paper).
enum class BoundDirection { upper, lower };

struct PlanOptions {
  CostModel cost;
  BoundDirection bounds = BoundDirection::upper;
  bool allow_oriented_dag = true;  // cliques: use the degree-oriented DAG
  bool allow_pair_counting = true; // count the last two levels combinatorially where valid
  bool allow_wedge_counting = true; // count the last three levels by wedge aggregation where valid
};

struct LevelPlan {
  pvid_t vertex = 0;
  label_t label = k_no_label;
  std::vector<level_t> intersect;
  std::vector<level_t> subtract;
  std::vector<level_t> distinct;
  // Symmetry constraints whose later side is this level; a bound implied by another bound of
  // the same level through earlier constraints is dropped (it still excludes m[l]).
  std::vector<level_t> upper_bounds;  // candidate < m[l]
  std::vector<level_t> lower_bounds;  // candidate > m[l]
};

struct SearchPlan {
  Pattern pattern;
  MatchingOrder order;
  std::vector<LevelPlan> levels;
  // The constraints the bounds enforce, in pattern vertex ids.
  std::vector<SymmetryConstraint> constraints;
  count_t automorphism_count = 1;
  bool use_oriented_dag = false;
  // Counting-only pruning (paper Table 2 D) of the last two levels a = n-2, z = n-1: set when
  // they draw from the same raw set S (same back-edges and non-edges, so a and z are not
  // adjacent and, vertex-induced, could not be), z's only bound is one to a, and neither has
  // labels or explicit inequalities. Then the matches below one partial match of levels
  // 0..a-1 are the pairs x ∈ window_a(S), y ∈ S with y < x (upper bound; y > x for a lower
  // bound): Σ over x of its rank in S, computed from |S ∩ window| and |S| below (above) the
  // window without enumerating either level (diamond, edge-induced: C(|N(u) ∩ N(v)|, 2)).
  bool count_last_pair = false;
  // Wedge aggregation of the last three levels y = n-3, x = n-2, z = n-1: set when z closes on
  // exactly y's back-edges plus x (so y and z are two non-adjacent vertices with the same
  // neighbours, x among them; 4-cycle: y, z the two vertices opposite each other beside m0),
  // z's and y's differences are equal (so vertex-induced patterns, where z subtracts N(y),
  // never qualify), x is adjacent to y and not bounded by it, z's only bound is one to y and
  // y's window reaches the end of its raw set S on that side (z < y: y has no lower bound;
  // z > y: no upper bound), y and z have no labels and the same explicit inequalities. Then,
  // below one partial match of levels 0..n-4, every admissible x with c_x = |Y ∩ N(x)| (Y: the
  // admissible candidates of y's window of S) closes exactly C(c_x, 2) matches (every pair
  // y, z of that set, in the bound's order), and c_x is the number of wedges y-x walked from Y:
  // one counter per x, no intersections (4-cycle, edge-induced: Σ over u, x of
  // C(|N(u) ∩ N(x) ∩ {< u}|, 2); a 4-cycle with a pendant vertex: the same per pendant edge).
  bool count_last_wedges = false;
  double cost = 0.0;

  int num_levels() const { return static_cast<int>(levels.size()); }
};

// The model's cost of matching `order` with `constraints` (SearchPlan::constraints form).
double matching_order_cost(const Pattern& p, const MatchingOrder& order,
                           const std::vector<SymmetryConstraint>& constraints, Induced induced,
                           const CostModel& model);

// Whether the last two levels of `plan` satisfy SearchPlan::count_last_pair's conditions.
bool last_pair_is_countable(const SearchPlan& plan);

// Whether the last three levels of `plan` satisfy SearchPlan::count_last_wedges' conditions.
bool last_wedges_are_countable(const SearchPlan& plan);

// The plan for the cheapest connected order (cliques: 0, 1, ..., k-1; all orders are alike).
SearchPlan build_search_plan(const Pattern& p, const PlanOptions& options = {});
// The plan for a given order (tests run every order; engines may force one).
SearchPlan build_search_plan(const Pattern& p, const MatchingOrder& order, const PlanOptions& options = {});

// Multi-line human-readable plan, for logs and `tessera` CLI output.
std::string describe(const SearchPlan& plan);

}  // namespace tessera::mining
