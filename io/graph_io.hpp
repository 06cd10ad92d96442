#pragma once
// One entry point for every graph and hypergraph source Tessera reads: files in any supported
// format (chosen from the extension, or named explicitly) and generator specs ("gen:...").
#include <optional>
#include <string>

#include "core/graph/builder.hpp"
#include "core/graph/csr_graph.hpp"
#include "core/hypergraph/hypergraph.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::io {

enum class FileFormat {
  edge_list,        // .el .txt .edges .tsv .csv .snap (optionally .gz)
  matrix_market,    // .mtx
  metis,            // .graph .metis
  hmetis,           // .hgr
  dhg,              // .dhg  (Tessera's directed hypergraph text format)
  snn,              // .snn  (AxonCUDA's binary spiking-network nets: one source per net)
  axh,              // .axh  (AxonCUDA's binary directed hypergraphs: any number of sources)
  hdf5,             // .h5 .hdf5 (Tessera's HDF5 schema: graphs and hypergraphs)
};

FileFormat parse_file_format(const std::string& name);   // "edge_list", "mtx", "metis", "hgr", ...
const char* to_string(FileFormat f);
// From the file name; a trailing .gz is looked through. UserError when unknown.
FileFormat format_from_path(const std::string& path);
bool is_hypergraph_format(FileFormat f);  // hgr, dhg, snn, axh (hdf5 holds either)
// True when `source` names a hypergraph: an nn: generator spec, a hypergraph format, or an HDF5
// file that stores one.
bool holds_hypergraph(const std::string& source, std::optional<FileFormat> format = std::nullopt);

struct GraphLoadOptions {
  std::optional<FileFormat> format;  // default: from the extension
  BuildOptions build;                // symmetrize / self-loops / id compaction
  bool one_based = false;            // edge lists whose ids start at 1
  // A vertex label file (io/text/vertex_labels_format.hpp) for the input's vertex ids; replaces
  // any labels the input carries. Empty: the input's own labels (HDF5, generator labels=L).
  std::string labels;
};

struct LoadedGraph {
  DeviceGraph graph;
  BuildReport report;
  std::string source;       // the path or generator spec, as given
  std::string format;       // "edge_list", ..., "generator"
  double read_seconds = 0;  // parsing / generating
  double build_seconds = 0; // CSR construction
};

// `source` is a file path or "gen:<generator spec>" (see io/generators/generator_spec.hpp).
LoadedGraph load_graph(const std::string& source, const GraphLoadOptions& options = {});

// Writes a graph; the format comes from the extension unless given. Atomic.
void save_graph(const std::string& path, const HostGraph& g, std::optional<FileFormat> format = std::nullopt);

struct HypergraphLoadOptions {
  std::optional<FileFormat> format;
  bool first_pin_is_source = false;  // hMETIS netlists: the first pin of each net drives it
};
HostHypergraph load_hypergraph(const std::string& path, const HypergraphLoadOptions& options = {},
                               HypergraphBuildReport* report = nullptr);
void save_hypergraph(const std::string& path, const HostHypergraph& h, std::optional<FileFormat> format = std::nullopt);

// Each undirected edge once (u < v) or each arc, with weights; labels carried over.
EdgeList to_edge_list(const HostGraph& g);

}  // namespace tessera::io
