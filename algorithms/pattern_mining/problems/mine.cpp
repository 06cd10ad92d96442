#include "algorithms/pattern_mining/problems/mine.hpp"

#include <ostream>
#include <string>

#include "algorithms/pattern_mining/engine/launch_rules.hpp"
#include "algorithms/pattern_mining/engine/wedge_rule.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/util/switch_value.hpp"

namespace tessera::mining {

namespace {

// Counting plans prefer orders that allow wedge aggregation only while the engine may use it
// (switch `wedge`), so switching it off runs the cheapest plain order; listing never uses it.
PlanOptions plan_options(const MineParams& params, bool counting) {
  PlanOptions options = params.plan;
  options.allow_wedge_counting = options.allow_wedge_counting && counting && params.engine.optimizations.wedge;
  return options;
}

SearchPlan plan_for(const Pattern& pattern, const MineParams& params, MineResult& r, bool counting) {
  SearchPlan plan = build_search_plan(pattern, plan_options(params, counting));
  r.pattern = pattern.name();
  r.induced = pattern.induced();
  r.oriented = plan.use_oriented_dag;
  r.plan = describe(plan);
  return plan;
}

bool needs_dag(const Pattern& pattern, const MineParams& params) {
  return params.plan.allow_oriented_dag && build_search_plan(pattern, params.plan).use_oriented_dag;
}

// Wedge-counted plans run on the degree-ranked copy of the graph (MiningGraph::ranked).
bool needs_ranked(const Pattern& pattern, const MineParams& params) {
  return build_search_plan(pattern, plan_options(params, true)).count_last_wedges;
}

void check_clique_size(int k) {
  TESSERA_USER_REQUIRE(k >= 3 && k <= 8, "k-clique mining supports 3 <= k <= 8 (got k = " << k << ")");
}

}  // namespace

template <class ExecSpace>
MineParams resolve_wedge(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph,
                         const Pattern& pattern, const MineParams& params, std::string& note) {
  MineParams p = params;
  const bool allowed = p.engine.optimizations.wedge;
  TESSERA_USER_REQUIRE(allowed || p.engine.wedge != true,
                       "wedge aggregation cannot be both asked for (wedge on) and switched off (disable wedge)");
  note.clear();
  const SearchPlan plan = build_search_plan(pattern, plan_options(p, true));
  if (!allowed || !plan.count_last_wedges) return p;
  if (p.engine.wedge.has_value()) {
    p.engine.optimizations.wedge = *p.engine.wedge;
    note = on_off(*p.engine.wedge) + ": asked";
    return p;
  }
  if (plan.num_levels() != 4) {  // the rule's statistics are those of the 4-cycle plans
    note = "on: " + std::to_string(plan.num_levels()) + "-vertex plan";
    return p;
  }
  const bool gpu = tessera::detail::is_gpu_space<ExecSpace>();
  const WedgeChoice c = choose_wedge(gpu, gpu ? wedge_plan_work(space, graph) : WedgePlanWork{},
                                     launch_rules().wedge_min_prefix_ratio);
  p.engine.optimizations.wedge = c.wedge;
  note = c.note;
  return p;
}

template <class ExecSpace>
MineResult mine(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& graph, const Pattern& pattern,
                const MineParams& params) {
  MineResult r;
  const SearchPlan plan = plan_for(pattern, params, r, true);
  r.count = engine_count(space, graph, plan, params.engine, &r.stats);
  return r;
}

template <class ExecSpace>
MineResult mine(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, const Pattern& pattern,
                const MineParams& params) {
  Kokkos::Timer timer;
  std::string note;
  const MineParams p = resolve_wedge(space, graph, pattern, params, note);
  const auto g = prepare_mining_graph(space, graph, needs_dag(pattern, p), needs_ranked(pattern, p));
  const double prepare = timer.seconds();
  MineResult r = mine(space, g, pattern, p);
  r.prepare_seconds = prepare;
  r.wedge_choice = note;
  return r;
}

template <class ExecSpace>
MineResult mine_list(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph,
                     const Pattern& pattern, const MatchSink& sink, const MineParams& params) {
  Kokkos::Timer timer;
  const auto g = prepare_mining_graph(space, graph, needs_dag(pattern, params));
  MineResult r;
  r.prepare_seconds = timer.seconds();
  const SearchPlan plan = plan_for(pattern, params, r, false);
  r.count = engine_list(space, g, plan, sink, params.engine, &r.stats);
  return r;
}

template <class ExecSpace>
MineResult count_cliques(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, int k,
                         const MineParams& params) {
  check_clique_size(k);
  return mine(space, graph, clique(k), params);
}

template <class ExecSpace>
MineResult list_cliques(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, int k,
                        const MatchSink& sink, const MineParams& params) {
  check_clique_size(k);
  return mine_list(space, graph, clique(k), sink, params);
}

template <class ExecSpace>
count_t engine_triangle_count(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph) {
  return count_cliques(space, graph, 3).count;
}

MatchSink text_match_sink(std::ostream& out) {
  return [&out](const vid_t* matches, std::size_t num, int width) {
    std::string line;
    for (std::size_t r = 0; r < num; ++r) {
      line.clear();
      for (int c = 0; c < width; ++c) {
        if (c > 0) line += ' ';
        line += std::to_string(matches[r * static_cast<std::size_t>(width) + static_cast<std::size_t>(c)]);
      }
      line += '\n';
      out << line;
    }
    TESSERA_USER_REQUIRE(out.good(), "writing the match list failed (disk full?)");
  };
}

#define TESSERA_INST(Space)                                                                                        \
  template MineParams resolve_wedge<Space>(const Space&, const CsrGraph<Space::memory_space>&, const Pattern&,     \
                                           const MineParams&, std::string&);                                       \
  template MineResult mine<Space>(const Space&, const MiningGraph<Space::memory_space>&, const Pattern&,           \
                                  const MineParams&);                                                              \
  template MineResult mine<Space>(const Space&, const CsrGraph<Space::memory_space>&, const Pattern&,              \
                                  const MineParams&);                                                              \
  template MineResult mine_list<Space>(const Space&, const CsrGraph<Space::memory_space>&, const Pattern&,         \
                                       const MatchSink&, const MineParams&);                                       \
  template MineResult count_cliques<Space>(const Space&, const CsrGraph<Space::memory_space>&, int,                \
                                           const MineParams&);                                                     \
  template MineResult list_cliques<Space>(const Space&, const CsrGraph<Space::memory_space>&, int,                 \
                                          const MatchSink&, const MineParams&);                                    \
  template count_t engine_triangle_count<Space>(const Space&, const CsrGraph<Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::mining
