#pragma once
// Block dissolution (constrained mode, issue 24): fewer blocks after refinement. The lightest
// non-empty block (ties: lowest id) is emptied node by node (in id order), each node moving to
// the valid block it shares the most net weight with (ties: lowest id; a block it shares nothing
// with when no neighbouring block has room), where valid means within Omega and Delta after the
// move; a block that cannot be emptied is restored and dissolution stops. Repeats while more than
// `target` blocks are non-empty.
//
// Why: `--fewest-blocks on` used to reach the one-pass packer's block count by packing a finer
// level, which costs connectivity everywhere; packing the coarsest level (the paper's clusters =
// blocks) and dissolving the few lightest blocks afterwards reaches the same count at lower
// connectivity (lenet 21 blocks: 6,997 before the last refinement against 7,183; 16k-model 16
// blocks: 18,906 against 19,088).
//
// Host code, sequential, deterministic (one function of the level and the partition). Block ids
// are kept (emptied blocks stay empty: compact_blocks renumbers). A node's choice and move cost
// one step per (net, block) pair of its nets, from per-net block counts built once in O(pins),
// not one per pin: rewired SNNs such as 64k-rand have about 700 pins a net.
#include <vector>

#include "algorithms/partitioning/common/level.hpp"
#include "algorithms/partitioning/common/partition_limits.hpp"

namespace tessera::partitioning {

struct DissolveStats {
  part_t dissolved = 0;   // blocks emptied
  part_t remaining = 0;   // non-empty blocks at the end
};

DissolveStats dissolve_blocks(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t num_parts,
                              const PartitionLimits& limits, part_t target);

}  // namespace tessera::partitioning
