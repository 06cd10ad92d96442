#pragma once
// Maximum s-t flow on a small directed graph (host, sequential): Dinic's algorithm with integer
// capacities, so the flow and the cuts read from its residual graph are exact and depend only on
// the order in which the edges were added (determinism). Used by flow/flow_refine on the flow
// network of a region around the cut between two blocks.
#include <cstdint>
#include <vector>

namespace tessera::partitioning {

class MaxFlow {
 public:
  using cap_t = std::int64_t;
  static constexpr cap_t k_infinite = cap_t(1) << 60;  // above any sum of fixed-point net weights (< 2^50)

  explicit MaxFlow(int nodes = 0) : nodes_(nodes) {}
  int num_nodes() const { return nodes_; }
  int add_node() { return nodes_++; }  // before the first edge that uses it

  // An edge u -> v of capacity cap and its reverse v -> u of capacity reverse_cap (an undirected
  // edge when both are equal). Edges are added before the first call to run().
  void add_edge(int u, int v, cap_t cap, cap_t reverse_cap = 0);

  // Pushes the maximum flow from s to t; returns its value.
  cap_t run(int s, int t);

  // After run(): reached[v] = 1 when v is reachable from s in the residual graph (the source side
  // of the minimum cut closest to s).
  std::vector<char> source_side(int s) const;
  // After run(): reaches[v] = 1 when t is reachable from v in the residual graph (the sink side of
  // the minimum cut closest to t).
  std::vector<char> sink_side(int t) const;

 private:
  std::vector<char> residual_reach(int from, bool towards) const;
  void build();
  bool levels_from(int s, int t);
  cap_t augment(int s, int t);

  std::vector<int> from_, to_;  // edge list while adding; then edge e's head to_[e], partner e ^ 1
  std::vector<cap_t> cap_;
  std::vector<int> first_, order_;  // CSR of edge ids by tail, built once
  std::vector<int> level_, next_;
  int nodes_ = 0;
  bool built_ = false;
};

}  // namespace tessera::partitioning
