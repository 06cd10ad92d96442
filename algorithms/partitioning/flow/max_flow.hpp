#pragma once
// Maximum s-t flow on a small directed graph (host, sequential): shortest augmenting paths with
// distance labels (Ahuja and Orlin's algorithm, "ISAP") with integer capacities, so the flow and
// the cuts read from its residual graph are exact. The two extreme minimum cuts do not depend on
// which maximum flow is found (every maximum flow leaves the same nodes reachable from s, and the
// same nodes reaching t), so neither the order of the edges nor the augmenting paths chosen change
// them (determinism). Used by flow/flow_refine on the flow network of a region around the cut
// between two blocks; one MaxFlow is reset and reused for every network, so its arrays are
// allocated once per refinement, not once per flow.
#include <cstdint>
#include <vector>

namespace tessera::partitioning {

class MaxFlow {
 public:
  using cap_t = std::int64_t;
  static constexpr cap_t k_infinite = cap_t(1) << 60;  // above any sum of fixed-point net weights (< 2^50)

  explicit MaxFlow(int nodes = 0) { reset(nodes); }
  // An empty network of `nodes` nodes (the arrays keep their capacity).
  void reset(int nodes);
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
  void exact_labels(int t);

  // While adding: edge pairs (2j: u -> v, 2j + 1: v -> u) in from_, to_, cap_. build() moves them
  // into CSR arrays by tail (edges in adjacency order, so the searches read them sequentially):
  // arc i of node u (first_[u] <= i < first_[u + 1]) leads to head_[i] with residual capacity
  // residual_[i]; its reverse arc is partner_[i].
  std::vector<int> from_, to_;
  std::vector<cap_t> cap_;
  std::vector<int> first_, head_, partner_, slot_;
  std::vector<cap_t> residual_;
  // label_[v]: distance label, a lower bound on v's residual distance to t (nodes_: none);
  // count_[d]: nodes labelled d; next_[v]: v's current arc; path_: the arcs from s to the search's
  // node.
  std::vector<int> label_, count_, next_, queue_, path_;
  int nodes_ = 0;
  bool built_ = false;
};

}  // namespace tessera::partitioning
