#pragma once
// Brute-force serial pattern counts, independent of the plan code (no matching-order cost
// model, no symmetry breaking, no set operations): enumerate every injective map of the
// pattern's vertices into the graph, extending along a BFS order of the pattern and checking
// each pair of mapped vertices directly, then divide by the automorphism count (itself
// found by trying all n! permutations).
//
//   edge-induced:   injective homomorphisms / |Aut|  = distinct edge sets isomorphic to P
//   vertex-induced: induced embeddings / |Aut|       = distinct vertex sets inducing P
//
// Input: an undirected HostGraph (symmetric, sorted rows). For small graphs only.
#include <algorithm>
#include <numeric>
#include <vector>

#include "algorithms/pattern_mining/pattern/pattern.hpp"
#include "core/error.hpp"
#include "core/graph/csr_graph.hpp"
#include "core/types.hpp"

namespace tessera::test {

inline count_t brute_force_automorphism_count(const mining::Pattern& p) {
  const int n = p.num_vertices();
  std::vector<int> perm(static_cast<std::size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  count_t count = 0;
  do {
    bool ok = true;
    for (int u = 0; u < n && ok; ++u) {
      ok = p.label(u) == p.label(perm[static_cast<std::size_t>(u)]);
      for (int v = 0; v < n && ok; ++v)
        ok = p.has_edge(u, v) == p.has_edge(perm[static_cast<std::size_t>(u)], perm[static_cast<std::size_t>(v)]);
    }
    if (ok) ++count;
  } while (std::next_permutation(perm.begin(), perm.end()));
  return count;
}

namespace detail {

struct BruteForce {
  const HostGraph& g;
  const mining::Pattern& p;
  std::vector<int> order;   // BFS order of pattern vertices
  std::vector<int> parent;  // an earlier neighbour of order[i] (i > 0)
  std::vector<vid_t> image; // pattern vertex -> data vertex

  bool adjacent(vid_t a, vid_t b) const {
    const vid_t* begin = g.entries.data() + g.row_map(a);
    const vid_t* end = g.entries.data() + g.row_map(a + 1);
    return std::binary_search(begin, end, b);
  }

  bool fits(std::size_t i, vid_t candidate) const {
    const int u = order[i];
    if (p.label(u) != mining::k_no_label && g.labels(candidate) != p.label(u)) return false;
    for (std::size_t j = 0; j < i; ++j) {
      const int w = order[j];
      const vid_t mapped = image[static_cast<std::size_t>(w)];
      if (mapped == candidate) return false;
      const bool edge = adjacent(mapped, candidate);
      if (p.has_edge(u, w) && !edge) return false;
      if (!p.has_edge(u, w) && edge && p.induced() == mining::Induced::vertex) return false;
    }
    return true;
  }

  count_t extend(std::size_t i) {
    if (i == order.size()) return 1;
    count_t total = 0;
    const vid_t anchor = image[static_cast<std::size_t>(parent[i])];
    for (eid_t j = g.row_map(anchor); j < g.row_map(anchor + 1); ++j) {
      const vid_t c = g.entries(j);
      if (!fits(i, c)) continue;
      image[static_cast<std::size_t>(order[i])] = c;
      total += extend(i + 1);
    }
    return total;
  }
};

}  // namespace detail

// Injective maps respecting edges (and, vertex-induced, non-edges) and labels.
inline count_t brute_force_embeddings(const HostGraph& g, const mining::Pattern& p) {
  const int n = p.num_vertices();
  detail::BruteForce bf{g, p, {}, {}, std::vector<vid_t>(static_cast<std::size_t>(n), invalid_vid)};
  std::vector<bool> seen(static_cast<std::size_t>(n), false);
  bf.order.push_back(0);
  bf.parent.push_back(-1);
  seen[0] = true;
  for (std::size_t head = 0; head < bf.order.size(); ++head)
    for (int v = 0; v < n; ++v)
      if (!seen[static_cast<std::size_t>(v)] && p.has_edge(bf.order[head], v)) {
        seen[static_cast<std::size_t>(v)] = true;
        bf.order.push_back(v);
        bf.parent.push_back(bf.order[head]);
      }
  TESSERA_REQUIRE(static_cast<int>(bf.order.size()) == n, "patterns are connected");
  count_t total = 0;
  for (vid_t v = 0; v < g.num_vertices(); ++v) {
    if (!bf.fits(0, v)) continue;
    bf.image[0] = v;
    total += bf.extend(1);
  }
  return total;
}

// Distinct matches (unique subgraphs), the quantity every plan must count.
inline count_t brute_force_matches(const HostGraph& g, const mining::Pattern& p) {
  const count_t embeddings = brute_force_embeddings(g, p);
  const count_t aut = brute_force_automorphism_count(p);
  TESSERA_REQUIRE(embeddings % aut == 0, "embeddings come in classes of |Aut|");
  return embeddings / aut;
}

}  // namespace tessera::test
