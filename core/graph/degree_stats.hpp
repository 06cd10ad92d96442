#pragma once
// Degree statistics of a CSR graph (out-degrees for directed graphs).
#include "core/graph/csr_graph.hpp"

namespace tessera {

struct DegreeStats {
  vid_t num_vertices = 0;
  eid_t num_edges = 0;           // undirected edges, or arcs of a directed graph
  vid_t max_degree = 0;
  vid_t min_degree = 0;
  double mean_degree = 0;
  double stddev_degree = 0;
  vid_t isolated_vertices = 0;   // degree 0
  count_t wedges = 0;            // sum over v of C(deg v, 2): paths of length 2
};

template <class ExecSpace>
DegreeStats degree_stats(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& g);

}  // namespace tessera
