#pragma once
// METIS graph files (plain or gzip).
//
// Header "n m [fmt [ncon]]" with fmt in {0, 1, 10, 11, 100, 101, 110, 111}: the ones digit says
// edges carry weights, the tens digit that vertices carry `ncon` weights (default 1), the
// hundreds digit that vertices carry a size. Then exactly n vertex lines (a blank line is a
// vertex without neighbours): "[size] [w_1 .. w_ncon] (neighbour [edge weight])*", neighbours
// 1-based. Lines starting with '%' are comments. The adjacency entries must total 2m.
// Each adjacency entry becomes one edge u -> v (so every undirected edge appears twice; the CSR
// builder removes duplicates). Vertex sizes and weights are validated and dropped, because an
// EdgeList has no vertex weights.
#include <string>

#include "core/graph/edge_list.hpp"

namespace tessera::io {

EdgeList read_metis(const std::string& path);

}  // namespace tessera::io
