#include "core/graph/degree_stats.hpp"

#include <cmath>

#include "core/kokkos_ext/instantiate.hpp"

namespace tessera {

template <class ExecSpace>
DegreeStats degree_stats(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& g) {
  DegreeStats s;
  s.num_vertices = g.num_vertices();
  s.num_edges = g.num_edges();
  if (s.num_vertices == 0) return s;
  auto row_map = g.row_map;
  vid_t max_deg = 0, min_deg = 0, isolated = 0;
  double sum_sq = 0;
  count_t wedges = 0;
  Kokkos::parallel_reduce(
      "tessera::degree_stats", Kokkos::RangePolicy<ExecSpace>(space, 0, s.num_vertices),
      KOKKOS_LAMBDA(const vid_t v, vid_t& mx, vid_t& mn, vid_t& iso, double& sq, count_t& w) {
        const vid_t d = static_cast<vid_t>(row_map(v + 1) - row_map(v));
        if (d > mx) mx = d;
        if (d < mn) mn = d;
        if (d == 0) ++iso;
        sq += static_cast<double>(d) * d;
        w += static_cast<count_t>(d) * (d > 0 ? d - 1 : 0) / 2;
      },
      Kokkos::Max<vid_t>(max_deg), Kokkos::Min<vid_t>(min_deg), Kokkos::Sum<vid_t>(isolated), Kokkos::Sum<double>(sum_sq), Kokkos::Sum<count_t>(wedges));
  s.max_degree = max_deg;
  s.min_degree = min_deg;
  s.isolated_vertices = isolated;
  s.wedges = wedges;
  s.mean_degree = static_cast<double>(g.num_entries()) / s.num_vertices;
  const double var = sum_sq / s.num_vertices - s.mean_degree * s.mean_degree;
  s.stddev_degree = var > 0 ? std::sqrt(var) : 0.0;
  return s;
}

#define TESSERA_INST(Space) \
  template DegreeStats degree_stats<Space>(const Space&, const CsrGraph<Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera
