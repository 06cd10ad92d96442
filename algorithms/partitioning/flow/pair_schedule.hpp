#pragma once
// The order in which flow refinement (flow_refine.hpp) visits block pairs, and how they run side
// by side. Host code, one function of the pairs: the same on every thread count.
#include <cstddef>
#include <utility>
#include <vector>

#include "core/types.hpp"

namespace tessera::partitioning {

// The permutation that sorts `pairs` (a < b, each at most once) by round of the circle-method
// round robin over k blocks, then by block ids. Each round is a matching: k / 2 disjoint pairs
// (k even), (k - 1) / 2 with one block idle (k odd), so a batch can hold up to k / 2 pairs
// (against one or two in block order).
std::vector<std::size_t> tournament_order(const std::vector<std::pair<part_t, part_t>>& pairs, part_t k);

// The pairs in order, cut into batches of pairs with disjoint blocks: a pair joins the current
// batch when neither of its blocks is taken by a pair of the batch or by an earlier pair left for
// a later batch. Every block thus sees its pairs in the given order, so running a batch's pairs
// side by side gives the sequential result.
std::vector<std::vector<std::size_t>> disjoint_batches(const std::vector<std::pair<part_t, part_t>>& pairs, part_t k);

}  // namespace tessera::partitioning
