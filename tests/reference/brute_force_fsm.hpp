#pragma once
// Independent serial reference for frequent subgraph mining (no engine, no pattern growth, no
// automorphism analysis): every connected edge subset F of the data graph with at most K edges
// is one subgraph; every numbering of F's vertices that gives the lexicographically smallest
// (label sequence, sorted edge list) is one embedding of that canonical pattern, so each such
// numbering adds F's vertex at position p to the domain of pattern vertex p. The MNI support is
// the smallest domain. Exponential; for graphs of a dozen vertices.
#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <utility>
#include <vector>

#include "core/graph/edge_list.hpp"

namespace tessera::test {

struct BruteForcePatternKey {
  std::vector<label_t> labels;
  std::vector<std::pair<int, int>> edges;  // i < j, sorted
  bool operator<(const BruteForcePatternKey& o) const {
    return labels != o.labels ? labels < o.labels : edges < o.edges;
  }
  bool operator==(const BruteForcePatternKey& o) const { return labels == o.labels && edges == o.edges; }
};

// Canonical pattern -> MNI support, for every connected pattern with 1..max_edges edges that
// occurs in `g` (which must be labelled; edges may repeat or appear in both directions).
inline std::map<BruteForcePatternKey, count_t> brute_force_fsm_supports(const EdgeList& g, int max_edges) {
  std::set<std::pair<vid_t, vid_t>> unique;
  for (eid_t e = 0; e < g.size(); ++e) {
    const vid_t u = g.src[static_cast<std::size_t>(e)], v = g.dst[static_cast<std::size_t>(e)];
    if (u != v) unique.insert({std::min(u, v), std::max(u, v)});
  }
  const std::vector<std::pair<vid_t, vid_t>> edges(unique.begin(), unique.end());
  const int m = static_cast<int>(edges.size());
  auto touches = [&](int e, const std::set<vid_t>& vs) {
    return vs.count(edges[static_cast<std::size_t>(e)].first) || vs.count(edges[static_cast<std::size_t>(e)].second);
  };
  // Connected edge subsets, grown one adjacent edge at a time, deduplicated as sorted id sets.
  std::set<std::vector<int>> subsets, frontier;
  for (int e = 0; e < m; ++e) frontier.insert({e});
  for (int size = 1; size <= max_edges && !frontier.empty(); ++size) {
    subsets.insert(frontier.begin(), frontier.end());
    std::set<std::vector<int>> next;
    if (size < max_edges)
      for (const auto& s : frontier) {
        std::set<vid_t> vs;
        for (int e : s) vs.insert(edges[static_cast<std::size_t>(e)].first), vs.insert(edges[static_cast<std::size_t>(e)].second);
        for (int e = 0; e < m; ++e)
          if (!std::binary_search(s.begin(), s.end(), e) && touches(e, vs)) {
            auto grown = s;
            grown.insert(std::upper_bound(grown.begin(), grown.end(), e), e);
            next.insert(grown);
          }
      }
    frontier = std::move(next);
  }
  std::map<BruteForcePatternKey, std::vector<std::set<vid_t>>> domains;
  for (const auto& s : subsets) {
    std::set<vid_t> vs;
    for (int e : s) vs.insert(edges[static_cast<std::size_t>(e)].first), vs.insert(edges[static_cast<std::size_t>(e)].second);
    const std::vector<vid_t> w(vs.begin(), vs.end());
    const int k = static_cast<int>(w.size());
    std::vector<int> perm(static_cast<std::size_t>(k));  // perm[position] = index into w
    std::iota(perm.begin(), perm.end(), 0);
    std::vector<std::pair<BruteForcePatternKey, std::vector<int>>> numberings;
    do {
      std::vector<int> position(static_cast<std::size_t>(k));
      for (int p = 0; p < k; ++p) position[static_cast<std::size_t>(perm[static_cast<std::size_t>(p)])] = p;
      BruteForcePatternKey key;
      for (int p = 0; p < k; ++p) key.labels.push_back(g.labels[static_cast<std::size_t>(w[static_cast<std::size_t>(perm[static_cast<std::size_t>(p)])])]);
      for (int e : s) {
        const auto idx = [&](vid_t v) {
          return position[static_cast<std::size_t>(std::lower_bound(w.begin(), w.end(), v) - w.begin())];
        };
        const int a = idx(edges[static_cast<std::size_t>(e)].first), b = idx(edges[static_cast<std::size_t>(e)].second);
        key.edges.emplace_back(std::min(a, b), std::max(a, b));
      }
      std::sort(key.edges.begin(), key.edges.end());
      numberings.emplace_back(std::move(key), perm);
    } while (std::next_permutation(perm.begin(), perm.end()));
    BruteForcePatternKey best = numberings.front().first;
    for (const auto& [key, p] : numberings)
      if (key < best) best = key;
    auto& dom = domains[best];
    dom.resize(static_cast<std::size_t>(k));
    for (const auto& [key, p] : numberings)
      if (!(key < best) && !(best < key))
        for (int q = 0; q < k; ++q) dom[static_cast<std::size_t>(q)].insert(w[static_cast<std::size_t>(p[static_cast<std::size_t>(q)])]);
  }
  std::map<BruteForcePatternKey, count_t> support;
  for (const auto& [key, dom] : domains) {
    count_t s = static_cast<count_t>(dom.front().size());
    for (const auto& d : dom) s = std::min<count_t>(s, static_cast<count_t>(d.size()));
    support[key] = s;
  }
  return support;
}

}  // namespace tessera::test
