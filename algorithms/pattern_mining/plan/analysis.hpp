#pragma once
// Pattern analysis (G2Miner paper 2 §4, "pattern analyzer"): the automorphism group of a
// pattern and the symmetry-breaking constraints that make every distinct subgraph be found
// exactly once.
//
// Symmetry breaking (the orbit/stabilizer construction of Grochow & Kellis):
//   G <- Aut(P)
//   while G is not trivial:
//     v0 <- the vertex of highest priority (earliest in `priority`) whose G-orbit is not {v0}
//     add "id(v0) < id(v)" for every other v in the G-orbit of v0
//     G <- stabilizer of v0 in G
// Every embedding class (the |Aut| embeddings of one subgraph) then contains exactly one
// embedding satisfying all constraints. With `priority` = a matching order, each constraint
// relates an earlier-matched vertex to a later one, so it can be checked when the later one
// is matched.
#include <array>
#include <cstdint>
#include <vector>

#include "algorithms/pattern_mining/pattern/pattern.hpp"
#include "core/types.hpp"

namespace tessera::mining {

// perm[v] = image of pattern vertex v; entries past num_vertices are unused.
using Permutation = std::array<std::uint8_t, k_max_pattern_vertices>;

// Matched data id of `smaller` < matched data id of `larger`.
struct SymmetryConstraint {
  pvid_t smaller = 0;
  pvid_t larger = 0;
  friend bool operator==(const SymmetryConstraint& a, const SymmetryConstraint& b) {
    return a.smaller == b.smaller && a.larger == b.larger;
  }
};

// Every permutation of the pattern's vertices that preserves adjacency and labels, found by
// a depth-first extension that rejects a partial map as soon as a degree, label or
// (non-)adjacency to an already-mapped vertex disagrees. The identity comes first.
std::vector<Permutation> automorphisms(const Pattern& p);

// The construction above restricted to a group; `priority` lists every pattern vertex once
// (empty: 0, 1, ..., n-1).
std::vector<SymmetryConstraint> symmetry_breaking_constraints(const Pattern& p, const std::vector<Permutation>& group,
                                                              const std::vector<pvid_t>& priority = {});

class PatternAnalysis {
 public:
  explicit PatternAnalysis(const Pattern& p);

  const Pattern& pattern() const { return pattern_; }
  const std::vector<Permutation>& automorphisms() const { return automorphisms_; }
  count_t automorphism_count() const { return static_cast<count_t>(automorphisms_.size()); }
  // Every pair of vertices adjacent (K_n; edge- and vertex-induced coincide).
  bool is_clique() const { return is_clique_; }
  // Orbits of Aut(P), each sorted, ordered by smallest member.
  std::vector<std::vector<pvid_t>> orbits() const;
  // Constraints for the priority 0, 1, ..., n-1 (vertex-id order).
  const std::vector<SymmetryConstraint>& symmetry_constraints() const { return constraints_; }
  // Constraints for another priority (e.g. a matching order).
  std::vector<SymmetryConstraint> symmetry_constraints(const std::vector<pvid_t>& priority) const;

 private:
  Pattern pattern_;
  std::vector<Permutation> automorphisms_;
  bool is_clique_ = false;
  std::vector<SymmetryConstraint> constraints_;
};

}  // namespace tessera::mining
