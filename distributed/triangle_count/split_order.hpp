#pragma once
// A rank's place in the global vertex order without all n degrees (issue 26): the order is
// (degree, id) (or id), and a vertex's position in it is
//   #vertices of smaller degree + #vertices of its degree on lower ranks + its rank among the
//   rank's own vertices of that degree,
// three terms a rank gets from degree histograms (one MPI_Allreduce and one MPI_Exscan of
// max-degree + 1 counts) and its own degrees. The positions of its ghosts (the other endpoints
// of its edges) come from their owners in one request/answer MPI_Alltoallv pair. The positions
// are those of the single-node order_by_degree, so the oriented rows, the queries and the
// counts are the same as when every rank numbered all n.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/graph/csr_graph.hpp"
#include "core/graph/orientation.hpp"
#include "distributed/mpi/communicator.hpp"
#include "distributed/triangle_count/dist_graph.hpp"
#include "distributed/triangle_count/known_vertices.hpp"

namespace tessera::dist::detail {

template <class Memory>
struct SplitOrder {
  KnownVertices<Memory> known;  // own vertices and ghosts, by position
  // The rank's rows with every neighbour renamed to its index among the known vertices in id
  // order (ghosts below the own range, the own range, ghosts above), the own vertex i at
  // first_index + i, and each index's position: what orient_rows_by_numbering takes.
  CsrGraph<Memory> rows;
  vid_t first_index = 0;
  Kokkos::View<const vid_t*, Memory> position_of_index;
  std::int64_t ghosts = 0;
  // Bytes the set-up exchanged over MPI (requests and answers, histograms), sent by this rank.
  std::int64_t bytes_sent = 0;
};

// `rows`: the rank's own rows (row_map rebased, global ids) in Space's memory. Collective.
template <class Space>
SplitOrder<typename Space::memory_space> split_order(const Communicator& comm, const DistGraph& g,
                                                     const CsrGraph<typename Space::memory_space>& rows,
                                                     Orientation orientation);

// The oriented rows' out-degree of each own vertex under `order` (for the work estimate).
template <class Space>
Kokkos::View<eid_t*, typename Space::memory_space> oriented_out_degrees(const SplitOrder<typename Space::memory_space>& order);

}  // namespace tessera::dist::detail
