#pragma once
// One level of the multilevel hierarchy (paper 3, §III and §IV-B): the hypergraph of that level
// in the paper's layout (nets -> pins with sources first, each part ascending: sorted_pins.hpp;
// nodes -> nets with inbound first, the secondary offsets), with integer weights so every score,
// gain and sum below is exact and does not depend on summation order (determinism across thread
// counts and backends).
//
// Net weights are fixed point: w_fix(e) = round(w(e) * 2^shift), shift chosen from the input so
// that sums over all pins stay far below 2^62 (see fixed_point_shift). Integral weights with
// shift >= 0 are exact. Node weights are the integral node weights of the input (sizes).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

#include "core/types.hpp"

namespace tessera::partitioning {

using score_t = std::int64_t;  // fixed-point net weights, gains, coarsening scores

template <class MemorySpace>
struct Level {
  using memory_space = MemorySpace;
  vid_t num_nodes = 0;
  nid_t num_nets = 0;
  Kokkos::View<eid_t*, memory_space> net_offsets;      // num_nets + 1
  Kokkos::View<vid_t*, memory_space> pins;             // sources first
  Kokkos::View<vid_t*, memory_space> net_num_sources;  // |src(e)|
  Kokkos::View<score_t*, memory_space> net_weights;    // fixed point
  Kokkos::View<eid_t*, memory_space> node_offsets;     // num_nodes + 1
  Kokkos::View<nid_t*, memory_space> incident_nets;    // inbound first
  Kokkos::View<nid_t*, memory_space> node_num_inbound; // |in(n)|
  Kokkos::View<node_weight_t*, memory_space> node_weights;
  // Owns the arrays above when allocate_level carved them from one allocation (coarse levels);
  // empty when they are the input's own Views.
  Kokkos::View<std::int64_t*, memory_space> storage;

  eid_t num_pins() const { return static_cast<eid_t>(pins.extent(0)); }
};

// A level's arrays carved from one allocation: on GPUs every allocation synchronises with the
// device (and Kokkos copies its header to it), and a coarse level used to make ten of them.
template <class MemorySpace>
Level<MemorySpace> allocate_level(vid_t nodes, nid_t nets, eid_t pins) {
  Level<MemorySpace> L;
  L.num_nodes = nodes;
  L.num_nets = nets;
  auto words = [](std::int64_t count, std::size_t size) { return (count * std::int64_t(size) + 7) / 8; };
  const std::int64_t total = words(std::int64_t(nets) + 1, sizeof(eid_t)) + words(pins, sizeof(vid_t)) +
                             words(nets, sizeof(vid_t)) + words(nets, sizeof(score_t)) +
                             words(pins, sizeof(nid_t)) + words(nodes, sizeof(nid_t)) +
                             words(nodes, sizeof(node_weight_t)) + words(std::int64_t(nodes) + 1, sizeof(eid_t));
  L.storage = Kokkos::View<std::int64_t*, MemorySpace>(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::level"), total > 0 ? total : 1);
  std::int64_t next = 0;  // in 8-byte words, so every array stays 8-byte aligned
  auto carve = [&](auto& view, std::int64_t count) {
    using view_type = std::remove_reference_t<decltype(view)>;
    using value_type = typename view_type::value_type;
    view = view_type(reinterpret_cast<value_type*>(L.storage.data() + next), count);
    next += words(count, sizeof(value_type));
  };
  carve(L.net_offsets, std::int64_t(nets) + 1);
  carve(L.pins, pins);
  carve(L.net_num_sources, nets);
  carve(L.net_weights, nets);
  carve(L.node_offsets, std::int64_t(nodes) + 1);
  carve(L.incident_nets, pins);
  carve(L.node_num_inbound, nodes);
  carve(L.node_weights, nodes);
  return L;
}

// A host copy of a level (initial partitioning and FM run on the host).
template <class MemorySpace>
Level<Kokkos::HostSpace> host_copy(const Level<MemorySpace>& L) {
  Level<Kokkos::HostSpace> H;
  H.num_nodes = L.num_nodes;
  H.num_nets = L.num_nets;
  H.net_offsets = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.net_offsets);
  H.pins = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.pins);
  H.net_num_sources = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.net_num_sources);
  H.net_weights = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.net_weights);
  H.node_offsets = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.node_offsets);
  H.incident_nets = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.incident_nets);
  H.node_num_inbound = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.node_num_inbound);
  H.node_weights = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, L.node_weights);
  return H;
}

}  // namespace tessera::partitioning
