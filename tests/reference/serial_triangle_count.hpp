#pragma once
// Serial reference triangle count, independent of every Kokkos kernel: plain loops on a host
// copy of the graph. Used by the tests and by bench/algorithms/triangle_count to verify counts.
//
// Input: an undirected CsrGraph (symmetric, no self-loops or duplicates). Each edge is kept
// from the endpoint lower in (degree, id) order, out-lists are sorted, and every triangle is
// found once as a common out-neighbour of an arc's endpoints (sorted merge).
#include <algorithm>
#include <vector>

#include "core/graph/csr_graph.hpp"
#include "core/types.hpp"

namespace tessera::test {

inline count_t serial_triangle_count(const HostGraph& g) {
  const vid_t n = g.num_vertices();
  auto degree = [&](vid_t v) { return g.row_map(v + 1) - g.row_map(v); };
  auto before = [&](vid_t a, vid_t b) {
    return degree(a) < degree(b) || (degree(a) == degree(b) && a < b);
  };
  std::vector<eid_t> offsets(static_cast<std::size_t>(n) + 1, 0);
  for (vid_t u = 0; u < n; ++u)
    for (eid_t j = g.row_map(u); j < g.row_map(u + 1); ++j)
      if (before(u, g.entries(j))) ++offsets[u + 1];
  for (vid_t u = 0; u < n; ++u) offsets[u + 1] += offsets[u];
  std::vector<vid_t> out(static_cast<std::size_t>(offsets[n]));
  for (vid_t u = 0; u < n; ++u) {
    eid_t k = offsets[u];
    for (eid_t j = g.row_map(u); j < g.row_map(u + 1); ++j)
      if (before(u, g.entries(j))) out[k++] = g.entries(j);
    std::sort(out.begin() + offsets[u], out.begin() + offsets[u + 1]);
  }
  count_t triangles = 0;
  for (vid_t u = 0; u < n; ++u) {
    for (eid_t j = offsets[u]; j < offsets[u + 1]; ++j) {
      const vid_t v = out[j];
      eid_t a = offsets[u], b = offsets[v];
      while (a < offsets[u + 1] && b < offsets[v + 1]) {
        if (out[a] < out[b]) {
          ++a;
        } else if (out[b] < out[a]) {
          ++b;
        } else {
          ++triangles;
          ++a;
          ++b;
        }
      }
    }
  }
  return triangles;
}

}  // namespace tessera::test
