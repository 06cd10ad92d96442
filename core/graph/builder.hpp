#pragma once
// Builds a CSR graph from an edge list, entirely on the given execution space (so 100M+ edge
// inputs never pass through the host): validate ids, drop self-loops, symmetrize, scatter into
// rows, sort every neighbourhood, remove duplicates, optionally compact ids.
//
// The result is deterministic: the same edge set gives the same arrays on every backend and
// thread count (rows are sorted after the unordered scatter; duplicate edges keep their
// smallest weight).
#include "core/graph/csr_graph.hpp"
#include "core/graph/edge_list.hpp"

namespace tessera {

struct BuildOptions {
  bool symmetrize = true;         // undirected graph: store every edge in both directions
  bool remove_self_loops = true;  // triangle/pattern algorithms require a loop-free graph
  bool compact_ids = false;       // renumber vertices (order kept) to drop those without edges
};

struct BuildReport {
  eid_t input_edges = 0;
  eid_t self_loops_removed = 0;
  eid_t duplicates_removed = 0;   // undirected: repeated edges (either direction); directed: repeated arcs
  vid_t vertices_removed = 0;     // by compact_ids
};

template <class ExecSpace>
CsrGraph<typename ExecSpace::memory_space> build_graph(
    const ExecSpace& space, const EdgeArrays<typename ExecSpace::memory_space>& edges,
    const BuildOptions& options = {}, BuildReport* report = nullptr);

// Convenience for host edge lists: copies to the default execution space and builds there.
DeviceGraph build_graph(const EdgeList& edges, const BuildOptions& options = {},
                        BuildReport* report = nullptr);

}  // namespace tessera
