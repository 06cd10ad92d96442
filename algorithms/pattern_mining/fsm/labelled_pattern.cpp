#include "algorithms/pattern_mining/fsm/labelled_pattern.hpp"

#include <algorithm>
#include <numeric>
#include <sstream>

#include "core/error.hpp"

namespace tessera::mining {

namespace {

// The pattern renumbered by `order` (order[new] = old vertex).
LabelledPattern renumbered(const std::vector<label_t>& labels, const std::vector<PatternEdge>& edges,
                           const std::vector<int>& order) {
  std::vector<int> new_id(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) new_id[static_cast<std::size_t>(order[k])] = static_cast<int>(k);
  LabelledPattern p;
  p.labels.resize(labels.size());
  for (std::size_t k = 0; k < order.size(); ++k) p.labels[k] = labels[static_cast<std::size_t>(order[k])];
  for (const auto& [u, v] : edges) {
    const int a = new_id[static_cast<std::size_t>(u)], b = new_id[static_cast<std::size_t>(v)];
    p.edges.emplace_back(std::min(a, b), std::max(a, b));
  }
  std::sort(p.edges.begin(), p.edges.end());
  p.edges.erase(std::unique(p.edges.begin(), p.edges.end()), p.edges.end());
  return p;
}

bool connected(int n, const std::vector<PatternEdge>& edges) {
  if (n == 0) return false;
  std::vector<int> comp(static_cast<std::size_t>(n));
  std::iota(comp.begin(), comp.end(), 0);
  auto root = [&](int v) {
    while (comp[static_cast<std::size_t>(v)] != v) v = comp[static_cast<std::size_t>(v)];
    return v;
  };
  for (const auto& [u, v] : edges) comp[static_cast<std::size_t>(root(u))] = root(v);
  for (int v = 1; v < n; ++v)
    if (root(v) != root(0)) return false;
  return true;
}

}  // namespace

LabelledPattern canonical_form(const std::vector<label_t>& labels, const std::vector<PatternEdge>& edges) {
  const int n = static_cast<int>(labels.size());
  TESSERA_REQUIRE(n >= 2 && n <= k_max_pattern_vertices, "labelled patterns have 2..8 vertices, got " << n);
  // Only numberings with non-decreasing labels can be minimal; the others are skipped.
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  auto label_of = [&](int v) { return labels[static_cast<std::size_t>(v)]; };
  LabelledPattern best;
  bool first = true;
  do {
    bool sorted = true;
    for (int k = 1; k < n && sorted; ++k)
      sorted = label_of(order[static_cast<std::size_t>(k - 1)]) <= label_of(order[static_cast<std::size_t>(k)]);
    if (!sorted) continue;
    LabelledPattern p = renumbered(labels, edges, order);
    if (first || p < best) best = std::move(p);
    first = false;
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

Pattern to_mining_pattern(const LabelledPattern& p) {
  return Pattern(p.edges, "fsm-candidate", Induced::edge, p.labels, p.num_vertices());
}

std::string pattern_line(const LabelledPattern& p, count_t support) {
  std::ostringstream out;
  out << p.num_edges() << ' ' << support << " L";
  for (label_t l : p.labels) out << ' ' << l;
  out << " E";
  for (const auto& [u, v] : p.edges) out << ' ' << u << '-' << v;
  return out.str();
}

std::vector<LabelledPattern> one_edge_extensions(const LabelledPattern& p,
                                                 const std::vector<std::pair<label_t, label_t>>& edge_labels) {
  const int n = p.num_vertices();
  std::vector<LabelledPattern> out;
  auto add = [&](std::vector<label_t> labels, std::vector<PatternEdge> edges) {
    out.push_back(canonical_form(labels, edges));
  };
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (!std::binary_search(p.edges.begin(), p.edges.end(), PatternEdge{i, j})) {
        auto edges = p.edges;
        edges.emplace_back(i, j);
        add(p.labels, edges);
      }
  auto add_vertex = [&](int i, label_t l) {
    auto labels = p.labels;
    labels.push_back(l);
    auto edges = p.edges;
    edges.emplace_back(i, n);
    add(labels, edges);
  };
  if (n < k_max_pattern_vertices)
    for (int i = 0; i < n; ++i) {
      const label_t a = p.labels[static_cast<std::size_t>(i)];
      for (const auto& [x, y] : edge_labels) {
        if (x == a) add_vertex(i, y);
        if (y == a && x != y) add_vertex(i, x);
      }
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<LabelledPattern> one_edge_subpatterns(const LabelledPattern& p) {
  std::vector<LabelledPattern> out;
  if (p.num_edges() <= 1) return out;
  const int n = p.num_vertices();
  for (std::size_t e = 0; e < p.edges.size(); ++e) {
    std::vector<PatternEdge> edges = p.edges;
    edges.erase(edges.begin() + static_cast<std::ptrdiff_t>(e));
    std::vector<int> degree(static_cast<std::size_t>(n), 0);
    for (const auto& [u, v] : edges) ++degree[static_cast<std::size_t>(u)], ++degree[static_cast<std::size_t>(v)];
    // Drop the vertices left isolated (at most one: the pattern had more than one edge).
    std::vector<int> keep;
    for (int v = 0; v < n; ++v)
      if (degree[static_cast<std::size_t>(v)] > 0) keep.push_back(v);
    std::vector<int> new_id(static_cast<std::size_t>(n), -1);
    std::vector<label_t> labels;
    for (int v : keep) {
      new_id[static_cast<std::size_t>(v)] = static_cast<int>(labels.size());
      labels.push_back(p.labels[static_cast<std::size_t>(v)]);
    }
    for (auto& [u, v] : edges) u = new_id[static_cast<std::size_t>(u)], v = new_id[static_cast<std::size_t>(v)];
    if (!connected(static_cast<int>(labels.size()), edges)) continue;
    out.push_back(canonical_form(labels, edges));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace tessera::mining
