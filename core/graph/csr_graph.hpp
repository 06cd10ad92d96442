#pragma once
// Compressed sparse row graph, templated on the memory space that holds it.
//
// An undirected graph is stored symmetric: every edge {u, v} appears as u->v and v->u, each
// neighbourhood sorted ascending with no duplicates and no self-loops (what `build_graph`
// guarantees). Oriented graphs (DAGs from `orient`) keep one direction per edge.
#include <Kokkos_Core.hpp>

#include "core/types.hpp"

namespace tessera {

template <class MemorySpace>
struct CsrGraph {
  using memory_space = MemorySpace;
  using ordinal_type = vid_t;
  using offset_type = eid_t;
  using row_map_type = Kokkos::View<offset_type*, memory_space>;
  using entries_type = Kokkos::View<ordinal_type*, memory_space>;

  row_map_type row_map;                           // num_vertices + 1 offsets
  entries_type entries;                           // neighbour ids
  Kokkos::View<label_t*, memory_space> labels;    // per vertex; extent 0 when unlabelled
  Kokkos::View<weight_t*, memory_space> weights;  // per entry; extent 0 when unweighted
  bool directed = false;                          // false: symmetric storage of an undirected graph

  KOKKOS_INLINE_FUNCTION vid_t num_vertices() const {
    return row_map.extent(0) == 0 ? 0 : static_cast<vid_t>(row_map.extent(0) - 1);
  }
  KOKKOS_INLINE_FUNCTION eid_t num_entries() const { return static_cast<eid_t>(entries.extent(0)); }
  // Undirected edges (each stored twice) or arcs of a directed graph.
  KOKKOS_INLINE_FUNCTION eid_t num_edges() const { return directed ? num_entries() : num_entries() / 2; }
  bool has_labels() const { return labels.extent(0) != 0; }
  bool has_weights() const { return weights.extent(0) != 0; }
};

using HostGraph = CsrGraph<Kokkos::HostSpace>;
using DeviceGraph = CsrGraph<Kokkos::DefaultExecutionSpace::memory_space>;

// The same graph in another memory space; no copy when the spaces coincide.
template <class TargetSpace, class SourceSpace>
CsrGraph<TargetSpace> mirror_graph(const CsrGraph<SourceSpace>& g) {
  CsrGraph<TargetSpace> out;
  out.row_map = Kokkos::create_mirror_view_and_copy(TargetSpace{}, g.row_map);
  out.entries = Kokkos::create_mirror_view_and_copy(TargetSpace{}, g.entries);
  out.labels = Kokkos::create_mirror_view_and_copy(TargetSpace{}, g.labels);
  out.weights = Kokkos::create_mirror_view_and_copy(TargetSpace{}, g.weights);
  out.directed = g.directed;
  return out;
}

}  // namespace tessera
