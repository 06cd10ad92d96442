#pragma once
// A graph distributed by contiguous vertex ranges (1D): each rank holds the rows of the vertices
// it owns, with GLOBAL neighbour ids.
//
// Requirements (as build_graph guarantees for the whole graph): undirected, stored symmetric,
// every row sorted ascending, no self-loops, no duplicates.
#include <mpi.h>

#include <string>
#include <vector>

#include "core/graph/csr_graph.hpp"
#include "io/graph_io.hpp"
#include "distributed/triangle_count/partition.hpp"

namespace tessera::dist {

struct DistGraph {
  vid_t num_vertices = 0;             // global
  std::vector<vid_t> vertex_offsets;  // ranks + 1; rank r owns [offsets[r], offsets[r + 1])
  int rank = 0;
  HostGraph local;  // rows of the owned range: row_map rebased to 0, entries global ids
  // The same rows in the default execution space's memory when the reader built them there
  // (per-rank generation; row_map extent 0 otherwise): a device rank counts from them instead
  // of uploading `local`.
  DeviceGraph device_local;
  // Adjacency entries this rank read (file rows, every pass), generated (generator edges) or
  // received (rows scattered or moved to it) while the graph was loaded: the input side of
  // RankMetrics::setup_edges. Set by the loaders; 0 for a graph made by hand.
  eid_t input_entries = 0;

  vid_t begin() const { return vertex_offsets[static_cast<std::size_t>(rank)]; }
  vid_t end() const { return vertex_offsets[static_cast<std::size_t>(rank) + 1]; }
  bool owns(vid_t v) const { return v >= begin() && v < end(); }
  // The rank owning v (empty ranks own nothing).
  int owner(vid_t v) const;
};

// Rank `root` passes the whole graph (ignored elsewhere) and it is scattered by rows. Offsets:
// empty = balance `split.balance` (edges or estimated work, partition.hpp) per rank, in
// proportion to `split.rank_weights` when given (root's values are used); otherwise ranks + 1
// offsets, used as given.
DistGraph scatter_graph(MPI_Comm comm, const HostGraph& global_on_root, int root = 0,
                        const std::vector<vid_t>& offsets = {}, const SplitParams& split = {});

// A graph source as io::load_graph takes it (file or "gen:..."). HDF5 files (.h5/.hdf5): every
// rank reads only its vertex range (read_graph_hdf5_rows); the balanced offsets are found from
// a first, equal-vertex read of the rows (with `work`, their out-degrees need one ghost-degree
// exchange). Other sources: rank 0 loads and scatters. Errors on rank 0 are raised as UserError
// on every rank. `split.rank_weights` (the same on every rank; empty = equal) give each rank a
// share of the edges (or work) in proportion to its weight.
// `load`: as io::load_graph takes them (--format, --one-based, --compact-ids); HDF5 files are
// read by row range as stored, so --one-based and --compact-ids are UserErrors there.
DistGraph load_distributed_graph(MPI_Comm comm, const std::string& source, const SplitParams& split = {},
                                 const io::GraphLoadOptions& load = {});

// Entries per rank (Allgather) and their statistics; the same on every rank.
PartitionStats partition_stats(MPI_Comm comm, const DistGraph& g);

}  // namespace tessera::dist
