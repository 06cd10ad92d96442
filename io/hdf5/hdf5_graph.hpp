#pragma once
// Tessera's HDF5 graph and hypergraph files (schema: io/README.md, "HDF5 graph format").
//
// A graph file is a CSR graph as stored in memory: root-group attributes (format
// "tessera-graph", version 1, sizes, flags) and datasets /row_map, /entries, optional /labels
// and /weights, chunked and deflate-compressed. Hypergraph files ("tessera-hypergraph") store
// the arrays of `Hypergraph`. Writes are atomic (io/atomic_file.hpp). Reads validate cheaply
// (sizes against attributes, offsets monotone, ids in range) and throw tessera::UserError
// naming the file and the problem. Available when built with TESSERA_HAVE_HDF5.
#include <cstddef>
#include <string>
#include <vector>

#include "core/graph/csr_graph.hpp"
#include "core/hypergraph/hypergraph.hpp"
#include "core/types.hpp"

namespace tessera::io {

inline constexpr const char* k_hdf5_graph_format = "tessera-graph";
inline constexpr const char* k_hdf5_hypergraph_format = "tessera-hypergraph";
inline constexpr int k_hdf5_graph_version = 1;
inline constexpr int k_hdf5_hypergraph_version = 1;

struct Hdf5WriteOptions {
  int compression_level = 4;             // deflate level 0..9; 0 stores uncompressed
  std::size_t chunk_elements = 1 << 20;  // elements per chunk (capped by the dataset size)
};

void write_graph_hdf5(const std::string& path, const HostGraph& g, const Hdf5WriteOptions& options = {});
HostGraph read_graph_hdf5(const std::string& path);

struct GraphFileInfo {
  int version = 0;
  vid_t num_vertices = 0;
  eid_t num_entries = 0;
  bool directed = false, has_labels = false, has_weights = false;
};
// Reads the root attributes only (no dataset is touched).
GraphFileInfo read_graph_hdf5_info(const std::string& path);

// Rows [begin, end) of a graph file: local.row_map is rebased to start at 0 and has
// end - begin + 1 entries; local.entries keep GLOBAL vertex ids; local.labels hold the labels
// of rows [begin, end) only; local.weights those of the rows' entries.
struct GraphRows {
  vid_t begin = 0, end = 0;
  vid_t num_vertices_total = 0;
  HostGraph local;
};
// Reads only the hyperslabs the rows need. Requires 0 <= begin <= end <= num_vertices.
GraphRows read_graph_hdf5_rows(const std::string& path, vid_t begin, vid_t end);
// row_map[begin .. end] as stored (end - begin + 1 offsets, not rebased): the rows' sizes without
// their entries, e.g. to split a file's rows evenly by entries before reading them.
std::vector<eid_t> read_graph_hdf5_offsets(const std::string& path, vid_t begin, vid_t end);

void write_hypergraph_hdf5(const std::string& path, const HostHypergraph& h,
                           const Hdf5WriteOptions& options = {});
HostHypergraph read_hypergraph_hdf5(const std::string& path);

// True for a "tessera-hypergraph" file, false for a "tessera-graph" file; UserError for any
// other file (not HDF5, no or unknown format attribute). Reads the format attribute only.
bool hdf5_holds_hypergraph(const std::string& path);

// True when the file carries the HDF5 signature (at offset 0 or after a user block).
bool is_hdf5_file(const std::string& path);

}  // namespace tessera::io
