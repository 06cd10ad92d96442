#pragma once
// Matrix Market coordinate files as graphs (plain or gzip).
//
// Supported: "%%MatrixMarket matrix coordinate {pattern|real|integer} {general|symmetric}"
// with a square matrix. Entry (i, j[, v]) becomes the edge i-1 -> j-1 with weight v. A
// symmetric file lists each off-diagonal pair once; it is returned as listed with
// directed = false (the CSR builder symmetrizes). directed = true for "general".
// Rejected with a ParseError: array format, complex, skew-symmetric and hermitian matrices,
// non-square matrices, and an entry count different from the size line's.
#include <string>

#include "core/graph/edge_list.hpp"

namespace tessera::io {

EdgeList read_matrix_market(const std::string& path);

}  // namespace tessera::io
