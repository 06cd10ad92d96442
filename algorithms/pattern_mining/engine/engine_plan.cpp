#include "algorithms/pattern_mining/engine/engine_plan.hpp"

#include <sstream>

#include "algorithms/pattern_mining/engine/compiled_plan.hpp"
#include "core/error.hpp"

namespace tessera::mining {

namespace {

std::uint8_t mask_of(const std::vector<level_t>& levels) {
  std::uint8_t m = 0;
  for (const level_t l : levels) m = static_cast<std::uint8_t>(m | (1u << l));
  return m;
}

int bits(std::uint8_t m) {
  int n = 0;
  for (; m != 0; m = static_cast<std::uint8_t>(m & (m - 1))) ++n;
  return n;
}

bool subset(std::uint8_t a, std::uint8_t b) { return (a & ~b) == 0; }

}  // namespace

EnginePlan make_engine_plan(const SearchPlan& plan, int first_dfs_level, bool counting,
                            const EngineOptimizations& optimizations) {
  const bool prune = optimizations.prune;
  const int n = plan.num_levels();
  TESSERA_REQUIRE(n >= 1 && n <= k_engine_max_levels, "plans have 1..8 levels");
  TESSERA_REQUIRE(first_dfs_level == 1 || first_dfs_level == 2, "tasks are vertices or edges");
  EnginePlan e;
  e.num_levels = n;
  e.oriented = plan.use_oriented_dag;
  e.labelled = plan.pattern.is_labelled();
  e.count_by_size = counting && prune;
  e.last_level = n - 1;
  if (counting && prune && plan.count_last_pair && n - 2 >= first_dfs_level) {
    e.last_level = n - 2;
    e.pair = plan.levels.back().upper_bounds.empty() ? -1 : 1;
  }
  if (counting && optimizations.wedge && plan.count_last_wedges && n - 3 >= first_dfs_level) {
    e.last_level = n - 3;
    e.wedge = true;
  }
  std::uint8_t full_intersect[k_engine_max_levels] = {};
  std::uint8_t full_subtract[k_engine_max_levels] = {};
  for (int i = 0; i < n; ++i) {
    const LevelPlan& lp = plan.levels[static_cast<std::size_t>(i)];
    EngineLevel& el = e.levels[i];
    e.vertex_of_level[i] = static_cast<std::int8_t>(lp.vertex);
    el.label = lp.label;
    full_intersect[i] = mask_of(lp.intersect);
    full_subtract[i] = mask_of(lp.subtract);
    el.intersect = full_intersect[i];
    el.subtract = full_subtract[i];
    el.distinct = mask_of(lp.distinct);
    // On the oriented DAG the orientation is the total order the bounds would impose.
    el.upper = e.oriented ? 0 : mask_of(lp.upper_bounds);
    el.lower = e.oriented ? 0 : mask_of(lp.lower_bounds);
    TESSERA_REQUIRE(i == 0 || el.intersect != 0, "every level after the first has a back-edge");
  }
  // Reuse: the earlier level with the most set operations that are a subset of this level's.
  // Only levels with at least two operations are worth it (one is a plain neighbour list).
  for (int i = first_dfs_level; i <= e.last_level; ++i) {
    int best = -1, best_ops = 1;
    for (int j = first_dfs_level; j < i; ++j) {
      const int ops = bits(full_intersect[j]) + bits(full_subtract[j]);
      if (ops > best_ops && subset(full_intersect[j], full_intersect[i]) && subset(full_subtract[j], full_subtract[i])) {
        best = j;
        best_ops = ops;
      }
    }
    if (best < 0) continue;
    EngineLevel& el = e.levels[i];
    el.reuse = static_cast<std::int8_t>(best);
    el.intersect = static_cast<std::uint8_t>(full_intersect[i] & ~full_intersect[best]);
    el.subtract = static_cast<std::uint8_t>(full_subtract[i] & ~full_subtract[best]);
    e.levels[best].keep_unbounded = true;
  }
  // Local search: levels 2..last_level all lie in W = N(m0) ∩ N(m1) (level 2's raw set,
  // kept unbounded and materialised), and no level subtracts.
  if (counting && optimizations.lgs && first_dfs_level == 2 && e.pair == 0 && !e.wedge && e.last_level >= 4 &&
      !e.labelled) {
    bool inside = full_intersect[2] == 3u && full_subtract[2] == 0;
    for (int i = 3; i <= e.last_level; ++i) inside = inside && (full_intersect[i] & 3u) == 3u && full_subtract[i] == 0;
    if (inside) {
      e.local_search = true;
      e.levels[2].keep_unbounded = true;
      for (int i = 3; i <= e.last_level; ++i) e.levels[i].local_rows = static_cast<std::uint8_t>(full_intersect[i] & ~3u);
    }
  }
  // Materialised levels: loop levels (not the last, which only counts or lists) whose raw set
  // is not already a plain list (a neighbour list or a reused buffer).
  for (int i = first_dfs_level; i < e.last_level; ++i) {
    EngineLevel& el = e.levels[i];
    const int ops = bits(el.intersect) + bits(el.subtract);
    const bool plain = el.reuse < 0 ? ops <= 1 : ops == 0;
    if (!plain) el.slot = static_cast<std::int8_t>(e.num_slots++);
  }
  if (e.wedge) e.wedge_slot = static_cast<std::int8_t>(e.num_slots++);
  return e;
}

std::string describe(const EnginePlan& plan) {
  std::ostringstream out;
  auto list = [&](std::uint8_t m) {
    std::string s;
    for (int l = 0; l < plan.num_levels; ++l)
      if ((m >> l) & 1u) s += (s.empty() ? "" : ",") + std::to_string(l);
    return "{" + s + "}";
  };
  out << "engine plan: " << plan.num_levels << " levels, " << plan.num_slots << " buffers"
      << (plan.oriented ? ", oriented DAG" : "") << (plan.count_by_size ? ", counted by size" : "");
  if (plan.pair != 0) out << ", level " << plan.last_level << " counts pairs with level " << plan.last_level + 1;
  if (plan.wedge) out << ", levels " << plan.last_level << ".." << plan.last_level + 2 << " counted by wedge aggregation";
  if (plan.local_search) out << ", local bitmap search from level 2";
  out << '\n';
  for (int i = 0; i < plan.num_levels; ++i) {
    const EngineLevel& l = plan.levels[i];
    out << "  level " << i << " (pattern vertex " << int(plan.vertex_of_level[i]) << "):";
    if (l.reuse >= 0) out << " reuse " << int(l.reuse);
    out << " intersect " << list(l.intersect) << " subtract " << list(l.subtract) << " distinct " << list(l.distinct)
        << " < " << list(l.upper) << " > " << list(l.lower);
    if (l.slot >= 0) out << " buffer " << int(l.slot);
    if (l.keep_unbounded) out << " (reused)";
    if (l.label >= 0) out << " label " << l.label;
    out << '\n';
  }
  return out.str();
}

namespace {

template <int K>
bool is_compiled_clique(const EnginePlan& plan) {
  using C = CompiledClique<K>;
  if (plan.num_levels != K || plan.last_level != C::last_level || plan.pair != C::pair || plan.wedge ||
      plan.count_by_size != C::count_by_size || plan.local_search || plan.num_slots != C::num_slots || !plan.oriented ||
      plan.labelled)
    return false;
  for (int i = 0; i < K; ++i)
    if (!(plan.levels[i] == compiled_clique_level<K>(i))) return false;
  return true;
}

}  // namespace

int compiled_clique_size(const EnginePlan& plan) {
  static_assert(k_compiled_clique_min == 4 && k_compiled_clique_max == 5, "one test per compiled clique plan");
  return is_compiled_clique<4>(plan) ? 4 : is_compiled_clique<5>(plan) ? 5 : 0;
}

}  // namespace tessera::mining
