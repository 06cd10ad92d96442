#pragma once
// Random directed hypergraphs with local structure for the partitioner tests: nets with one
// source and 1..max_dst destinations near it (so coarsening has something to find), unit node
// weights unless weighted. Deterministic for a seed.
#include <algorithm>
#include <random>
#include <vector>

#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::test {

inline HostHypergraph random_local_hypergraph(vid_t n, nid_t m, int max_dst, unsigned seed, bool weighted = false) {
  std::mt19937 rng(seed);
  HypergraphInput in;
  in.num_nodes = n;
  in.directed = true;
  std::uniform_int_distribution<vid_t> node(0, n - 1);
  std::uniform_int_distribution<int> size(1, max_dst);
  for (nid_t e = 0; e < m; ++e) {
    const vid_t src = node(rng);
    std::vector<vid_t> dst;
    const int s = size(rng);
    for (int i = 0; i < s; ++i) dst.push_back((src + 1 + static_cast<vid_t>(rng() % 40)) % n);
    std::sort(dst.begin(), dst.end());
    dst.erase(std::unique(dst.begin(), dst.end()), dst.end());
    dst.erase(std::remove(dst.begin(), dst.end(), src), dst.end());
    in.add_net({src}, dst, weighted ? 1 + static_cast<double>(rng() % 4) : 1.0);
  }
  if (weighted) {
    in.node_weights.resize(n);
    for (auto& w : in.node_weights) w = 1 + static_cast<node_weight_t>(rng() % 3);
  }
  return build_hypergraph(in);
}

}  // namespace tessera::test
