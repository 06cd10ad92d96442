#include "algorithms/pattern_mining/engine/launch_rules.hpp"

#include <limits>
#include <sstream>

namespace tessera::mining {

// H200, 2026-12-02 round 1 (main 655fd1c, `tessera run`, warm-up + 3 repetitions, minimum
// time_s; /work/r1 sweep, summarised in measurements/mining-h200-20261202-launch/): against the
// fixed defaults (32 lanes, no cap, no narrow launch),
//  * --register-cap on: every clique cell faster, 4-cliques 0.80-0.86x (geomean 0.82, six graphs
//    with kron20), 5-cliques 0.74-0.83x (0.76), wedge-counted 4-cycles 0.95-1.01x (0.98): on for
//    every GPU count launch;
//  * narrow launch of tasks starting from at most 16 vertices with 8 lanes, on top of the cap,
//    4-cliques: email-Enron 0.96x and cit-HepTh 0.91x (DAG edge means 16.9 and 21.8), wiki-Vote
//    1.10x, ego-Facebook 1.12x, ca-HepPh 1.05x (35.9, 44.6, 59.4), kron20 1.00x; 5-cliques (local
//    search) 0.97-1.12x: on for DAG edge means up to 24, never with local search (32 tasks at 4
//    lanes lost more: 0.90-1.18x on 4-cliques);
//  * 16 or 8 lanes for all tasks: 0.80-1.48x on 4-cliques, slower on 5-cliques and 4-cycles
//    (geomeans 1.03-2.71): the wide launch keeps 32.
// H200, 2026-12-05 (a7b5416, measurements/2026-12-05-wedge-rule/: 4-cycles with and without wedge
// aggregation on the 17 SNAP graphs of the shared data and kron16/18), time with / without: the
// ratio plain prefixes / wedge steps (wedge_rule.hpp) separates the graphs where wedge
// aggregation wins (as-caida 5.4: 0.68x, oregon 16.7: 0.72x, musae-facebook 0.74: 0.81x,
// deezer 0.53: 0.84x, Kronecker: 0.05-0.07x) from those where it loses (email-Enron 0.26: 2.86x,
// ego-Facebook 0.41: 1.83x, ca-HepPh 0.43: 1.39x, ca-AstroPh 0.33: 1.43x, email-Eu-core 0.39:
// 2.10x) at 0.5, except cit-HepTh (0.36, wedge 0.60x: its plain intersections are long) and
// three small graphs within 0.06 ms either way. Over the 17 SNAP graphs the rule takes 45.6 ms
// where always-wedge took 56.2 ms (the best choice per graph: 41.6 ms).
// H100, 2026-12-06 (8778861, measurements/2026-12-06-mining/run5, `tessera run`, warm-up + 3
// repetitions, minimum time_s): 5-cliques with the compiled plan without local search (fixed
// depth) against local search, DAG edge means in brackets: email-Enron (16.9) 0.54x, cit-HepTh
// (21.8) 0.44x, wiki-Vote (35.9) 0.49x, ego-Facebook (44.6) 1.42x, ca-HepPh (59.4) 4.6x: local
// search from an edge mean of 40.
const LaunchRules& launch_rules() {
  static const LaunchRules rules = [] {
    LaunchRules r;
    r.narrow_edge_mean = 24;
    r.narrow_max = 16;
    r.narrow_lanes = 8;
    r.cap_edge_mean = std::numeric_limits<double>::infinity();
    r.wedge_min_prefix_ratio = 0.5;
    r.local_search_min_edge_mean = 40;
    return r;
  }();
  return rules;
}

AutoChoice auto_choice(const LaunchRules& rules, const RuleInputs& in) {
  AutoChoice c;
  if (!in.gpu || !in.counting) return c;
  const double lookup_edge_mean = in.lookup_edge_mean;
  std::ostringstream note;
  if (!in.wedge && !in.local_search && rules.narrow_edge_mean > 0 && lookup_edge_mean <= rules.narrow_edge_mean) {
    c.narrow_max = rules.narrow_max;
    c.narrow_lanes = rules.narrow_lanes;
    note << "narrow: edge_mean " << lookup_edge_mean << " <= " << rules.narrow_edge_mean;
  }
  if ((rules.cap_edge_mean > 0 && lookup_edge_mean <= rules.cap_edge_mean) || (rules.cap_with_narrow && c.narrow_max > 0)) {
    c.register_cap = true;
    note << (c.narrow_max > 0 ? "; " : "") << "register cap: edge_mean " << lookup_edge_mean
         << (rules.cap_with_narrow && c.narrow_max > 0 ? " (with narrow)" : "");
  }
  c.note = note.str();
  return c;
}

}  // namespace tessera::mining
