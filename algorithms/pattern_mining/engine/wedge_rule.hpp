#pragma once
// Which of the two 4-cycle plans a counting run takes (issue 28): wedge aggregation (engine
// optimization `wedge`, on the degree-ranked graph, vertex tasks, one counter per end vertex) or
// the plain DFS (G2Miner's plan: edge tasks, one intersection per partial match, on the input's
// own vertex ids). Both count exactly; their speed depends on the graph:
//
//  * on hosts wedge aggregation always wins by far (email-Enron, 2 cores: 0.076 s against 2.6 s);
//  * on GPUs it won on 7 of 19 graphs of the H200 sweep of 2026-12-05
//    (measurements/2026-12-05-wedge-rule/): 14-20x on Kronecker graphs, 1.2-1.5x on as-caida,
//    oregon and musae-facebook, and lost up to 2.9x on graphs whose input ids already put hubs
//    first (email-Enron: the plain plan's partial matches are few there).
//
// The rule compares the two plans' work, both from one pass over the rows: the plain plan's
// partial matches (v0; v1, v3) with v1, v3 below v0 in the input's ids, Σ_v C(d_below(v), 2), and
// a bound on the wedge walk's steps on the ranked graph, Σ_y d(y) · up(y) with up(y) the
// neighbours of y above it in (degree, id) order.
#include <string>

#include "core/graph/csr_graph.hpp"
#include "core/types.hpp"

namespace tessera::mining {

struct WedgePlanWork {
  double plain_prefixes = 0;  // Σ_v C(d_below(v), 2)
  double wedge_steps = 0;     // Σ_y d(y) · up(y)
};

template <class ExecSpace>
WedgePlanWork wedge_plan_work(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph);

struct WedgeChoice {
  bool wedge = true;
  std::string note;  // why, for the JSON (`wedge_choice`)
};

// The automatic choice: always wedge aggregation on hosts; on GPUs when the plain plan has at
// least `min_prefix_ratio` partial matches per wedge step (launch_rules().wedge_min_prefix_ratio).
WedgeChoice choose_wedge(bool gpu, const WedgePlanWork& work, double min_prefix_ratio);

}  // namespace tessera::mining
