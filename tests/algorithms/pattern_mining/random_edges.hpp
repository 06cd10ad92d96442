#pragma once
// Small random data graphs for the mining engine's tests: Erdős–Rényi G(n, p) plus a hub joined
// to a fraction of the vertices (so hub splitting triggers), optionally labelled from
// [0, num_labels). Deterministic for a seed.
#include <random>

#include "core/graph/edge_list.hpp"

namespace tessera::test {

inline EdgeList random_edges_with_hub(vid_t n, double p, unsigned seed, int num_labels = 0, double hub_fraction = 0.35) {
  std::mt19937 rng(seed);
  std::bernoulli_distribution coin(p), hub(hub_fraction);
  EdgeList e;
  e.num_vertices = n;
  for (vid_t u = 0; u < n; ++u)
    for (vid_t v = u + 1; v < n; ++v)
      if ((u == 0 && hub(rng)) || coin(rng)) {
        e.src.push_back(u);
        e.dst.push_back(v);
      }
  if (num_labels > 0) {
    std::uniform_int_distribution<label_t> pick(0, num_labels - 1);
    for (vid_t v = 0; v < n; ++v) e.labels.push_back(pick(rng));
  }
  return e;
}

}  // namespace tessera::test
