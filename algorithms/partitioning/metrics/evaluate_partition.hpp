#pragma once
// Quality and validity of a partition of a (directed) hypergraph, computed on an execution space
// (paper 3: objective Eq. 1 and the Omega / Delta constraints of §II-B; cut-net Eq. 16, §VII-A).
//
// Input: `parts(n)` is node n's block, one entry per node, every id in [0, num_nodes); k is the
// largest id + 1 (blocks below it that no node uses are empty). Throws UserError otherwise.
//
// Kernels: pins are tagged with their block (and whether they are destinations), each net's
// tags are sorted, then one team per net counts its distinct blocks lambda(e) and the blocks
// it is inbound to. Every sum is over integers, so the result does not depend on the backend,
// thread count or scheduling: block weights and inbound counts are integral, and the net-weight
// sums (km1, cut-net) are accumulated in 64-bit fixed point with 2^s units, s chosen from
// max|w(e)| * |pins| so nothing overflows. They are exact when every net weight is a multiple
// of 2^-s (integers always are) and the result is below 2^53; otherwise each w(e) is rounded
// to that grid, still deterministically.
#include <Kokkos_Core.hpp>

#include "algorithms/partitioning/metrics/partition_constraints.hpp"
#include "algorithms/partitioning/metrics/partition_quality.hpp"
#include "core/hypergraph/hypergraph.hpp"

namespace tessera {

template <class ExecSpace>
PartitionQuality evaluate_partition(const ExecSpace& space, const Hypergraph<typename ExecSpace::memory_space>& h,
                                    const Kokkos::View<const part_t*, typename ExecSpace::memory_space>& parts,
                                    const PartitionConstraints& constraints = {});

}  // namespace tessera
