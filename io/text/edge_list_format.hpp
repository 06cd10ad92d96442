#pragma once
// Plain edge lists (SNAP text, our shared-data .el files, CSV exports), plain or gzip.
//
// Reading: one edge per line, "u v" or "u v w", separated by blanks or commas. Lines whose
// first visible character is '#' or '%' are comments; blank lines are ignored. Before the first
// edge, a SNAP header "# Nodes: N Edges: M" or our header "# n N m M" declares N vertices
// (isolated ones included). Our header's M is the number of edge lines, checked at the end (a file
// cut at a line boundary is an error); SNAP's "Edges:" is not checked (real SNAP files disagree
// with it). Without our header an edge list has no record count: a file cut at a line boundary
// reads as a smaller graph, which no reader can tell.
// Edges are returned exactly as listed (directed = false: the CSR builder symmetrizes and
// removes duplicates and self-loops as it is told to).
#include <string>

#include "core/graph/edge_list.hpp"

namespace tessera::io {

struct EdgeListReadOptions {
  bool one_based = false;  // ids in the file start at 1 (id 0 is then an error)
};

EdgeList read_edge_list(const std::string& path, const EdgeListReadOptions& opts = {});

// Writes "# n N m M" and then "u v" or "u v w" lines (0-based); gzip when `path` ends in .gz.
void write_edge_list(const std::string& path, const EdgeList& edges);

}  // namespace tessera::io
