#pragma once
// Patterns for pattern mining (G2Miner, paper 2 §2): small connected undirected graphs of at
// most 8 vertices, with optional vertex labels and an explicit induced-ness.
//
// Semantics: mining a pattern P counts *distinct subgraphs* of the data graph isomorphic to
// P, never embeddings (an embedding is counted once per automorphism of P):
//   Induced::edge    distinct edge sets F (with their endpoint set W) such that (W, F) ~ P
//   Induced::vertex  distinct vertex sets W whose induced subgraph is ~ P
// A pattern vertex with label -1 matches any data vertex; a labelled one only data vertices
// carrying that label.
//
// Pattern vertices are numbered 0..n-1; adjacency is one bitmask byte per vertex.
#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "core/types.hpp"

namespace tessera::mining {

// A pattern vertex id (0..7). Kept separate from vid_t: it never indexes the data graph.
using pvid_t = int;

inline constexpr int k_max_pattern_vertices = 8;
inline constexpr label_t k_no_label = -1;

enum class Induced { edge, vertex };
const char* to_string(Induced induced);
// "edge" / "vertex" (also "edge-induced" / "vertex-induced"); UserError otherwise.
Induced parse_induced(const std::string& text);

using PatternEdge = std::pair<pvid_t, pvid_t>;

class Pattern {
 public:
  // Validated construction (tessera::UserError when the pattern is empty, has more than 8
  // vertices, a vertex id out of range, a self-loop, or is disconnected). Duplicate edges
  // are merged. `num_vertices` < 0 means "the largest id in `edges` plus one". `labels` is
  // empty (unlabelled) or one label per vertex, -1 meaning "any label".
  Pattern(const std::vector<PatternEdge>& edges, std::string name = "pattern",
          Induced induced = Induced::edge, std::vector<label_t> labels = {}, int num_vertices = -1);

  int num_vertices() const { return n_; }
  int num_edges() const;
  // Bit u of adjacency(v) is set when {u, v} is an edge.
  std::uint8_t adjacency(pvid_t v) const { return adj_[static_cast<std::size_t>(v)]; }
  bool has_edge(pvid_t u, pvid_t v) const { return (adj_[static_cast<std::size_t>(u)] >> v) & 1u; }
  int degree(pvid_t v) const;
  std::vector<PatternEdge> edges() const;  // each edge once, u < v, sorted

  label_t label(pvid_t v) const { return labels_[static_cast<std::size_t>(v)]; }
  bool is_labelled() const;  // some vertex has a label other than -1

  const std::string& name() const { return name_; }
  Induced induced() const { return induced_; }

  // Copies with another induced-ness / name.
  Pattern with_induced(Induced induced) const;
  Pattern with_name(std::string name) const;

  friend bool operator==(const Pattern& a, const Pattern& b);  // structure, labels, induced-ness

 private:
  int n_ = 0;
  std::array<std::uint8_t, k_max_pattern_vertices> adj_{};
  std::array<label_t, k_max_pattern_vertices> labels_{};
  std::string name_;
  Induced induced_ = Induced::edge;
};

// "name (n vertices, m edges, edge-induced): 0-1 0-2 ..." for messages and logs.
std::string describe(const Pattern& p);

// Pattern files (text, 0-based ids):
//   # comment lines (and blank lines) anywhere
//   u v            an edge
//   label v L      vertex v carries label L (L >= 0); unlisted vertices are unlabelled
// Every vertex must appear in an edge. Errors are tessera::ParseError "file:line: what"
// (line omitted for whole-file problems such as a disconnected pattern). The pattern is
// named after the file's stem.
Pattern read_pattern_file(const std::string& path, Induced induced = Induced::edge);
// The same format from a stream; `source` names it in messages.
Pattern parse_pattern(std::istream& in, const std::string& source, Induced induced = Induced::edge);

// Built-in patterns (vertex numbering documented in pattern.cpp):
//   triangle, 3-clique .. 8-clique (aliases k3 .. k8), diamond, 4-cycle (alias rectangle),
//   tailed-triangle, 3-star, 4-path, wedge (alias 3-path), house, pentagon.
// Aliases resolve to the primary name. UserError listing the valid names otherwise.
Pattern pattern_by_name(const std::string& name, Induced induced = Induced::edge);
std::vector<std::string> builtin_pattern_names();  // primary names, without aliases
Pattern clique(int k, Induced induced = Induced::edge);  // 2 <= k <= 8

// The connected k-vertex motifs, vertex-induced (k-motif counting):
//   motifs(3) = {wedge, triangle}
//   motifs(4) = {3-star, 4-path, tailed-triangle, 4-cycle, diamond, 4-clique}
std::vector<Pattern> motifs(int k);

}  // namespace tessera::mining
