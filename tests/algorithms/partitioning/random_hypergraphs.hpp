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

// The shape of local_nets' nets: each has one source and `draws` destinations drawn from the
// `reach` ids after it (draws uniform in [min_draws, max_draws]; duplicates and the source
// dropped), weight 1 + e % weight_cycle; `shuffled` leaves each net's destinations unsorted.
struct LocalNets {
  int min_draws = 2, max_draws = 14;
  vid_t reach = 40;
  int weight_cycle = 1;
  bool shuffled = false;
};

// n nodes and m nets of the given shape. The coarsening tests use it for levels of a chosen
// character: nets that shrink to a scored size under contraction, nets above a pair window, or
// a dense tail of few nodes with many nets each. Deterministic for a seed.
inline HostHypergraph local_nets(vid_t n, nid_t m, const LocalNets& shape, unsigned seed) {
  std::mt19937 rng(seed);
  HypergraphInput in;
  in.num_nodes = n;
  in.directed = true;
  for (nid_t e = 0; e < m; ++e) {
    const vid_t src = static_cast<vid_t>(rng() % n);
    const int spread = shape.max_draws - shape.min_draws;
    const int draws = shape.min_draws + (spread > 0 ? static_cast<int>(rng() % unsigned(spread + 1)) : 0);
    std::vector<vid_t> dst;
    for (int k = 0; k < draws; ++k) dst.push_back((src + 1 + static_cast<vid_t>(rng() % shape.reach)) % n);
    std::sort(dst.begin(), dst.end());
    dst.erase(std::unique(dst.begin(), dst.end()), dst.end());
    dst.erase(std::remove(dst.begin(), dst.end(), src), dst.end());
    if (shape.shuffled) {
      std::mt19937 order(seed + static_cast<unsigned>(e));
      std::shuffle(dst.begin(), dst.end(), order);
    }
    in.add_net({src}, dst, 1.0 + static_cast<double>(e % shape.weight_cycle));
  }
  return build_hypergraph(in);
}

}  // namespace tessera::test
