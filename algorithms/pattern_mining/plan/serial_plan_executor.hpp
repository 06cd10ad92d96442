#pragma once
// A serial interpreter of SearchPlans: plain depth-first loops on a host graph that perform
// exactly the set operations a plan lists (intersections, differences, inequalities, bounds,
// labels) and count the complete assignments (the last two levels as pairs of one
// candidate set when the plan says count_last_pair; the last three by a wedge counter per
// end vertex, std::map, when it says count_last_wedges). It exists to prove plans correct against the
// brute-force reference before (and independently of) the Kokkos engine; it is not fast.
//
// Input: an undirected HostGraph (symmetric, sorted rows, no self-loops or duplicates, as
// build_graph produces). Labelled patterns need a labelled graph.
#include "algorithms/pattern_mining/plan/search_plan.hpp"
#include "core/graph/csr_graph.hpp"
#include "core/types.hpp"

namespace tessera::mining {

struct SerialPlanOptions {
  // Honour SearchPlan::use_oriented_dag (cliques: intersect out-lists of the (degree, id)
  // orientation, ignore bounds). false: always run the bounds on the symmetric graph.
  bool use_oriented_dag = true;
};

// The number of distinct matches of plan.pattern in g (see pattern.hpp for the semantics).
count_t serial_plan_count(const HostGraph& g, const SearchPlan& plan, const SerialPlanOptions& options = {});

}  // namespace tessera::mining
