#include "algorithms/pattern_mining/plan/analysis.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace tessera::mining {

namespace {

void extend(const Pattern& p, int v, Permutation& perm, std::uint8_t used, std::vector<Permutation>& out) {
  const int n = p.num_vertices();
  if (v == n) {
    out.push_back(perm);
    return;
  }
  for (int image = 0; image < n; ++image) {
    if ((used >> image) & 1u) continue;
    if (p.degree(image) != p.degree(v) || p.label(image) != p.label(v)) continue;
    bool ok = true;
    for (int u = 0; u < v && ok; ++u) ok = p.has_edge(u, v) == p.has_edge(perm[static_cast<std::size_t>(u)], image);
    if (!ok) continue;
    perm[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(image);
    extend(p, v + 1, perm, static_cast<std::uint8_t>(used | (1u << image)), out);
  }
}

}  // namespace

std::vector<Permutation> automorphisms(const Pattern& p) {
  std::vector<Permutation> out;
  Permutation perm{};
  extend(p, 0, perm, 0, out);
  // Images are tried in increasing order, so the identity is found first.
  TESSERA_REQUIRE(!out.empty(), "the identity is always an automorphism");
  return out;
}

std::vector<SymmetryConstraint> symmetry_breaking_constraints(const Pattern& p, const std::vector<Permutation>& group,
                                                              const std::vector<pvid_t>& priority_in) {
  const int n = p.num_vertices();
  std::vector<pvid_t> priority = priority_in;
  if (priority.empty())
    for (pvid_t v = 0; v < n; ++v) priority.push_back(v);
  {
    std::vector<pvid_t> sorted = priority;
    std::sort(sorted.begin(), sorted.end());
    bool is_permutation = static_cast<int>(sorted.size()) == n;
    for (int i = 0; is_permutation && i < n; ++i) is_permutation = sorted[static_cast<std::size_t>(i)] == i;
    TESSERA_REQUIRE(is_permutation, "symmetry priority must list every pattern vertex once");
  }
  std::vector<SymmetryConstraint> out;
  std::vector<Permutation> current = group;
  while (current.size() > 1) {
    bool found = false;
    for (const pvid_t v0 : priority) {
      std::uint8_t orbit = 0;
      for (const auto& g : current) orbit |= static_cast<std::uint8_t>(1u << g[static_cast<std::size_t>(v0)]);
      if (orbit == (1u << v0)) continue;  // fixed by the whole current group
      for (const pvid_t v : priority)
        if (v != v0 && ((orbit >> v) & 1u)) out.push_back({v0, v});
      std::vector<Permutation> stabilizer;
      for (const auto& g : current)
        if (g[static_cast<std::size_t>(v0)] == v0) stabilizer.push_back(g);
      current.swap(stabilizer);
      found = true;
      break;
    }
    TESSERA_REQUIRE(found, "a non-trivial permutation group moves some vertex");
  }
  return out;
}

PatternAnalysis::PatternAnalysis(const Pattern& p)
    : pattern_(p), automorphisms_(mining::automorphisms(p)) {
  const int n = p.num_vertices();
  is_clique_ = p.num_edges() == n * (n - 1) / 2;
  constraints_ = symmetry_breaking_constraints(p, automorphisms_);
}

std::vector<std::vector<pvid_t>> PatternAnalysis::orbits() const {
  std::vector<std::vector<pvid_t>> out;
  std::uint8_t seen = 0;
  for (pvid_t v = 0; v < pattern_.num_vertices(); ++v) {
    if ((seen >> v) & 1u) continue;
    std::uint8_t orbit = 0;
    for (const auto& g : automorphisms_) orbit |= static_cast<std::uint8_t>(1u << g[static_cast<std::size_t>(v)]);
    seen |= orbit;
    std::vector<pvid_t> members;
    for (pvid_t u = 0; u < pattern_.num_vertices(); ++u)
      if ((orbit >> u) & 1u) members.push_back(u);
    out.push_back(members);
  }
  return out;
}

std::vector<SymmetryConstraint> PatternAnalysis::symmetry_constraints(const std::vector<pvid_t>& priority) const {
  return symmetry_breaking_constraints(pattern_, automorphisms_, priority);
}

}  // namespace tessera::mining
