#pragma once
// The finest partitioner Level of a hypergraph, for the phase tests (packing, refinement). Built
// without a kernel: the driver's make_finest_level is one, instantiated in its own .cpp file only
// (core/kokkos_ext/instantiate.hpp says why). Net weights become integer scores (shift 0, as
// for unit weights).
#include <Kokkos_Core.hpp>

#include "algorithms/partitioning/common/level.hpp"
#include "core/hypergraph/hypergraph.hpp"

namespace tessera::test {

template <class MemorySpace>
partitioning::Level<MemorySpace> host_built_level(const Hypergraph<MemorySpace>& h) {
  partitioning::Level<MemorySpace> L;
  L.num_nodes = h.num_nodes;
  L.num_nets = h.num_nets();
  L.net_offsets = h.net_offsets;
  L.pins = h.pins;
  L.net_num_sources = h.net_num_sources;
  L.node_offsets = h.node_offsets;
  L.incident_nets = h.incident_nets;
  L.node_num_inbound = h.node_num_inbound;
  L.node_weights = h.node_weights;
  const auto weights = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, h.net_weights);
  Kokkos::View<partitioning::score_t*, Kokkos::HostSpace> scores("test::net_w", L.num_nets);
  for (nid_t e = 0; e < L.num_nets; ++e) scores(e) = static_cast<partitioning::score_t>(weights(e));
  L.net_weights = Kokkos::create_mirror_view_and_copy(MemorySpace{}, scores);
  return L;
}

}  // namespace tessera::test
