// flow/max_flow: Dinic's maximum flow on graphs whose value and minimum cuts are known by hand,
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
