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
}

// Phase labels: residual distances to t by a backward breadth-first search, which stops after the
// layer of s (farther nodes lie on no shortest path; they keep nodes_, as do nodes that cannot
// reach t); every current arc back to the first.
void MaxFlow::phase_labels(int s, int t) {
  std::fill(label_.begin(), label_.end(), nodes_);
  queue_.clear();
  queue_.push_back(t);
  label_[t] = 0;
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const int w = queue_[head];
    if (label_[w] >= label_[s]) break;  // s's layer is complete
    for (int i = first_[w]; i < first_[w + 1]; ++i) {
      const int v = head_[i];  // the arc v -> w is i's partner
      if (label_[v] == nodes_ && residual_[partner_[i]] > 0) {
        label_[v] = label_[w] + 1;
        queue_.push_back(v);
      }
    }
  }
  std::copy(first_.begin(), first_.end() - 1, next_.begin());
}

// Dinic's algorithm: phases of a backward breadth-first search (phase_labels) and a blocking flow
// along admissible arcs (residual capacity, label one lower), until t is out of reach from s. The
// blocking flow is a depth-first search from s whose path is a stack of arcs (no recursion: paths
// can be thousands of arcs long): at t the path is augmented and the search resumes from the tail
// of its first saturated arc; a node left without an admissible arc is dead for the phase (label
// nodes_) and the search steps back. It replaced shortest augmenting paths with local relabels
// (ISAP), whose labels climbed one step at a time: ibm07 at k = 2 relabelled some 6 n nodes per
// flow for about 800 augmentations (issue 25).
MaxFlow::cap_t MaxFlow::run(int s, int t) {
  if (!built_) build();
  cap_t flow = 0;
  for (phase_labels(s, t); label_[s] < nodes_; phase_labels(s, t)) flow += blocking_flow(s, t);
  return flow;
}

MaxFlow::cap_t MaxFlow::blocking_flow(int s, int t) {
  cap_t flow = 0;
  path_.clear();
  int u = s;
  for (;;) {
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
    if (u == s) return flow;  // no admissible path left: the phase is blocked
    label_[u] = nodes_;       // dead end
    u = head_[partner_[path_.back()]];
    path_.pop_back();
  }
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
