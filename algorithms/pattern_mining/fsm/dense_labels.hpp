#pragma once
// The distinct vertex labels of a graph, numbered densely: dense label i is the i-th smallest
// label. The batched domain supports index label tables by dense labels, the star supports
// index per-vertex label counts by them.
#include <Kokkos_Core.hpp>

#include <vector>

#include "core/graph/csr_graph.hpp"

namespace tessera::mining {

template <class MemorySpace>
struct DenseLabels {
  std::vector<label_t> distinct;                            // sorted; dense label i = distinct[i]
  Kokkos::View<label_t*, MemorySpace> of_vertex;            // dense label of every data vertex
  Kokkos::View<label_t*, Kokkos::HostSpace> host_of_vertex;  // the same on the host

  int count() const { return static_cast<int>(distinct.size()); }
  // The dense label of `label`, or -1 when no vertex carries it.
  int dense(label_t label) const;
};

// Host passes over the labels (a presence table when their range is small, a sort otherwise);
// UserError when the graph carries no labels.
template <class ExecSpace>
DenseLabels<typename ExecSpace::memory_space> dense_labels(const ExecSpace& space,
                                                           const CsrGraph<typename ExecSpace::memory_space>& graph);

}  // namespace tessera::mining
