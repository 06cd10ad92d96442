// Pattern analysis: automorphism group sizes, orbits, and symmetry-breaking constraints that
// select exactly one embedding out of every class of |Aut| equivalent ones.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>

#include "algorithms/pattern_mining/plan/analysis.hpp"
#include "algorithms/pattern_mining/plan/search_plan.hpp"
#include "tests/reference/brute_force_matches.hpp"

using namespace tessera;
using namespace tessera::mining;

namespace {

// For every assignment of distinct ids to the pattern vertices, exactly one member of its
// automorphism class (ids composed with g, g in Aut) satisfies all constraints.
void check_exactly_one_per_class(const Pattern& p, const std::vector<Permutation>& group,
                                 const std::vector<SymmetryConstraint>& constraints) {
  const int n = p.num_vertices();
  std::vector<int> ids(static_cast<std::size_t>(n));
  std::iota(ids.begin(), ids.end(), 0);
  do {
    int satisfied = 0;
    for (const auto& g : group) {
      bool ok = true;
      for (const auto& c : constraints)
        ok = ok && ids[g[static_cast<std::size_t>(c.smaller)]] < ids[g[static_cast<std::size_t>(c.larger)]];
      satisfied += ok;
    }
    REQUIRE(satisfied == 1);
  } while (std::next_permutation(ids.begin(), ids.end()));
}

}  // namespace

TEST_CASE("automorphism group sizes of the built-in patterns") {
  struct Expect {
    const char* name;
    count_t size;
  };
  const Expect expected[] = {{"triangle", 6}, {"4-cycle", 8},         {"diamond", 4}, {"3-star", 6},
                             {"4-path", 2},   {"tailed-triangle", 2}, {"house", 2},   {"pentagon", 10},
                             {"wedge", 2}};
  for (const auto& e : expected) {
    INFO(e.name);
    const PatternAnalysis a(pattern_by_name(e.name));
    CHECK(a.automorphism_count() == e.size);
    CHECK(test::brute_force_automorphism_count(a.pattern()) == e.size);
    CHECK_FALSE(a.is_clique() != (std::string(e.name) == "triangle"));
    // The identity comes first.
    for (int v = 0; v < a.pattern().num_vertices(); ++v) CHECK(a.automorphisms().front()[v] == v);
  }
  count_t factorial = 1;
  for (int k = 2; k <= 8; ++k) {
    factorial *= static_cast<count_t>(k);
    const PatternAnalysis a(clique(k));
    CHECK(a.automorphism_count() == factorial);
    CHECK(a.is_clique());
  }
}

TEST_CASE("automorphisms respect labels") {
  // A triangle with one labelled vertex keeps only the swap of the other two.
  const PatternAnalysis one(Pattern({{0, 1}, {1, 2}, {0, 2}}, "t", Induced::edge, {3, -1, -1}));
  CHECK(one.automorphism_count() == 2);
  CHECK(one.symmetry_constraints() == std::vector<SymmetryConstraint>{{1, 2}});
  const PatternAnalysis all(Pattern({{0, 1}, {1, 2}, {0, 2}}, "t", Induced::edge, {1, 2, 3}));
  CHECK(all.automorphism_count() == 1);
  CHECK(all.symmetry_constraints().empty());
  // A 4-cycle labelled a,b,a,b: rotations by two and both reflections through 0/2 and 1/3.
  const PatternAnalysis c4(Pattern({{0, 1}, {1, 2}, {2, 3}, {0, 3}}, "c", Induced::edge, {0, 1, 0, 1}));
  CHECK(c4.automorphism_count() == 4);
}

TEST_CASE("automorphism orbits and symmetry constraints of known patterns") {
  const PatternAnalysis c4(pattern_by_name("4-cycle"));
  CHECK(c4.orbits() == std::vector<std::vector<pvid_t>>{{0, 1, 2, 3}});
  CHECK(c4.symmetry_constraints() == std::vector<SymmetryConstraint>{{0, 1}, {0, 2}, {0, 3}, {1, 3}});
  const PatternAnalysis diamond(pattern_by_name("diamond"));
  CHECK(diamond.orbits() == std::vector<std::vector<pvid_t>>{{0, 1}, {2, 3}});
  CHECK(diamond.symmetry_constraints() == std::vector<SymmetryConstraint>{{0, 1}, {2, 3}});
  const PatternAnalysis triangle(pattern_by_name("triangle"));
  CHECK(triangle.symmetry_constraints() == std::vector<SymmetryConstraint>{{0, 1}, {0, 2}, {1, 2}});
  const PatternAnalysis star(pattern_by_name("3-star"));
  CHECK(star.symmetry_constraints() == std::vector<SymmetryConstraint>{{1, 2}, {1, 3}, {2, 3}});
  // Priority changes which vertex is fixed first: the diamond with tips first.
  CHECK(diamond.symmetry_constraints({2, 3, 0, 1}) == std::vector<SymmetryConstraint>{{2, 3}, {0, 1}});
  CHECK(c4.symmetry_constraints({3, 2, 1, 0}) == std::vector<SymmetryConstraint>{{3, 2}, {3, 1}, {3, 0}, {2, 0}});
}

TEST_CASE("automorphism-based symmetry breaking keeps exactly one embedding per class, for every priority") {
  std::vector<Pattern> patterns;
  for (const auto& name : builtin_pattern_names())
    if (pattern_by_name(name).num_vertices() <= 6) patterns.push_back(pattern_by_name(name));
  patterns.push_back(Pattern({{0, 1}, {1, 2}, {0, 2}, {2, 3}, {3, 4}, {2, 4}}, "bowtie"));
  patterns.push_back(Pattern({{0, 1}, {0, 2}, {0, 3}, {1, 4}, {2, 5}, {3, 6}}, "spider"));
  patterns.push_back(Pattern({{0, 1}, {1, 2}, {2, 3}, {0, 3}}, "c4ab", Induced::edge, {0, 1, 0, 1}));
  for (const auto& p : patterns) {
    INFO(describe(p));
    const PatternAnalysis a(p);
    check_exactly_one_per_class(p, a.automorphisms(), a.symmetry_constraints());
    if (p.num_vertices() > 5) continue;  // every connected priority is n! x n! x |Aut| work
    for (const auto& order : connected_matching_orders(p)) {
      const auto constraints = a.symmetry_constraints(order.vertices);
      check_exactly_one_per_class(p, a.automorphisms(), constraints);
      // Every constraint pairs an earlier position with a later one.
      for (const auto& c : constraints)
        CHECK(order.level_of[static_cast<std::size_t>(c.smaller)] < order.level_of[static_cast<std::size_t>(c.larger)]);
    }
  }
}
