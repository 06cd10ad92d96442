#pragma once
// Generated vertex labels (every generator's `labels=L` key): label(v) = a counter-based hash
// of v (counter_hash.hpp, a fixed key) reduced to [0, L), so the same on every backend and
// independent of the graph's own seed. The graph keeps its edges; only labels are added.
#include <Kokkos_Core.hpp>

#include "core/types.hpp"

namespace tessera::gen {

// The label of vertex v among `num_labels` labels (host and device).
KOKKOS_INLINE_FUNCTION label_t generated_label(vid_t v, int num_labels);

// Labels of vertices 0..n-1, on the default execution space.
Kokkos::View<label_t*, Kokkos::DefaultExecutionSpace::memory_space> generate_vertex_labels(vid_t n, int num_labels);

}  // namespace tessera::gen

#include "io/generators/counter_hash.hpp"

namespace tessera::gen {

KOKKOS_INLINE_FUNCTION label_t generated_label(vid_t v, int num_labels) {
  constexpr std::uint64_t k_label_key = 0x6c6162656c730001ULL;  // "labels", 1
  const std::uint64_t bits = detail::hash2(k_label_key, static_cast<std::uint64_t>(v));
  return static_cast<label_t>(((bits >> 32) * static_cast<std::uint64_t>(num_labels)) >> 32);
}

}  // namespace tessera::gen
