#pragma once
// The node's oriented rows gathered into one DAG on this rank's space, so the rank counts its
// own triangles with the single-node kernels (paper 1, §II-B3: IPC makes node-local rows
// readable in place; algorithms/triangle_count).
//
// When every rank's oriented rows are readable here (one node with IPC or the shared window,
// or a single rank), row k of the gathered DAG is the out-list of the vertex at position k of
// the global order (RankDag::vertex), read from its owner's rows: exactly the single-node
// degree DAG (orient_relabeled_by_degree). count_oriented then masks the tasks of the sources
// this rank owns (and hashes its hubs), so the ranks split the single-node work by the
// partition and the sum over ranks is the exact count. Each row is read once (peers' rows
// through their IPC mapping); the gathered DAG is the size of the node's oriented rows.
#include <Kokkos_Core.hpp>

#include "core/graph/csr_graph.hpp"
#include "distributed/triangle_count/wedge_kernels.hpp"

namespace tessera::dist::detail {

template <class Space>
CsrGraph<typename Space::memory_space> gather_dag(const RowsTable<typename Space::memory_space>& table,
                                                 const Kokkos::View<const vid_t*, typename Space::memory_space>& vertex);

}  // namespace tessera::dist::detail
