#pragma once
// Pattern mining applications on the generic engine (G2Miner, paper 2 §2): subgraph counting
// and listing for any pattern (`mine`), k-clique counting and listing, and triangle counting.
//
// Counting semantics (pattern.hpp): distinct subgraphs, never embeddings. One triangle
// counts 1 (not 6), one 4-cycle 1 (not 8). Edge-induced (the default for patterns, "subgraph
// listing") counts distinct edge sets isomorphic to the pattern; vertex-induced counts
// distinct vertex sets whose induced subgraph is isomorphic to it. For cliques both agree.
//
// Input: an undirected CsrGraph (symmetric, sorted rows, no self-loops or duplicates).
#include <Kokkos_Core.hpp>

#include <string>

#include "algorithms/pattern_mining/engine/engine.hpp"
#include "algorithms/pattern_mining/pattern/pattern.hpp"
#include "algorithms/pattern_mining/plan/search_plan.hpp"

namespace tessera::mining {

struct MineParams {
  EngineParams engine;
  PlanOptions plan;  // matching-order cost model, bound direction, clique DAG on/off
};

struct MineResult {
  count_t count = 0;             // distinct matches (listed ones, when listing)
  std::string pattern;           // the pattern's name
  Induced induced = Induced::edge;
  bool oriented = false;         // ran on the degree-oriented DAG (cliques)
  std::string plan;              // describe(SearchPlan)
  EngineStats stats;
  double prepare_seconds = 0;    // maximum degrees, orientation (and the wedge rule's statistics)
  std::string wedge_choice;      // whether and why the plan counted by wedge aggregation ("": it cannot)
};

// `params` with EngineParams::wedge resolved for this pattern on this graph (wedge_rule.hpp):
// optimizations.wedge says whether wedge aggregation runs, `note` what was chosen and why ("" when
// the pattern's counting plan cannot use it). UserError for `wedge on` with `--disable wedge`.
template <class ExecSpace>
MineParams resolve_wedge(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph,
                         const Pattern& pattern, const MineParams& params, std::string& note);

// Counts the pattern in the graph (induced-ness as the pattern says).
template <class ExecSpace>
MineResult mine(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, const Pattern& pattern,
                const MineParams& params = {});
// The same on a prepared graph (several patterns on one graph; it must have the DAG when
// the pattern is a clique and params.plan.allow_oriented_dag).
template <class ExecSpace>
MineResult mine(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& graph, const Pattern& pattern,
                const MineParams& params = {});

// Lists every match once through `sink` (engine.hpp: batches of rows, column p = pattern
// vertex p) and returns their number in `count`.
template <class ExecSpace>
MineResult mine_list(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph,
                     const Pattern& pattern, const MatchSink& sink, const MineParams& params = {});

// k-cliques, 3 <= k <= 8 (UserError otherwise), on the degree-oriented DAG.
template <class ExecSpace>
MineResult count_cliques(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, int k,
                         const MineParams& params = {});
template <class ExecSpace>
MineResult list_cliques(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, int k,
                        const MatchSink& sink, const MineParams& params = {});

// Triangles through the engine (the 3-clique plan), as a cross-check of algorithms/triangle_count.
template <class ExecSpace>
count_t engine_triangle_count(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph);

// A MatchSink that writes one match per line ("v0 v1 ... v(k-1)", column p = pattern vertex
// p) to `out`; the stream must outlive the sink.
MatchSink text_match_sink(std::ostream& out);

}  // namespace tessera::mining
