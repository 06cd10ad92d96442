#pragma once
// Directed, weighted hypergraph (paper 3, §II and §IV-B).
//
// Two compressed sparse structures, as the paper lays them out:
//   nets  -> pins:           each net's pins with its sources first, then its destinations;
//                            net_num_sources[e] = |src(e)|
//   nodes -> incident nets:  each node's inbound nets first (nets where it is a destination),
//                            then outbound; node_num_inbound[n] = |in(n)|
// An undirected hypergraph (hMETIS) is stored with no sources: every pin is a destination, so
// in(n) is every incident net. Pins of a net are distinct, and src(e) and dst(e) are disjoint.
#include <Kokkos_Core.hpp>

#include "core/types.hpp"

namespace tessera {

template <class MemorySpace>
struct Hypergraph {
  using memory_space = MemorySpace;

  vid_t num_nodes = 0;
  bool directed = false;

  Kokkos::View<eid_t*, memory_space> net_offsets;      // num_nets + 1
  Kokkos::View<vid_t*, memory_space> pins;             // sources first within each net
  Kokkos::View<vid_t*, memory_space> net_num_sources;  // |src(e)|
  Kokkos::View<weight_t*, memory_space> net_weights;   // w(e); always sized (unit weights by default)

  Kokkos::View<eid_t*, memory_space> node_offsets;     // num_nodes + 1
  Kokkos::View<nid_t*, memory_space> incident_nets;    // inbound first within each node
  Kokkos::View<nid_t*, memory_space> node_num_inbound; // |in(n)|
  Kokkos::View<node_weight_t*, memory_space> node_weights;  // always sized (unit by default)

  KOKKOS_INLINE_FUNCTION nid_t num_nets() const {
    return net_offsets.extent(0) == 0 ? 0 : static_cast<nid_t>(net_offsets.extent(0) - 1);
  }
  KOKKOS_INLINE_FUNCTION eid_t num_pins() const { return static_cast<eid_t>(pins.extent(0)); }
};

using HostHypergraph = Hypergraph<Kokkos::HostSpace>;
using DeviceHypergraph = Hypergraph<Kokkos::DefaultExecutionSpace::memory_space>;

template <class TargetSpace, class SourceSpace>
Hypergraph<TargetSpace> mirror_hypergraph(const Hypergraph<SourceSpace>& h) {
  Hypergraph<TargetSpace> out;
  out.num_nodes = h.num_nodes;
  out.directed = h.directed;
  out.net_offsets = Kokkos::create_mirror_view_and_copy(TargetSpace{}, h.net_offsets);
  out.pins = Kokkos::create_mirror_view_and_copy(TargetSpace{}, h.pins);
  out.net_num_sources = Kokkos::create_mirror_view_and_copy(TargetSpace{}, h.net_num_sources);
  out.net_weights = Kokkos::create_mirror_view_and_copy(TargetSpace{}, h.net_weights);
  out.node_offsets = Kokkos::create_mirror_view_and_copy(TargetSpace{}, h.node_offsets);
  out.incident_nets = Kokkos::create_mirror_view_and_copy(TargetSpace{}, h.incident_nets);
  out.node_num_inbound = Kokkos::create_mirror_view_and_copy(TargetSpace{}, h.node_num_inbound);
  out.node_weights = Kokkos::create_mirror_view_and_copy(TargetSpace{}, h.node_weights);
  return out;
}

}  // namespace tessera
