// The automatic choice between wedge aggregation and the plain DFS for 4-cycles
// (engine/wedge_rule.hpp, MineParams resolution in problems/mine.hpp): the two work statistics
// on graphs small enough to count by hand, the rule's threshold, and what `wedge on|off|auto`
// resolves to. Counts do not depend on the choice (test_engine_optimizations checks both plans).
#include <doctest/doctest.h>

#include "algorithms/pattern_mining/engine/engine_options.hpp"
#include "algorithms/pattern_mining/engine/wedge_rule.hpp"
#include "algorithms/pattern_mining/problems/mine.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "tests/support/spaces.hpp"

using namespace tessera;
using namespace tessera::mining;

namespace {

EdgeList edges(vid_t n, std::vector<std::pair<vid_t, vid_t>> list) {
  EdgeList e;
  e.num_vertices = n;
  for (const auto& [a, b] : list) {
    e.src.push_back(a);
    e.dst.push_back(b);
  }
  return e;
}

template <class Space>
CsrGraph<typename Space::memory_space> on_space(const EdgeList& e) {
  return mirror_graph<typename Space::memory_space>(build_graph(e));
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("wedge rule: the plans' work on hand-counted graphs", Space, wedge_work_test) {
  // K4: vertex v has v neighbours below it, C(0..3, 2) = 0 + 0 + 1 + 3; every degree is 3 and
  // vertex v has 3 - v neighbours above it in (degree, id) order: 3 * (3 + 2 + 1 + 0).
  const auto k4 = on_space<Space>(edges(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
  WedgePlanWork w = wedge_plan_work(Space{}, k4);
  CHECK(w.plain_prefixes == 4);
  CHECK(w.wedge_steps == 18);
  // Star 0-{1,2,3,4}: no vertex has two neighbours below it; each leaf has the centre above it.
  const auto star = on_space<Space>(edges(5, {{0, 1}, {0, 2}, {0, 3}, {0, 4}}));
  w = wedge_plan_work(Space{}, star);
  CHECK(w.plain_prefixes == 0);
  CHECK(w.wedge_steps == 4);
  // The same star with the centre last: vertex 4 has four neighbours below it.
  const auto late = on_space<Space>(edges(5, {{4, 0}, {4, 1}, {4, 2}, {4, 3}}));
  CHECK(wedge_plan_work(Space{}, late).plain_prefixes == 6);
}
TEST_CASE_TEMPLATE_APPLY(wedge_work_test, tessera::test::ExecSpaces);

TEST_CASE("wedge rule: hosts always, GPUs from the ratio") {
  const WedgePlanWork enron_like{26, 100};  // email-Enron's ratio 0.26: plain won 2.9x
  const WedgePlanWork caida_like{542, 100};
  CHECK(choose_wedge(false, enron_like, 0.5).wedge);
  CHECK(choose_wedge(false, enron_like, 0.5).note == "on: host backend");
  CHECK_FALSE(choose_wedge(true, enron_like, 0.5).wedge);
  CHECK(choose_wedge(true, enron_like, 0.5).note == "off: plain prefixes / wedge steps 0.26 < 0.5");
  CHECK(choose_wedge(true, caida_like, 0.5).wedge);
  CHECK(choose_wedge(true, WedgePlanWork{50, 100}, 0.5).wedge);  // the threshold itself takes wedges
  CHECK_FALSE(choose_wedge(true, WedgePlanWork{0, 0}, 0.5).wedge);
}

TEST_CASE("wedge rule: what wedge on|off|auto resolves to") {
  using Space = Kokkos::DefaultExecutionSpace;
  const auto k4 = on_space<Space>(edges(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
  const Pattern cycle = pattern_by_name("4-cycle");
  MineParams params;
  std::string note;
  MineParams r = resolve_wedge(Space{}, k4, cycle, params, note);
  if (!tessera::detail::is_gpu_space<Space>()) {
    CHECK(r.engine.optimizations.wedge);
    CHECK(note == "on: host backend");
  }
  for (const bool asked : {true, false}) {
    params.engine.wedge = asked;
    r = resolve_wedge(Space{}, k4, cycle, params, note);
    CHECK(r.engine.optimizations.wedge == asked);
    CHECK(note == std::string(asked ? "on" : "off") + ": asked");
  }
  // A plan without wedge aggregation says nothing and changes nothing.
  params.engine.wedge.reset();
  r = resolve_wedge(Space{}, k4, pattern_by_name("diamond"), params, note);
  CHECK(note.empty());
  // Asked for and switched off at once is an error, not a silent choice.
  params.engine.optimizations = parse_disabled_optimizations("wedge");
  params.engine.wedge = true;
  CHECK_THROWS_AS(resolve_wedge(Space{}, k4, cycle, params, note), UserError);
  params.engine.wedge = false;
  r = resolve_wedge(Space{}, k4, cycle, params, note);
  CHECK_FALSE(r.engine.optimizations.wedge);
}
