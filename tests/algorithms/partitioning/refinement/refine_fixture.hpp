#pragma once
// Refinement state filled on the host for the step tests (the steps' own kernels are
// instantiated in the library only: core/kokkos_ext/instantiate.hpp).
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <random>
#include <vector>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "core/hypergraph/hypergraph.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::test {

// The shape of hub_hypergraph's nets: every hub_every-th net a hub of hub_min + [0, hub_span)
// pins, the others of 2 + [0, small_span) pins.
struct HubNets {
  int hub_every, hub_min, hub_span, small_span;
};

// m random directed nets on n nodes (one source each), weights 1..1000 (so that spread scores
// w(e) / c^2 differ from 0 for c > 1).
inline HostHypergraph hub_hypergraph(vid_t n, nid_t m, const HubNets& shape, std::mt19937& rng) {
  HypergraphInput in;
  in.num_nodes = n;
  in.directed = true;
  for (nid_t e = 0; e < m; ++e) {
    const int size = e % shape.hub_every == 0 ? shape.hub_min + static_cast<int>(rng() % shape.hub_span)
                                              : 2 + static_cast<int>(rng() % shape.small_span);
    std::vector<vid_t> pins(n);
    std::iota(pins.begin(), pins.end(), 0);
    std::shuffle(pins.begin(), pins.end(), rng);
    pins.resize(size);
    in.add_net({pins[0]}, std::vector<vid_t>(pins.begin() + 1, pins.end()), 1 + static_cast<double>(rng() % 1000));
  }
  return build_hypergraph(in);
}

// Step 1's net runs (block, pins) of every net, sorted by block, filled on the host.
template <class Mem>
void host_net_runs(const HostHypergraph& h, const std::vector<part_t>& parts, partitioning::detail::NetRuns<Mem>& runs) {
  auto rb = Kokkos::create_mirror_view(runs.block);
  auto rc = Kokkos::create_mirror_view(runs.count);
  auto lam = Kokkos::create_mirror_view(runs.lambda);
  for (nid_t e = 0; e < h.num_nets(); ++e) {
    std::map<part_t, std::int32_t> count;
    for (eid_t k = h.net_offsets(e); k < h.net_offsets(e + 1); ++k) ++count[parts[h.pins(k)]];
    eid_t r = h.net_offsets(e);
    for (const auto& [p, c] : count) {
      rb(r) = p;
      rc(r++) = c;
    }
    lam(e) = static_cast<std::int32_t>(count.size());
  }
  Kokkos::deep_copy(runs.block, rb);
  Kokkos::deep_copy(runs.count, rc);
  Kokkos::deep_copy(runs.lambda, lam);
}

template <class T, class Mem>
void copy_into(const Kokkos::View<T*, Mem>& dst, const std::vector<T>& src) {
  auto h = Kokkos::create_mirror_view(dst);
  std::copy(src.begin(), src.end(), h.data());
  Kokkos::deep_copy(dst, h);
}

}  // namespace tessera::test
