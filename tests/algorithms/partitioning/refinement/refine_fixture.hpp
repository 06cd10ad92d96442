#pragma once
// Refinement state filled on the host for the step tests (the steps' own kernels are
// instantiated in the library only: core/kokkos_ext/instantiate.hpp).
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "core/hypergraph/hypergraph.hpp"

namespace tessera::test {

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
