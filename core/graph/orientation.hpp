#pragma once
// Orientations turn an undirected graph into the DAG that counting algorithms walk, so every
// triangle (clique) is found from exactly one vertex (paper 1 §II, paper 2 §clique DAG).
#include <string>

#include "core/graph/csr_graph.hpp"

namespace tessera {

enum class Orientation {
  degree,  // u -> v iff (deg u, u) < (deg v, v): bounds out-degrees by O(sqrt m)
  id,      // u -> v iff u < v
};

Orientation parse_orientation(const std::string& name);  // "degree" | "id"; UserError otherwise
const char* to_string(Orientation o);

// Keeps each undirected edge in one direction. Rows stay sorted; the result is directed.
template <class ExecSpace>
CsrGraph<typename ExecSpace::memory_space> orient(const ExecSpace& space,
                                                  const CsrGraph<typename ExecSpace::memory_space>& g,
                                                  Orientation orientation);

// Renumbers vertices by degree (descending by default, ties by old id), so hubs get small ids.
template <class ExecSpace>
struct Relabeled {
  CsrGraph<typename ExecSpace::memory_space> graph;
  Kokkos::View<vid_t*, typename ExecSpace::memory_space> new_id;  // old id -> new id
};

template <class ExecSpace>
Relabeled<ExecSpace> relabel_by_degree(const ExecSpace& space,
                                       const CsrGraph<typename ExecSpace::memory_space>& g,
                                       bool descending = true);

// The degree orientation with vertices renumbered by ascending (degree, id): row i keeps the
// neighbours with a larger new id, sorted, so rank order is id order and a row's candidates
// after a neighbour are its suffix (triangle counting, clique listing). Equal to
// orient(relabel_by_degree(g, false).graph, Orientation::id), built in one pass: the full
// relabeled copy (2m entries, sorted) is never made, only the m DAG entries are.
template <class ExecSpace>
Relabeled<ExecSpace> orient_relabeled_by_degree(const ExecSpace& space,
                                                const CsrGraph<typename ExecSpace::memory_space>& g);

// A vertex numbering: new_id[v] is v's position in an order, old_id[k] the vertex at position k.
template <class ExecSpace>
struct VertexOrder {
  Kokkos::View<vid_t*, typename ExecSpace::memory_space> new_id;
  Kokkos::View<vid_t*, typename ExecSpace::memory_space> old_id;
};

// The ascending (degree, id) order from every vertex's degree alone (the order of
// orient_relabeled_by_degree): distributed ranks know all degrees but only their own rows.
template <class ExecSpace>
VertexOrder<ExecSpace> order_by_degree(const ExecSpace& space,
                                       const Kokkos::View<const vid_t*, typename ExecSpace::memory_space>& degree);

// The rows of a vertex range (row i is vertex first + i, neighbour ids global) oriented by a
// numbering: row i keeps the neighbours w with new_id(w) > new_id(first + i), stored as new_id(w)
// and sorted ascending. Over a whole graph with the degree order this is
// orient_relabeled_by_degree with the rows left in id order.
template <class ExecSpace>
CsrGraph<typename ExecSpace::memory_space> orient_rows_by_numbering(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& rows, vid_t first,
    const Kokkos::View<const vid_t*, typename ExecSpace::memory_space>& new_id);

}  // namespace tessera
