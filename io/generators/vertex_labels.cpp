#include "io/generators/vertex_labels.hpp"

#include "core/error.hpp"

namespace tessera::gen {

Kokkos::View<label_t*, Kokkos::DefaultExecutionSpace::memory_space> generate_vertex_labels(vid_t n, int num_labels) {
  using Space = Kokkos::DefaultExecutionSpace;
  TESSERA_USER_REQUIRE(num_labels >= 1, "the number of labels must be at least 1, got " << num_labels);
  Kokkos::View<label_t*, Space::memory_space> labels(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::gen::labels"), n);
  Kokkos::parallel_for(
      "tessera::gen::vertex_labels", Kokkos::RangePolicy<Space>(0, n),
      KOKKOS_LAMBDA(const vid_t v) { labels(v) = generated_label(v, num_labels); });
  Space().fence();
  return labels;
}

}  // namespace tessera::gen
