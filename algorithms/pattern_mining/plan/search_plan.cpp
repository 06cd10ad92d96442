#include "algorithms/pattern_mining/plan/search_plan.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include "core/error.hpp"

namespace tessera::mining {

namespace {

bool is_connected_order(const Pattern& p, const std::vector<pvid_t>& order) {
  std::uint8_t placed = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const pvid_t v = order[i];
    if (i > 0 && (p.adjacency(v) & placed) == 0) return false;
    placed = static_cast<std::uint8_t>(placed | (1u << v));
  }
  return true;
}

std::vector<level_t> levels_of(const std::vector<pvid_t>& vertices) {
  std::vector<level_t> out(vertices.size(), 0);
  for (std::size_t i = 0; i < vertices.size(); ++i) out[static_cast<std::size_t>(vertices[i])] = static_cast<level_t>(i);
  return out;
}

// Constraints for matching `order`: priority = the order itself, so every constraint pairs an
// earlier level with a later one; `upper` reverses them so the later level is bounded above.
std::vector<SymmetryConstraint> plan_constraints(const Pattern& p, const std::vector<Permutation>& group,
                                                 const MatchingOrder& order, BoundDirection direction) {
  auto constraints = symmetry_breaking_constraints(p, group, order.vertices);
  switch (direction) {
    case BoundDirection::upper:
      for (auto& c : constraints) std::swap(c.smaller, c.larger);
      break;
    case BoundDirection::lower: break;
  }
  return constraints;
}

std::vector<int> back_edge_counts(const Pattern& p, const MatchingOrder& order) {
  std::vector<int> out;
  std::uint8_t placed = 0;
  for (const pvid_t v : order.vertices) {
    out.push_back(__builtin_popcount(static_cast<unsigned>(p.adjacency(v) & placed)));
    placed = static_cast<std::uint8_t>(placed | (1u << v));
  }
  return out;
}

// The pattern side of SearchPlan::count_last_wedges for an order: the last vertex z is adjacent
// to exactly y's earlier neighbours plus x (y, x, z the last three), and x is adjacent to y.
bool has_wedge_shape(const Pattern& p, const MatchingOrder& order) {
  const std::size_t n = order.vertices.size();
  if (n < 4) return false;
  const pvid_t y = order.vertices[n - 3], x = order.vertices[n - 2], z = order.vertices[n - 1];
  std::uint8_t before_y = 0;
  for (std::size_t i = 0; i + 3 < n; ++i) before_y = static_cast<std::uint8_t>(before_y | (1u << order.vertices[i]));
  const auto closes_y = static_cast<std::uint8_t>(p.adjacency(y) & before_y);
  const auto closes_z = static_cast<std::uint8_t>(p.adjacency(z) & (before_y | (1u << y) | (1u << x)));
  return p.has_edge(x, y) && closes_z == static_cast<std::uint8_t>(closes_y | (1u << x));
}

}  // namespace

MatchingOrder make_matching_order(const Pattern& p, const std::vector<pvid_t>& vertices) {
  const int n = p.num_vertices();
  std::vector<pvid_t> sorted = vertices;
  std::sort(sorted.begin(), sorted.end());
  std::vector<pvid_t> expected(static_cast<std::size_t>(n));
  std::iota(expected.begin(), expected.end(), 0);
  TESSERA_USER_REQUIRE(sorted == expected, "a matching order of pattern '" << p.name() << "' must list each of its "
                                                                           << n << " vertices exactly once");
  TESSERA_USER_REQUIRE(is_connected_order(p, vertices), "matching order of pattern '"
                                                            << p.name()
                                                            << "' is not connected: every vertex after the first "
                                                               "must be adjacent to an earlier one");
  return {vertices, levels_of(vertices)};
}

std::vector<MatchingOrder> connected_matching_orders(const Pattern& p) {
  std::vector<pvid_t> perm(static_cast<std::size_t>(p.num_vertices()));
  std::iota(perm.begin(), perm.end(), 0);
  std::vector<MatchingOrder> out;
  do {
    if (is_connected_order(p, perm)) out.push_back({perm, levels_of(perm)});
  } while (std::next_permutation(perm.begin(), perm.end()));
  return out;
}

double matching_order_cost(const Pattern& p, const MatchingOrder& order,
                           const std::vector<SymmetryConstraint>& constraints, Induced induced,
                           const CostModel& model) {
  const double d = model.average_degree;
  const double q = model.overlap;
  const auto back = back_edge_counts(p, order);
  double expected = 1.0;
  double cost = 0.0;
  for (level_t i = 1; i < static_cast<level_t>(order.vertices.size()); ++i) {
    const int k = back[static_cast<std::size_t>(i)];
    const int s = induced == Induced::vertex ? i - k : 0;
    int b = 0;
    for (const auto& c : constraints)
      if (std::max(order.level_of[static_cast<std::size_t>(c.smaller)],
                   order.level_of[static_cast<std::size_t>(c.larger)]) == i)
        ++b;
    cost += expected * (k + s) * d;
    expected *= d * std::pow(q, k - 1) * std::pow(1.0 - q, s) / (b + 1);
  }
  return cost;
}

SearchPlan build_search_plan(const Pattern& p, const MatchingOrder& order, const PlanOptions& options) {
  const int n = p.num_vertices();
  TESSERA_REQUIRE(static_cast<int>(order.vertices.size()) == n && is_connected_order(p, order.vertices),
                  "matching order must be a connected permutation of the pattern's vertices");
  const auto group = automorphisms(p);
  SearchPlan plan{p, order, {}, plan_constraints(p, group, order, options.bounds),
                  static_cast<count_t>(group.size()), false, false, false, 0.0};
  const bool clique = p.num_edges() == n * (n - 1) / 2;
  count_t factorial = 1;
  for (int i = 2; i <= n; ++i) factorial *= static_cast<count_t>(i);
  // All labels equal <=> every permutation preserves labels.
  plan.use_oriented_dag = options.allow_oriented_dag && clique && plan.automorphism_count == factorial;
  plan.cost = matching_order_cost(p, order, plan.constraints, p.induced(), options.cost);

  // Transitive closure of the constraints: less[a][b] when m[a] < m[b] is implied.
  std::vector<std::vector<bool>> less(static_cast<std::size_t>(n), std::vector<bool>(static_cast<std::size_t>(n), false));
  for (const auto& c : plan.constraints) less[static_cast<std::size_t>(c.smaller)][static_cast<std::size_t>(c.larger)] = true;
  for (int k = 0; k < n; ++k)
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b)
        if (less[static_cast<std::size_t>(a)][static_cast<std::size_t>(k)] &&
            less[static_cast<std::size_t>(k)][static_cast<std::size_t>(b)])
          less[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = true;

  for (level_t i = 0; i < n; ++i) {
    LevelPlan level;
    level.vertex = order.vertices[static_cast<std::size_t>(i)];
    level.label = p.label(level.vertex);
    for (level_t l = 0; l < i; ++l) {
      const pvid_t u = order.vertices[static_cast<std::size_t>(l)];
      if (p.has_edge(u, level.vertex))
        level.intersect.push_back(l);
      else if (p.induced() == Induced::vertex)
        level.subtract.push_back(l);
    }
    for (const auto& c : plan.constraints) {
      const level_t ls = order.level_of[static_cast<std::size_t>(c.smaller)];
      const level_t ll = order.level_of[static_cast<std::size_t>(c.larger)];
      if (ll == i && ls < i) level.lower_bounds.push_back(ls);  // m[i] > m[ls]
      if (ls == i && ll < i) level.upper_bounds.push_back(ll);  // m[i] < m[ll]
    }
    std::sort(level.lower_bounds.begin(), level.lower_bounds.end());
    std::sort(level.upper_bounds.begin(), level.upper_bounds.end());
    // Drop bounds implied by another bound of the same level through earlier constraints
    // (m[i] < m[a] < m[b] makes m[i] < m[b] redundant): fewer comparisons per candidate,
    // and the strict bound that remains still excludes the dropped level's vertex.
    auto prune = [&](std::vector<level_t>& bounds, bool upper) {
      std::vector<level_t> kept;
      for (const level_t l : bounds) {
        bool implied = false;
        for (const level_t other : bounds)
          if (other != l) {
            const pvid_t a = order.vertices[static_cast<std::size_t>(other)];
            const pvid_t b = order.vertices[static_cast<std::size_t>(l)];
            implied = implied || (upper ? less[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)]
                                        : less[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)]);
          }
        if (!implied) kept.push_back(l);
      }
      bounds.swap(kept);
    };
    const std::vector<level_t> all_lower = level.lower_bounds, all_upper = level.upper_bounds;
    prune(level.upper_bounds, true);
    prune(level.lower_bounds, false);
    // Neighbour lists never hold their owner (no self-loops) and strict bounds exclude
    // equality; every other earlier level needs an explicit inequality.
    for (level_t l = 0; l < i; ++l) {
      auto has = [l](const std::vector<level_t>& v) { return std::find(v.begin(), v.end(), l) != v.end(); };
      if (!has(level.intersect) && !has(all_lower) && !has(all_upper)) level.distinct.push_back(l);
    }
    plan.levels.push_back(std::move(level));
  }
  plan.count_last_pair = options.allow_pair_counting && last_pair_is_countable(plan);
  plan.count_last_wedges = options.allow_wedge_counting && last_wedges_are_countable(plan);
  return plan;
}

bool last_pair_is_countable(const SearchPlan& plan) {
  const int n = plan.num_levels();
  if (n < 3 || plan.use_oriented_dag) return false;
  const level_t a = n - 2;
  const LevelPlan& la = plan.levels[static_cast<std::size_t>(a)];
  const LevelPlan& lz = plan.levels[static_cast<std::size_t>(n - 1)];
  const std::vector<level_t> just_a{a};
  const bool one_bound = (lz.upper_bounds == just_a && lz.lower_bounds.empty()) ||
                         (lz.lower_bounds == just_a && lz.upper_bounds.empty());
  return one_bound && la.intersect == lz.intersect && la.subtract == lz.subtract && la.distinct.empty() &&
         lz.distinct.empty() && la.label == k_no_label && lz.label == k_no_label;
}

bool last_wedges_are_countable(const SearchPlan& plan) {
  const int n = plan.num_levels();
  if (n < 4 || plan.use_oriented_dag) return false;
  const level_t y = n - 3, x = n - 2;
  const LevelPlan& ly = plan.levels[static_cast<std::size_t>(y)];
  const LevelPlan& lx = plan.levels[static_cast<std::size_t>(x)];
  const LevelPlan& lz = plan.levels[static_cast<std::size_t>(n - 1)];
  auto has = [](const std::vector<level_t>& v, level_t l) { return std::find(v.begin(), v.end(), l) != v.end(); };
  std::vector<level_t> closes = ly.intersect;  // z's back-edges must be y's plus x
  closes.push_back(x);
  std::sort(closes.begin(), closes.end());
  const std::vector<level_t> just_y{y};
  const bool below = lz.upper_bounds == just_y && lz.lower_bounds.empty() && ly.lower_bounds.empty();
  const bool above = lz.lower_bounds == just_y && lz.upper_bounds.empty() && ly.upper_bounds.empty();
  return (below || above) && lz.intersect == closes && lz.subtract == ly.subtract && has(lx.intersect, y) &&
         !has(lx.upper_bounds, y) && !has(lx.lower_bounds, y) && ly.distinct == lz.distinct && ly.label == k_no_label &&
         lz.label == k_no_label;
}

SearchPlan build_search_plan(const Pattern& p, const PlanOptions& options) {
  const int n = p.num_vertices();
  if (p.num_edges() == n * (n - 1) / 2) {
    // Every order of a clique is connected and has the same back-edge counts; the identity
    // is as good as any (and avoids scoring n! orders against an n!-element group).
    std::vector<pvid_t> identity(static_cast<std::size_t>(n));
    std::iota(identity.begin(), identity.end(), 0);
    return build_search_plan(p, make_matching_order(p, identity), options);
  }
  const auto group = automorphisms(p);
  const MatchingOrder* best = nullptr;
  double best_cost = 0.0;
  std::vector<int> best_back;
  const auto orders = connected_matching_orders(p);
  for (const auto& order : orders) {
    const double cost =
        matching_order_cost(p, order, plan_constraints(p, group, order, options.bounds), p.induced(), options.cost);
    const auto back = back_edge_counts(p, order);
    const double tolerance = 1e-9 * std::max(1.0, std::abs(best_cost));
    const bool better = best == nullptr || cost < best_cost - tolerance ||
                        (std::abs(cost - best_cost) <= tolerance && back > best_back);
    if (better) {  // orders arrive lexicographically: equal ones keep the first
      best = &order;
      best_cost = cost;
      best_back = back;
    }
  }
  TESSERA_REQUIRE(best != nullptr, "a connected pattern has a connected matching order");
  SearchPlan plan = build_search_plan(p, *best, options);
  // Wedge aggregation replaces the enumeration of two levels and every intersection of the
  // last one by one counter per wedge: the cheapest order that allows it wins over any order
  // that does not (ties to the first), unless the cheapest order counts its last two levels
  // as pairs (one intersection count per partial match: cheaper still, e.g. the diamond).
  // Only orders whose last three vertices have the shape are planned.
  if (options.allow_wedge_counting && !plan.count_last_pair) {
    const MatchingOrder* wedge = nullptr;
    double wedge_cost = 0.0;
    for (const auto& order : orders) {
      if (!has_wedge_shape(p, order)) continue;
      const double cost =
          matching_order_cost(p, order, plan_constraints(p, group, order, options.bounds), p.induced(), options.cost);
      if (wedge != nullptr && cost >= wedge_cost - 1e-9 * std::max(1.0, std::abs(wedge_cost))) continue;
      if (build_search_plan(p, order, options).count_last_wedges) {
        wedge = &order;
        wedge_cost = cost;
      }
    }
    if (wedge != nullptr) return build_search_plan(p, *wedge, options);
  }
  return plan;
}

std::string describe(const SearchPlan& plan) {
  std::ostringstream os;
  auto list = [&os](const char* what, const std::vector<level_t>& levels) {
    if (levels.empty()) return;
    os << ' ' << what << '{';
    for (std::size_t i = 0; i < levels.size(); ++i) os << (i ? "," : "") << levels[i];
    os << '}';
  };
  os << "plan for " << describe(plan.pattern) << "\n  order:";
  for (const pvid_t v : plan.order.vertices) os << ' ' << v;
  os << "  |Aut| = " << plan.automorphism_count << "  cost = " << plan.cost << '\n';
  if (plan.use_oriented_dag) os << "  clique: use the degree-oriented DAG (bounds become the orientation)\n";
  if (plan.count_last_pair) os << "  last two levels: counted as pairs of one candidate set (no enumeration)\n";
  if (plan.count_last_wedges) os << "  last three levels: counted by wedge aggregation (C(c, 2) per end vertex)\n";
  os << "  constraints:";
  for (const auto& c : plan.constraints) os << ' ' << c.smaller << '<' << c.larger;
  os << '\n';
  for (level_t i = 0; i < plan.num_levels(); ++i) {
    const auto& level = plan.levels[static_cast<std::size_t>(i)];
    os << "  level " << i << ": vertex " << level.vertex;
    if (level.label != k_no_label) os << " label " << level.label;
    if (i == 0) os << " all vertices";
    list("intersect", level.intersect);
    list("subtract", level.subtract);
    list("distinct", level.distinct);
    list("below", level.upper_bounds);
    list("above", level.lower_bounds);
    os << '\n';
  }
  return os.str();
}

}  // namespace tessera::mining
