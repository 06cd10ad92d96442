#pragma once
// Template body of one_net_per_neuron (nn_net_filler.hpp).
#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/util/memory_budget.hpp"

namespace tessera::gen::detail {

template <class NetSize, class FillNet>
HypergraphInput one_net_per_neuron(std::int64_t n, long double min_pins, const NetSize& net_size,
                                   const std::string& spec, const std::string& failure, const FillNet& fill) {
  TESSERA_USER_REQUIRE(n >= 2 && n <= 0x7fffffffLL, "nn generator '" << spec << "': " << n
                                                                      << " neurons, expected 2 to 2^31 - 1");
  require_fits_in_memory(8.0L * min_pins + 16.0L * n, "nn generator '" + spec + "'");
  long double pins = 0;
  for (std::int64_t v = 0; v < n; ++v) pins += static_cast<long double>(net_size(v) + 1);
  TESSERA_USER_REQUIRE(pins <= std::ldexp(1.0L, 40), "nn generator '" << spec << "': about "
                                                                      << static_cast<double>(pins)
                                                                      << " pins, more than 2^40");
  require_fits_in_memory(8.0L * pins + 16.0L * n, "nn generator '" + spec + "'");  // the exact count
  HypergraphInput in;
  in.num_nodes = static_cast<vid_t>(n);
  in.directed = true;
  in.net_offsets.resize(static_cast<std::size_t>(n) + 1);
  in.net_offsets[0] = 0;
  for (std::int64_t v = 0; v < n; ++v) in.net_offsets[v + 1] = in.net_offsets[v] + net_size(v) + 1;
  in.net_num_sources.assign(static_cast<std::size_t>(n), 1);
  in.pins.resize(static_cast<std::size_t>(in.net_offsets[n]));
  // Chunks of neurons, each with its own scratch set; which thread runs a chunk changes nothing.
  const std::int64_t chunk = 256;
  const std::int64_t chunks = (n + chunk - 1) / chunk;
  vid_t* const pins_out = in.pins.data();
  int failed_chunks = 0;
  const eid_t* const offsets = in.net_offsets.data();
  Kokkos::parallel_for(
      "tessera::gen::nn_nets", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, chunks),
      [&](const std::int64_t c) {
        DistinctIds ids;
        bool ok = true;
        const std::int64_t end = std::min(n, (c + 1) * chunk);
        for (std::int64_t v = c * chunk; v < end && ok; ++v) {
          pins_out[offsets[v]] = static_cast<vid_t>(v);
          ok = fill(v, pins_out + offsets[v] + 1, ids);
        }
        if (!ok) Kokkos::atomic_add(&failed_chunks, 1);
      });
  Kokkos::fence();
  TESSERA_USER_REQUIRE(failed_chunks == 0, "nn generator '" << spec << "': " << failure);
  return in;
}

}  // namespace tessera::gen::detail
