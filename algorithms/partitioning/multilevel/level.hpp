#pragma once
// One level of the multilevel hierarchy (paper 3, §III and §IV-B): the hypergraph of that level
// in the paper's layout (nets -> pins with sources first, nodes -> nets with inbound first, the
// secondary offsets), with integer weights so every score, gain and sum below is exact and does
// not depend on summation order (determinism across thread counts and backends).
//
// Net weights are fixed point: w_fix(e) = round(w(e) * 2^shift), shift chosen from the input so
// that sums over all pins stay far below 2^62 (see fixed_point_shift). Integral weights with
// shift >= 0 are exact. Node weights are the integral node weights of the input (sizes).
#include <Kokkos_Core.hpp>

#include <cstdint>

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

  eid_t num_pins() const { return static_cast<eid_t>(pins.extent(0)); }
};

}  // namespace tessera::partitioning
