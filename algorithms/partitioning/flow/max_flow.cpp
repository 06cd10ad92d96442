#include "algorithms/partitioning/flow/max_flow.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace tessera::partitioning {

void MaxFlow::reset(int nodes) {
  nodes_ = nodes;
  built_ = false;
  from_.clear();
  to_.clear();
  cap_.clear();
}

void MaxFlow::add_edge(int u, int v, cap_t cap, cap_t reverse_cap) {
  TESSERA_REQUIRE(!built_ && u >= 0 && v >= 0 && u < nodes_ && v < nodes_ && u != v, "bad flow edge " << u << " -> " << v);
  from_.push_back(u);
  to_.push_back(v);
  cap_.push_back(cap);
  from_.push_back(v);
  to_.push_back(u);
  cap_.push_back(reverse_cap);
}

void MaxFlow::build() {
  built_ = true;
  const std::size_t arcs = from_.size();
  first_.assign(nodes_ + 1, 0);
  for (const int u : from_) ++first_[u + 1];
  for (int v = 0; v < nodes_; ++v) first_[v + 1] += first_[v];
  slot_.resize(arcs);  // edge -> its arc, in insertion order per tail
  next_.assign(first_.begin(), first_.end() - 1);
  for (std::size_t e = 0; e < arcs; ++e) slot_[e] = next_[from_[e]]++;
  head_.resize(arcs);
  partner_.resize(arcs);
  residual_.resize(arcs);
  for (std::size_t e = 0; e < arcs; ++e) {
    const int i = slot_[e];
    head_[i] = to_[e];
    residual_[i] = cap_[e];
    partner_[i] = slot_[e ^ 1];
  }
  label_.resize(nodes_);
  count_.resize(nodes_ + 1);
}

// Exact labels: residual distances to t by a backward breadth-first search (nodes_ where t is out
// of reach), every current arc back to the first.
void MaxFlow::exact_labels(int t) {
  std::fill(label_.begin(), label_.end(), nodes_);
  std::fill(count_.begin(), count_.end(), 0);
  queue_.clear();
  queue_.push_back(t);
  label_[t] = 0;
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const int w = queue_[head];
    for (int i = first_[w]; i < first_[w + 1]; ++i) {
      const int v = head_[i];  // the arc v -> w is i's partner
      if (label_[v] == nodes_ && residual_[partner_[i]] > 0) {
        label_[v] = label_[w] + 1;
        queue_.push_back(v);
      }
    }
  }
  for (int v = 0; v < nodes_; ++v) ++count_[label_[v]];
  std::copy(first_.begin(), first_.end() - 1, next_.begin());
}

// Shortest augmenting paths: a depth-first search from s along admissible arcs (residual capacity,
// label one lower), its path kept as a stack of arcs (no recursion: paths can be thousands of arcs
// long). At t the path is augmented and the search resumes from the tail of its first saturated
// arc; at a node without an admissible arc the node is relabelled (one above its lowest residual
// neighbour) and the search steps back. Labels stay lower bounds on the distance to t, so when no
// node holds some label below s's (a gap), no augmenting path is left and the flow is maximum.
// After as many relabels as nodes, the labels are made exact again (the local relabels raise them
// one step at a time; one backward search raises them all at once).
MaxFlow::cap_t MaxFlow::run(int s, int t) {
  if (!built_) build();
  exact_labels(t);
  cap_t flow = 0;
  path_.clear();
  int u = s, relabels = 0;
  while (label_[s] < nodes_) {
    if (u == t) {
      cap_t bottleneck = k_infinite;
      for (const int i : path_) bottleneck = std::min(bottleneck, residual_[i]);
      std::size_t cut = path_.size();
      for (std::size_t j = 0; j < path_.size(); ++j) {
        const int i = path_[j];
        residual_[i] -= bottleneck;
        residual_[partner_[i]] += bottleneck;
        if (residual_[i] == 0 && cut == path_.size()) cut = j;
      }
      flow += bottleneck;
      path_.resize(cut);
      u = cut == 0 ? s : head_[path_.back()];
      continue;
    }
    const int below = label_[u] - 1;
    int& i = next_[u];
    while (i < first_[u + 1] && !(residual_[i] > 0 && label_[head_[i]] == below)) ++i;
    if (i < first_[u + 1]) {  // advance
      path_.push_back(i);
      u = head_[i];
      continue;
    }
    int lowest = nodes_;  // relabel
    for (int j = first_[u]; j < first_[u + 1]; ++j)
      if (residual_[j] > 0) lowest = std::min(lowest, label_[head_[j]] + 1);
    if (--count_[label_[u]] == 0) break;  // gap: s (at or above u's old label) cannot reach t
    label_[u] = std::min(lowest, nodes_);
    ++count_[label_[u]];
    i = first_[u];
    if (++relabels == nodes_) {
      relabels = 0;
      exact_labels(t);
      path_.clear();
      u = s;
    } else if (u != s) {  // retreat
      u = head_[partner_[path_.back()]];
      path_.pop_back();
    }
  }
  return flow;
}

// The nodes that reach (`towards`) or are reached from `from` along arcs with residual capacity.
// Node u's arc i = u -> w: forwards the residual of i counts, backwards that of its partner w -> u.
std::vector<char> MaxFlow::residual_reach(int from, bool towards) const {
  std::vector<char> seen(nodes_, 0);
  std::vector<int> stack{from};
  seen[from] = 1;
  while (!stack.empty()) {
    const int u = stack.back();
    stack.pop_back();
    for (int i = first_[u]; i < first_[u + 1]; ++i) {
      const int w = head_[i];
      if (residual_[towards ? partner_[i] : i] > 0 && !seen[w]) {
        seen[w] = 1;
        stack.push_back(w);
      }
    }
  }
  return seen;
}

std::vector<char> MaxFlow::source_side(int s) const { return residual_reach(s, false); }

std::vector<char> MaxFlow::sink_side(int t) const { return residual_reach(t, true); }

}  // namespace tessera::partitioning
