// flow/max_flow: the maximum flow on graphs whose value and minimum cuts are known by hand,
// the two extreme minimum cuts (closest to the source, closest to the sink), and undirected edges.
#include <doctest/doctest.h>

#include <vector>

#include "algorithms/partitioning/flow/max_flow.hpp"

using tessera::partitioning::MaxFlow;

TEST_CASE("max flow: the textbook network (CLRS Fig. 26.1) has value 23") {
  MaxFlow f(6);  // s = 0, v1..v4 = 1..4, t = 5
  f.add_edge(0, 1, 16);
  f.add_edge(0, 2, 13);
  f.add_edge(2, 1, 4);
  f.add_edge(1, 3, 12);
  f.add_edge(3, 2, 9);
  f.add_edge(2, 4, 14);
  f.add_edge(4, 3, 7);
  f.add_edge(3, 5, 20);
  f.add_edge(4, 5, 4);
  CHECK(f.run(0, 5) == 23);
  // The minimum cut {s, v1, v2, v4} | {v3, t}: 12 + 7 + 4 = 23, the only one.
  CHECK(f.source_side(0) == std::vector<char>{1, 1, 1, 0, 1, 0});
  CHECK(f.sink_side(5) == std::vector<char>{0, 0, 0, 1, 0, 1});
}

TEST_CASE("max flow: a path of undirected edges has two extreme minimum cuts") {
  // s - a (5) - b (2) - c (2) - t (5): value 2, cut at a-b (closest to s) or b-c (closest to t).
  MaxFlow f(5);  // s = 0, a = 1, b = 2, c = 3, t = 4
  f.add_edge(0, 1, 5, 5);
  f.add_edge(1, 2, 2, 2);
  f.add_edge(2, 3, 2, 2);
  f.add_edge(3, 4, 5, 5);
  CHECK(f.run(0, 4) == 2);
  CHECK(f.source_side(0) == std::vector<char>{1, 1, 0, 0, 0});
  CHECK(f.sink_side(4) == std::vector<char>{0, 0, 0, 1, 1});
}

TEST_CASE("max flow: nodes added after construction, infinite edges, no path") {
  MaxFlow f;
  const int s = f.add_node(), t = f.add_node(), in = f.add_node(), out = f.add_node();
  // One net {s, t} in Lawler's expansion: s -> in (inf), in -> out (3), out -> t (inf).
  f.add_edge(s, in, MaxFlow::k_infinite);
  f.add_edge(in, out, 3);
  f.add_edge(out, t, MaxFlow::k_infinite);
  CHECK(f.num_nodes() == 4);
  CHECK(f.run(s, t) == 3);
  MaxFlow none(3);
  none.add_edge(0, 1, 4);
  CHECK(none.run(0, 2) == 0);
  CHECK(none.source_side(0) == std::vector<char>{1, 1, 0});
}

namespace {

// Reference: Edmonds-Karp on an adjacency matrix (shortest augmenting paths, one at a time).
struct ReferenceFlow {
  std::vector<std::vector<MaxFlow::cap_t>> residual;
  explicit ReferenceFlow(int n) : residual(n, std::vector<MaxFlow::cap_t>(n, 0)) {}
  MaxFlow::cap_t run(int s, int t) {
    const int n = static_cast<int>(residual.size());
    MaxFlow::cap_t total = 0;
    while (true) {
      std::vector<int> parent(n, -1);
      std::vector<int> queue{s};
      parent[s] = s;
      for (std::size_t h = 0; h < queue.size() && parent[t] < 0; ++h)
        for (int w = 0; w < n; ++w)
          if (residual[queue[h]][w] > 0 && parent[w] < 0) {
            parent[w] = queue[h];
            queue.push_back(w);
          }
      if (parent[t] < 0) return total;
      MaxFlow::cap_t bottleneck = MaxFlow::k_infinite;
      for (int v = t; v != s; v = parent[v]) bottleneck = std::min(bottleneck, residual[parent[v]][v]);
      for (int v = t; v != s; v = parent[v]) {
        residual[parent[v]][v] -= bottleneck;
        residual[v][parent[v]] += bottleneck;
      }
      total += bottleneck;
    }
  }
  std::vector<char> reach(int from, bool towards) const {
    const int n = static_cast<int>(residual.size());
    std::vector<char> seen(n, 0);
    std::vector<int> stack{from};
    seen[from] = 1;
    while (!stack.empty()) {
      const int u = stack.back();
      stack.pop_back();
      for (int w = 0; w < n; ++w)
        if ((towards ? residual[w][u] : residual[u][w]) > 0 && !seen[w]) {
          seen[w] = 1;
          stack.push_back(w);
        }
    }
    return seen;
  }
};

}  // namespace

TEST_CASE("max flow: random networks have the value and the extreme minimum cuts of a reference") {
  // Every maximum flow leaves the same nodes reachable from s and reaching t, so the cuts must
  // match the reference's exactly, whichever augmenting paths either one takes. Small capacities
  // make many minimum cuts; parallel edges and undirected edges are included.
  std::uint64_t state = 12345;
  auto next = [&](int bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(bound));
  };
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 2 + next(30), m = next(4 * n);
    MaxFlow f(n);
    ReferenceFlow r(n);
    for (int j = 0; j < m; ++j) {
      const int u = next(n), v = next(n);
      if (u == v) continue;
      const MaxFlow::cap_t c = next(4), back = next(3) == 0 ? c : 0;
      f.add_edge(u, v, c, back);
      r.residual[u][v] += c;
      r.residual[v][u] += back;
    }
    const int s = 0, t = n - 1;
    CHECK(f.run(s, t) == r.run(s, t));
    CHECK(f.source_side(s) == r.reach(s, false));
    CHECK(f.sink_side(t) == r.reach(t, true));
  }
}
