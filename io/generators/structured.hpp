#pragma once
// Small structured graphs with known properties, built on the host. Each undirected edge
// appears once, as (u, v) with u < v; no self-loops, no duplicates, no weights or labels.
//
//   graph                      vertices   edges              triangles
//   clique(n)                  n          n(n-1)/2           C(n,3) = n(n-1)(n-2)/6
//   star(leaves)               leaves+1   leaves  (centre 0) 0
//   grid(rows, cols)           rows*cols  rows(cols-1)+cols(rows-1)   0   (id = r*cols + c)
//   complete_bipartite(a, b)   a+b        a*b  (sides [0,a), [a,a+b))  0
//   path(n)                    n          max(n-1, 0)        0
//   cycle(n), n >= 3           n          n                  1 if n == 3, else 0
// Sizes are limited so that vertex ids fit vid_t; negative sizes throw UserError.
#include "core/graph/edge_list.hpp"
#include "core/types.hpp"

namespace tessera::gen {

EdgeList clique(vid_t n);
EdgeList star(vid_t leaves);
EdgeList grid(vid_t rows, vid_t cols);
EdgeList complete_bipartite(vid_t a, vid_t b);
EdgeList path(vid_t n);
EdgeList cycle(vid_t n);

}  // namespace tessera::gen
