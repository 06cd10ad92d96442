#pragma once
// k-way initial partitioning by recursive bisection (issue 25), host code for the k-way coarsest
// level (about 160 k nodes). Direct k-way greedy growing grows blocks one after the other, so the
// last blocks get what the first left over, scattered; FM then has to repair k-way structure with
// single-node moves. Bisection splits the node set into two halves of k1 = ceil(k'/2) and
// k2 = floor(k'/2) blocks, each the best of `trials` seeded 2-way greedy growings polished by 2-way
// FM (initial/fm_refine), then recurses on each half's induced sub-hypergraph. With the cut
// objective the sub-hypergraphs keep only the nets entirely inside them (a net cut once stays cut,
// whatever later splits do); with km1 nets are restricted to their pins inside (cut-net splitting).
// The imbalance budget is split over the ceil(log2 k) levels of bisection, as KaHyPar's recursive
// bisection does: each side may weigh (1 + eps') ceil(W_S k_i / k'), eps' = (1+eps)^(1/ceil(log2 k)) - 1,
// so that the products stay within (1 + eps) of the balanced block weight; coarse nodes are lumpy,
// so a block can still exceed Omega and the caller repairs (repair_overweight). Deterministic:
// sequential, integer gains, seeds from (seed, first block, k', trial), ties by id.
#include <cstdint>
#include <vector>

#include "algorithms/partitioning/initial/fm_refine.hpp"

namespace tessera::partitioning {

struct BisectionOptions {
  int trials = 4;          // seeded greedy growings per bisection, each polished by FM
  double epsilon = 0.03;   // the whole partition's imbalance (split over the levels)
  std::uint64_t seed = 0;
  FmOptions fm;            // objective and FM stop of the 2-way FM
};

// eps' = (1 + eps)^(1 / ceil(log2 k)) - 1 (eps itself for k <= 2).
double bisection_epsilon(double epsilon, part_t k);

// Blocks 0..k-1 of L's nodes by recursive bisection.
std::vector<part_t> recursive_bisection(const Level<Kokkos::HostSpace>& L, part_t k, const BisectionOptions& o);

}  // namespace tessera::partitioning
