#pragma once
// Vertex-labelled patterns as frequent subgraph mining grows them (G2Miner, paper 2 §2 and
// §5.2), in the canonical form of the reference lists (../shared/data/graphs/labelled/README.md):
// the vertex numbering that minimises (label sequence, sorted edge list) lexicographically.
// Two patterns are isomorphic (labels included) exactly when their canonical forms are equal,
// so the form doubles as the pattern's identity when candidates are deduplicated.
//
// Text form (one line of `tessera fsm --list`):
//   <num_edges> <support> L <label of v0> ... <label of v(n-1)> E <i-j> ...   (i < j, sorted)
#include <string>
#include <vector>

#include "algorithms/pattern_mining/pattern/pattern.hpp"
#include "core/types.hpp"

namespace tessera::mining {

struct LabelledPattern {
  std::vector<label_t> labels;     // one per vertex, each >= 0
  std::vector<PatternEdge> edges;  // i < j, sorted, no duplicates

  int num_vertices() const { return static_cast<int>(labels.size()); }
  int num_edges() const { return static_cast<int>(edges.size()); }

  // Lexicographic (label sequence, edge list): the order of the reference lists.
  friend bool operator<(const LabelledPattern& a, const LabelledPattern& b) {
    return a.labels != b.labels ? a.labels < b.labels : a.edges < b.edges;
  }
  friend bool operator==(const LabelledPattern& a, const LabelledPattern& b) {
    return a.labels == b.labels && a.edges == b.edges;
  }
};

// The canonical form of a connected labelled pattern (any vertex numbering, edges in any order
// and orientation). Brute force over the numberings that sort the labels: at most 8 vertices.
LabelledPattern canonical_form(const std::vector<label_t>& labels, const std::vector<PatternEdge>& edges);

// The edge-induced mining pattern (labels kept) the engine enumerates.
Pattern to_mining_pattern(const LabelledPattern& p);

// "<num_edges> <support> L ... E ..." (no newline).
std::string pattern_line(const LabelledPattern& p, count_t support);

// Every one-edge extension, canonical and deduplicated (sorted): an edge between two
// non-adjacent vertices, or a new vertex of label l hanging off vertex i for every pair
// (label(i), l) in `edge_labels` (each pair (a, b) given once with a <= b). None beyond 8
// vertices.
std::vector<LabelledPattern> one_edge_extensions(const LabelledPattern& p,
                                                 const std::vector<std::pair<label_t, label_t>>& edge_labels);

// The connected patterns with one edge fewer (canonical, deduplicated): an edge removed, and
// with it an endpoint it leaves isolated; removals that disconnect the pattern are skipped.
// Empty for a single edge.
std::vector<LabelledPattern> one_edge_subpatterns(const LabelledPattern& p);

}  // namespace tessera::mining
