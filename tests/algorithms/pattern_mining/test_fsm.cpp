// Frequent subgraph mining (fsm/): canonical forms, pattern growth helpers, the engine's domain
// supports, the count supports of stars and 3-paths and whole FSM runs against the independent brute-force reference
// (tests/reference/brute_force_fsm.hpp) on small random labelled graphs, patterns and supports
// both; parameter errors. Real graphs: test_fsm_real_data.cpp.
#include <doctest/doctest.h>

#include <sstream>

#include "algorithms/pattern_mining/fsm/domain_support.hpp"
#include "algorithms/pattern_mining/fsm/fsm.hpp"
#include "algorithms/pattern_mining/fsm/fsm_options.hpp"
#include "algorithms/pattern_mining/fsm/count_support.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "io/graph_io.hpp"
#include "tests/algorithms/pattern_mining/random_edges.hpp"
#include "tests/reference/brute_force_fsm.hpp"

using namespace tessera;
using namespace tessera::mining;

namespace {

using Space = Kokkos::DefaultExecutionSpace;

LabelledPattern lp(std::vector<label_t> labels, std::vector<PatternEdge> edges) {
  return LabelledPattern{std::move(labels), std::move(edges)};
}

test::BruteForcePatternKey key_of(const LabelledPattern& p) { return {p.labels, p.edges}; }

// Every labelling over labels 0..labels-1 of a shape, in canonical form, deduplicated.
std::vector<LabelledPattern> all_labellings(const std::vector<PatternEdge>& shape, int vertices, label_t labels) {
  std::vector<LabelledPattern> out;
  std::vector<label_t> l(static_cast<std::size_t>(vertices), 0);
  while (true) {
    out.push_back(canonical_form(l, shape));
    std::size_t i = 0;
    while (i < l.size() && ++l[i] == labels) l[i++] = 0;
    if (i == l.size()) break;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// The shapes CountSupport handles: stars with 1..4 leaves and the 3-path.
std::vector<std::pair<std::vector<PatternEdge>, int>> count_shapes() {
  return {{{{0, 1}}, 2},
          {{{0, 1}, {0, 2}}, 3},
          {{{0, 1}, {0, 2}, {0, 3}}, 4},
          {{{0, 1}, {1, 2}, {2, 3}}, 4},
          {{{0, 1}, {0, 2}, {0, 3}, {0, 4}}, 5}};
}

// A trap for the 3-path inner test: in the triangle u(0) x(1) z(2), x's only label-0 neighbour
// besides z and z's only label-0 neighbour besides x are the same vertex u, so x and z are not
// p1, p2 of a path 0-1-2-0; the only such path is a_i(0) - b(1) - c(2) - d_j(0), whose ends
// have three choices each, so the support (1) is decided by the inner vertices.
EdgeList single_witness_trap() {
  EdgeList e;
  e.num_vertices = 11;
  e.labels = {0, 1, 2, 0, 0, 0, 1, 2, 0, 0, 0};  // u x z a1 a2 a3 b c d1 d2 d3
  for (const auto& [a, b] : std::vector<std::pair<vid_t, vid_t>>{
           {0, 1}, {1, 2}, {0, 2}, {3, 6}, {4, 6}, {5, 6}, {6, 7}, {7, 8}, {7, 9}, {7, 10}}) {
    e.src.push_back(a);
    e.dst.push_back(b);
  }
  return e;
}

// Labelled random graphs: sparse and dense, with a hub, 2 or 3 labels.
std::vector<EdgeList> random_labelled_graphs() {
  return {test::random_edges_with_hub(9, 0.25, 11, 2), test::random_edges_with_hub(10, 0.2, 12, 3),
          test::random_edges_with_hub(8, 0.45, 13, 2), test::random_edges_with_hub(10, 0.15, 14, 1, 0.6)};
}

}  // namespace

TEST_CASE("fsm: canonical form minimises (labels, sorted edges) over all numberings") {
  // A wedge centred on label 1 with leaves 0 and 2, written in any numbering.
  CHECK(canonical_form({1, 0, 2}, {{0, 1}, {0, 2}}) == lp({0, 1, 2}, {{0, 1}, {1, 2}}));
  CHECK(canonical_form({2, 1, 0}, {{1, 2}, {0, 1}}) == lp({0, 1, 2}, {{0, 1}, {1, 2}}));
  // Same labels: the centre becomes vertex 0 (edge list 0-1 0-2 < 0-1 1-2).
  CHECK(canonical_form({0, 0, 0}, {{1, 0}, {1, 2}}) == lp({0, 0, 0}, {{0, 1}, {0, 2}}));
  // A 3-path 0-0-0-0 and a 3-star: the reference's "0-1 0-2 1-3" and "0-1 0-2 0-3".
  CHECK(canonical_form({0, 0, 0, 0}, {{0, 1}, {1, 2}, {2, 3}}) == lp({0, 0, 0, 0}, {{0, 1}, {0, 2}, {1, 3}}));
  CHECK(canonical_form({0, 0, 0, 0}, {{3, 0}, {3, 1}, {3, 2}}) == lp({0, 0, 0, 0}, {{0, 1}, {0, 2}, {0, 3}}));
  // Order of the reference lists: a triangle's labels (0,0,0) sort before any 4-vertex pattern's.
  CHECK(lp({0, 0, 0}, {{0, 1}, {0, 2}, {1, 2}}) < lp({0, 0, 0, 0}, {{0, 1}, {0, 2}, {0, 3}}));
  CHECK(pattern_line(lp({0, 0, 0}, {{0, 1}, {0, 2}}), 316) == "2 316 L 0 0 0 E 0-1 0-2");
}

TEST_CASE("fsm: one-edge extensions and subpatterns") {
  const LabelledPattern edge = lp({0, 1}, {{0, 1}});
  // Frequent label pairs (0,0) and (0,1): a new vertex may hang off label 0 with label 0 or 1,
  // off label 1 with label 0 only.
  const auto grown = one_edge_extensions(edge, {{0, 0}, {0, 1}});
  const std::vector<LabelledPattern> expected = {lp({0, 0, 1}, {{0, 1}, {0, 2}}), lp({0, 0, 1}, {{0, 2}, {1, 2}}),
                                                 lp({0, 1, 1}, {{0, 1}, {0, 2}})};
  CHECK(grown == expected);
  // A wedge grows a closing edge (triangle) among the rest.
  const auto from_wedge = one_edge_extensions(lp({0, 0, 0}, {{0, 1}, {0, 2}}), {{0, 0}});
  CHECK(std::count(from_wedge.begin(), from_wedge.end(), lp({0, 0, 0}, {{0, 1}, {0, 2}, {1, 2}})) == 1);
  CHECK(from_wedge.size() == 3);  // triangle, 3-star, 3-path
  // Subpatterns of a labelled 3-path a-b-c-d: removing the middle edge disconnects it.
  const auto path = canonical_form({0, 1, 2, 3}, {{0, 1}, {1, 2}, {2, 3}});
  const std::vector<LabelledPattern> subs = {lp({0, 1, 2}, {{0, 1}, {1, 2}}), lp({1, 2, 3}, {{0, 1}, {1, 2}})};
  CHECK(one_edge_subpatterns(path) == subs);
  CHECK(one_edge_subpatterns(edge).empty());
  CHECK(one_edge_subpatterns(lp({0, 0, 0}, {{0, 1}, {0, 2}, {1, 2}})) == std::vector<LabelledPattern>{lp({0, 0, 0}, {{0, 1}, {0, 2}})});
}

TEST_CASE("fsm: engine domain supports equal brute force for every occurring pattern up to 4 edges") {
  int graphs = 0;
  for (const auto& edges : random_labelled_graphs()) {
    CAPTURE(graphs);
    ++graphs;
    const auto reference = test::brute_force_fsm_supports(edges, 4);
    REQUIRE(reference.size() >= 8);
    const auto graph = build_graph(edges);
    // Defaults, and vertex tasks with every hub split into one-candidate parts.
    EngineParams split;
    split.tasks = TaskKind::vertex;
    split.split_length = 1;
    for (const EngineParams& params : {EngineParams{}, split}) {
      DomainSupport<Space> domains(Space{}, graph, 5, params);
      for (const auto& entry : reference) {
        const LabelledPattern p = canonical_form(entry.first.labels, entry.first.edges);
        const count_t expected = entry.second;
        CAPTURE(pattern_line(p, expected));
        CHECK(domains.support(p) == expected);
      }
    }
  }
  CHECK(graphs == 4);
}

TEST_CASE("fsm: batched domain supports (one launch per shape) equal brute force, every shape up to 4 edges") {
  for (const auto& edges : random_labelled_graphs()) {
    const auto reference = test::brute_force_fsm_supports(edges, 4);
    const auto graph = build_graph(edges);
    // Group the occurring patterns by unlabelled shape; each group in one call.
    std::map<LabelledPattern, std::vector<std::pair<LabelledPattern, count_t>>> by_shape;
    for (const auto& [key, support] : reference) {
      const LabelledPattern p = canonical_form(key.labels, key.edges);
      by_shape[canonical_form(std::vector<label_t>(p.labels.size(), 0), p.edges)].emplace_back(p, support);
    }
    CHECK(by_shape.size() >= 5);  // edge, wedge, triangle, 3-path, 3-star at least
    for (const std::size_t batch_bytes : {k_batched_domain_bytes, std::size_t(1)}) {  // 1: a launch per pattern
      DomainSupport<Space> domains(Space{}, graph, 5);
      domains.set_batch_bytes(batch_bytes);
      for (const auto& shape_group : by_shape) {
        const auto& group = shape_group.second;  // a reference, not a structured binding: CAPTURE captures it
        std::vector<LabelledPattern> patterns;
        for (const auto& [p, support] : group) patterns.push_back(p);
        const auto supports = domains.supports(patterns);
        REQUIRE(supports.size() == group.size());
        for (std::size_t i = 0; i < group.size(); ++i) {
          CAPTURE(pattern_line(group[i].first, group[i].second));
          CHECK(supports[i] == group[i].second);
        }
      }
    }
  }
}

TEST_CASE("fsm: count supports equal brute force (edges, wedges, 3-stars, 3-paths, 4-stars)") {
  CHECK(is_star(lp({0, 1}, {{0, 1}})));
  CHECK(is_star(lp({0, 0, 0, 1}, {{0, 3}, {1, 3}, {2, 3}})));
  CHECK(!is_star(lp({0, 0, 0}, {{0, 1}, {0, 2}, {1, 2}})));     // triangle
  CHECK(!is_star(lp({0, 0, 0, 0}, {{0, 1}, {0, 2}, {1, 3}})));  // 3-path
  CHECK(is_three_path(lp({0, 0, 0, 0}, {{0, 1}, {0, 2}, {1, 3}})));
  CHECK(!is_three_path(lp({0, 0, 0, 0}, {{0, 1}, {0, 2}, {0, 3}})));
  CHECK(!has_count_support(lp({0, 0, 0, 0}, {{0, 1}, {0, 2}, {1, 2}, {2, 3}})));  // tailed triangle
  {
    const auto graph = build_graph(single_witness_trap());
    CountSupport<Space> counted(Space{}, graph, dense_labels(Space{}, graph));
    CHECK(counted.supports({canonical_form({0, 1, 2, 0}, {{0, 1}, {1, 2}, {2, 3}})}) == std::vector<count_t>{1});
  }
  int occurring_total = 0;
  auto graphs = random_labelled_graphs();
  graphs.push_back(single_witness_trap());
  for (const auto& edges : graphs) {
    const auto reference = test::brute_force_fsm_supports(edges, 4);
    const auto graph = build_graph(edges);
    CountSupport<Space> counted(Space{}, graph, dense_labels(Space{}, graph));
    // Every labelling over labels 0..3 in one call (label 3 and many combinations do not occur:
    // support 0), against the reference's support or 0 when the reference never saw it.
    std::vector<LabelledPattern> patterns;
    for (const auto& [shape, vertices] : count_shapes()) {
      const auto some = all_labellings(shape, vertices, 4);
      patterns.insert(patterns.end(), some.begin(), some.end());
    }
    const auto supports = counted.supports(patterns);
    REQUIRE(supports.size() == patterns.size());
    int occurring = 0;  // patterns with support > 0
    for (std::size_t i = 0; i < patterns.size(); ++i) {
      const auto it = reference.find(key_of(patterns[i]));
      const count_t expected = it == reference.end() ? 0 : it->second;
      CAPTURE(pattern_line(patterns[i], expected));
      CHECK(supports[i] == expected);
      occurring += expected > 0;
    }
    occurring_total += occurring;
  }
  CHECK(occurring_total >= 60);  // the test compares non-zero supports too
}

TEST_CASE("fsm: count supports equal the engine's on Kronecker graphs with hubs") {
  // Hubs with hundreds of neighbours: several lanes, long label groups, many chunks; 3-paths
  // and 3-stars on the smaller graph (the engine enumerates them).
  for (const auto& graph_case : {std::pair<std::string, int>{"gen:kronecker:scale=10,edge_factor=16,seed=3,labels=5", 2},
                                 std::pair<std::string, int>{"gen:kronecker:scale=8,edge_factor=8,seed=4,labels=3", 3}}) {
    const std::string& spec = graph_case.first;
    const int max_edges = graph_case.second;
    CAPTURE(spec);
    const auto graph = io::load_graph(spec, io::GraphLoadOptions{}).graph;
    const auto labels = dense_labels(Space{}, graph);
    CountSupport<Space> counted(Space{}, graph, labels);
    DomainSupport<Space> engine(Space{}, graph, labels, max_edges + 1);
    for (const auto& shape : count_shapes()) {
      const std::size_t edges = shape.first.size();
      if (static_cast<int>(edges) > max_edges) continue;
      CAPTURE(edges);
      const auto patterns = all_labellings(shape.first, shape.second, static_cast<label_t>(labels.count()));
      const auto by_counts = counted.supports(patterns);
      const auto by_engine = engine.supports(patterns);
      CHECK(by_counts == by_engine);
      CHECK(std::count(by_engine.begin(), by_engine.end(), count_t(0)) < static_cast<std::ptrdiff_t>(patterns.size()) / 2);
    }
  }
}

TEST_CASE("fsm: frequent patterns and supports equal brute force (K = 1..4, several sigma)") {
  for (const auto& edges : random_labelled_graphs()) {
    const auto reference = test::brute_force_fsm_supports(edges, 4);
    const auto graph = build_graph(edges);
    for (int k = 1; k <= 4; ++k)
      for (count_t sigma : {1, 2, 3, 5}) {
        CAPTURE(k);
        CAPTURE(sigma);
        FsmParams params;
        params.max_edges = k;
        params.support = sigma;
        // Every way of evaluating supports: stars and 3-paths from label counts (the rest per candidate
        // from level 3), everything on the engine with levels 1-2 batched or not.
        params.count_supports = sigma != 2 && sigma != 3;
        params.bounded_bfs = sigma != 2;
        const FsmResult r = frequent_subgraphs(Space{}, graph, params);
        std::map<test::BruteForcePatternKey, count_t> expected;
        std::vector<count_t> by_edges(static_cast<std::size_t>(k), 0);
        for (const auto& [key, support] : reference)
          if (static_cast<int>(key.edges.size()) <= k && support >= sigma) {
            expected[key] = support;
            ++by_edges[key.edges.size() - 1];
          }
        std::map<test::BruteForcePatternKey, count_t> found;
        for (const auto& f : r.patterns) found[key_of(f.pattern)] = f.support;
        CHECK(found == expected);
        CHECK(r.by_edges == by_edges);
        CHECK(r.patterns.size() == expected.size());
        // Sorted by (edges, canonical form), every pattern once.
        for (std::size_t i = 1; i < r.patterns.size(); ++i) {
          const auto& a = r.patterns[i - 1].pattern;
          const auto& b = r.patterns[i].pattern;
          CHECK((a.num_edges() < b.num_edges() || (a.num_edges() == b.num_edges() && a < b)));
        }
      }
  }
}

TEST_CASE("fsm: pattern list layout") {
  FsmResult r;
  r.patterns = {{lp({0, 0}, {{0, 1}}), 5}, {lp({0, 0, 0}, {{0, 1}, {0, 2}}), 3}};
  FsmParams params;
  params.max_edges = 2;
  params.support = 3;
  std::ostringstream out;
  write_pattern_list(out, r, "toy", params);
  CHECK(out.str() ==
        "# frequent connected vertex-labelled patterns of graph toy with 1..2 edges, MNI support >= 3\n"
        "# line: <num_edges> <MNI support> L <label of v0> ... <label of v(n-1)> E <i-j> ... (0 <= i < j < n)\n"
        "# canonical form: vertex order minimising (label sequence, sorted edge list) lexicographically; lines sorted "
        "by (num_edges, canonical form)\n"
        "1 5 L 0 0 E 0-1\n"
        "2 3 L 0 0 0 E 0-1 0-2\n");
}

TEST_CASE("fsm: options and errors") {
  FsmParams p;
  apply_fsm_option(p, "max-edges", "4");
  apply_fsm_option(p, "support", "7");
  CHECK(p.max_edges == 4);
  CHECK(p.support == 7);
  apply_fsm_option(p, "max_edges", "1");  // the YAML spelling
  CHECK(p.max_edges == 1);
  CHECK_THROWS_WITH_AS(apply_fsm_option(p, "max-edges", "5"), "option 'max-edges' expects an integer in [1, 4], got '5'",
                       tessera::UserError);
  CHECK_THROWS_WITH_AS(apply_fsm_option(p, "max-edges", "0"), "option 'max-edges' expects an integer in [1, 4], got '0'",
                       tessera::UserError);
  CHECK_THROWS_WITH_AS(apply_fsm_option(p, "support", "0"),
                       "option 'support' expects an integer in [1, 9223372036854775807], got '0'", tessera::UserError);
  apply_fsm_option(p, "bfs", "off");
  CHECK(!p.bounded_bfs);
  CHECK_THROWS_WITH_AS(apply_fsm_option(p, "bfs", "maybe"), "option 'bfs' expects on or off (also true/false, yes/no, 1/0), got 'maybe'", tessera::UserError);
  apply_fsm_option(p, "counts", "off");
  CHECK(!p.count_supports);
  apply_fsm_option(p, "counts", "yes");  // every switch takes the same spellings (core/util/switch_value.hpp)
  CHECK(p.count_supports);
  CHECK_THROWS_WITH_AS(apply_fsm_option(p, "counts", "2"), "option 'counts' expects on or off (also true/false, yes/no, 1/0), got '2'",
                       tessera::UserError);
  CHECK_THROWS_WITH_AS(apply_fsm_option(p, "sigma", "1"), "unknown fsm option 'sigma' (known: max-edges, support, bfs, counts)",
                       tessera::UserError);
  CHECK_THROWS_WITH_AS(validate(FsmParams{}),
                       "frequent subgraph mining needs a minimum support (option 'support', >= 1)", tessera::UserError);
  // Defaults come from FsmParams; support has none.
  CHECK(fsm_options()[0].default_value == "2");
  CHECK(fsm_options()[1].required);
  CHECK(fsm_options()[1].default_value.empty());
  CHECK(fsm_options()[2].default_value == "on");
  CHECK(fsm_options()[3].default_value == "on");
  // An unlabelled graph.
  const auto unlabelled = build_graph(test::random_edges_with_hub(8, 0.3, 1));
  FsmParams ok;
  ok.support = 1;
  CHECK_THROWS_AS(frequent_subgraphs(Space{}, unlabelled, ok), tessera::UserError);
}
