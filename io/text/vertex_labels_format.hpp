#pragma once
// Vertex label files (the format of ../shared/data/graphs/labelled/*.labels.gz): plain or gzip
// text, `#` comment lines and blank lines anywhere, otherwise one `v label` line per vertex:
// v a 0-based vertex id in [0, n), label an integer in [0, 2^31 - 1]. Every vertex is labelled
// exactly once. Errors are tessera::ParseError "path:line: what" (no line for a vertex without
// a label, which is a whole-file problem).
#include <string>
#include <vector>

#include "core/types.hpp"

namespace tessera::io {

// The labels of vertices 0..num_vertices-1.
std::vector<label_t> read_vertex_labels(const std::string& path, vid_t num_vertices);

}  // namespace tessera::io
