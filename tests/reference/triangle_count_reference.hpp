#pragma once
// Serial reference triangle counter with per-vertex counts (id order, no orientation; the
// degree-ordered serial_triangle_count.hpp is the faster one the benchmark uses): for every edge
// {u, v} with u < v, merge the two sorted neighbourhoods and count common w > v. Also returns
// triangles per vertex.
#include <vector>

#include "core/graph/csr_graph.hpp"

namespace tessera::test {

struct ReferenceTriangles {
  count_t total = 0;
  std::vector<count_t> per_vertex;
};

inline ReferenceTriangles reference_triangles(const HostGraph& g) {
  ReferenceTriangles r;
  const vid_t n = g.num_vertices();
  r.per_vertex.assign(n, 0);
  for (vid_t u = 0; u < n; ++u)
    for (eid_t i = g.row_map(u); i < g.row_map(u + 1); ++i) {
      const vid_t v = g.entries(i);
      if (v <= u) continue;
      eid_t a = g.row_map(u), b = g.row_map(v);
      while (a < g.row_map(u + 1) && b < g.row_map(v + 1)) {
        const vid_t x = g.entries(a), y = g.entries(b);
        if (x < y) {
          ++a;
        } else if (y < x) {
          ++b;
        } else {
          if (x > v) {
            ++r.total;
            ++r.per_vertex[u];
            ++r.per_vertex[v];
            ++r.per_vertex[x];
          }
          ++a;
          ++b;
        }
      }
    }
  return r;
}

}  // namespace tessera::test
