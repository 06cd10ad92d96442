#include "algorithms/partitioning/flow/max_flow.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace tessera::partitioning {

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
  first_.assign(nodes_ + 1, 0);
  for (const int u : from_) ++first_[u + 1];
  for (int v = 0; v < nodes_; ++v) first_[v + 1] += first_[v];
  order_.resize(from_.size());
  std::vector<int> at(first_.begin(), first_.end() - 1);
  for (std::size_t e = 0; e < from_.size(); ++e) order_[at[from_[e]]++] = static_cast<int>(e);  // edges in insertion order per tail
  level_.assign(nodes_, -1);
  next_.assign(nodes_, 0);
}

bool MaxFlow::levels_from(int s, int t) {
  std::fill(level_.begin(), level_.end(), -1);
  std::vector<int> queue{s};
  level_[s] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int u = queue[head];
    for (int i = first_[u]; i < first_[u + 1]; ++i) {
      const int e = order_[i];
      if (cap_[e] > 0 && level_[to_[e]] < 0) {
        level_[to_[e]] = level_[u] + 1;
        queue.push_back(to_[e]);
      }
    }
  }
  return level_[t] >= 0;
}

// Blocking flow in the level graph: depth-first paths from s, kept as a stack of edges (no
// recursion: paths can be thousands of edges long); after an augmentation the search resumes
// from the tail of the first saturated edge, and a node with no way forward leaves the level graph.
MaxFlow::cap_t MaxFlow::augment(int s, int t) {
  cap_t total = 0;
  std::vector<int> path;
  for (int v = 0; v < nodes_; ++v) next_[v] = first_[v];
  int u = s;
  while (true) {
    if (u == t) {
      cap_t bottleneck = k_infinite;
      for (const int e : path) bottleneck = std::min(bottleneck, cap_[e]);
      std::size_t cut = path.size();
      for (std::size_t j = 0; j < path.size(); ++j) {
        cap_[path[j]] -= bottleneck;
        cap_[path[j] ^ 1] += bottleneck;
        if (cap_[path[j]] == 0 && cut == path.size()) cut = j;
      }
      total += bottleneck;
      path.resize(cut);
      u = cut == 0 ? s : to_[path.back()];
      continue;
    }
    bool advanced = false;
    for (; next_[u] < first_[u + 1]; ++next_[u]) {
      const int e = order_[next_[u]];
      if (cap_[e] > 0 && level_[to_[e]] == level_[u] + 1) {
        path.push_back(e);
        u = to_[e];
        advanced = true;
        break;
      }
    }
    if (advanced) continue;
    level_[u] = -1;  // dead end
    if (path.empty()) return total;
    const int e = path.back();
    path.pop_back();
    u = to_[e ^ 1];
    ++next_[u];
  }
}

MaxFlow::cap_t MaxFlow::run(int s, int t) {
  if (!built_) build();
  cap_t flow = 0;
  while (levels_from(s, t)) flow += augment(s, t);
  return flow;
}

// The nodes that reach (`towards`) or are reached from `from` along edges with residual capacity.
// Node u's edges e = u -> w: forwards the residual of e counts, backwards that of its partner
// e ^ 1 = w -> u.
std::vector<char> MaxFlow::residual_reach(int from, bool towards) const {
  std::vector<char> seen(nodes_, 0);
  std::vector<int> stack{from};
  seen[from] = 1;
  while (!stack.empty()) {
    const int u = stack.back();
    stack.pop_back();
    for (int i = first_[u]; i < first_[u + 1]; ++i) {
      const int e = order_[i];
      const int w = to_[e];
      if (cap_[towards ? e ^ 1 : e] > 0 && !seen[w]) {
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
