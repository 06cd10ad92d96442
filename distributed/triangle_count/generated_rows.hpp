#pragma once
// Per-rank generation of Kronecker / R-MAT inputs: no rank builds the whole graph. The
// generator is counter-based (edge e is a pure function of (seed, e)), so every rank streams
// the same edge sequence in chunks on its device and keeps only the edges with an endpoint in
// its vertex range (kronecker_rows), or generates only its share of the sequence and exchanges
// the arcs (kronecker_share_rows); the rows it builds are exactly those of
// build_graph(kronecker(p)) (symmetric, sorted, no self-loops, no duplicates).
#include <mpi.h>

#include <string>
#include <vector>

#include "core/graph/csr_graph.hpp"
#include "io/generators/random_graphs.hpp"

namespace tessera::dist {

// Rows [begin, end) of the undirected graph of `p`: local.row_map rebased to 0, global ids.
// Streams 2^scale * edge_factor edges through the default execution space in chunks of
// `chunk_edges`.
HostGraph kronecker_rows(const gen::KroneckerParams& p, vid_t begin, vid_t end, eid_t chunk_edges = eid_t{1} << 24);
// The same rows where they are built, in the default execution space's memory (a device rank
// counts from them without copying them through the host and back).
DeviceGraph kronecker_rows_on_device(const gen::KroneckerParams& p, vid_t begin, vid_t end,
                                     eid_t chunk_edges = eid_t{1} << 24);

// Rows of this rank's block [blocks[rank], blocks[rank + 1]) without streaming every edge: the
// rank generates only its share of the edge sequence (edges [m r / P, m (r + 1) / P)), sends
// each arc to the block that holds its row (MPI_Alltoallv) and builds its block's rows from
// what it receives. Collective. `input` grows by the edges generated and the entries built.
HostGraph kronecker_share_rows(MPI_Comm comm, const gen::KroneckerParams& p, const std::vector<vid_t>& blocks, eid_t& input,
                               eid_t chunk_edges = eid_t{1} << 24);

// The Kronecker / R-MAT parameters of a "gen:kronecker:..." or "gen:rmat:..." source; false for
// any other source.
bool kronecker_source(const std::string& source, gen::KroneckerParams& params);

}  // namespace tessera::dist
