#pragma once
// Constrained-mode runs for the partitioner tests: the small VGG under small cores on which several
// tests pin their partitions (Omega 128, Delta 512: 31 blocks), parameters with given Omega and
// Delta, and a run with its quality under those constraints.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"

namespace tessera::test {

inline constexpr const char* k_small_vgg = "gen:nn:vgg,input=16,width=0.0625";

inline PartitionParams constrained_params(node_weight_t omega, std::int64_t delta) {
  PartitionParams p;
  p.mode = PartitionMode::constrained;
  p.max_block_weight = omega;
  p.max_inbound_nets = delta;
  return p;
}

template <class Space>
struct ConstrainedRun {
  PartitionResult<typename Space::memory_space> result;
  PartitionQuality quality;
};

// Partitions h with p on Space and evaluates the partition under p's constraints.
template <class Space = Kokkos::DefaultExecutionSpace>
ConstrainedRun<Space> run_and_evaluate(const Hypergraph<typename Space::memory_space>& h, const PartitionParams& p) {
  ConstrainedRun<Space> r;
  r.result = partition_hypergraph(Space{}, h, p);
  r.quality = evaluate_partition(Space{}, h, Kokkos::View<const part_t*, typename Space::memory_space>(r.result.parts),
                                 constraints_of(p));
  return r;
}

}  // namespace tessera::test
