#pragma once
// Generator specifications as used by the CLI (`--generate`) and the YAML runner:
//
//   kronecker:scale=16,edge_factor=16,seed=1     Graph500 Kronecker (random_graphs.hpp)
//   rmat:scale=10,a=0.45,b=0.15,c=0.15          the same generator, named R-MAT
//       keys: scale, edge_factor, a, b, c, seed, scramble (true/false); all optional
//   er:n=1000,m=5000,seed=3                     Erdos-Renyi G(n, m); n and m required
//   clique:n=10   star:n=10 (n leaves)   grid:rows=3,cols=4   bipartite:a=3,b=4
//   path:n=5   cycle:n=5                        structured graphs (structured.hpp); all keys required
//   every generator also takes labels=L (1..2^20): vertex labels in [0, L) hashed from the
//   vertex id (vertex_labels.hpp); without it the graph is unlabelled
//
// A bare name ("kronecker") takes every default. Whitespace around names, keys and values is
// ignored. Unknown generators or keys, repeated or missing keys and malformed values throw
// UserError listing the valid keys.
#include <Kokkos_Core.hpp>

#include <string>

#include "core/graph/edge_list.hpp"
#include "io/generators/random_graphs.hpp"

namespace tessera::gen {

enum class GeneratorKind { kronecker, rmat, erdos_renyi, clique, star, grid, complete_bipartite, path, cycle };

struct GeneratorSpec {
  GeneratorKind kind = GeneratorKind::kronecker;
  KroneckerParams kronecker;      // kronecker, rmat
  ErdosRenyiParams erdos_renyi;   // erdos_renyi
  vid_t n = 0;                    // clique, path, cycle: vertices; star: leaves
  vid_t rows = 0, cols = 0;       // grid
  vid_t a = 0, b = 0;             // complete_bipartite: side sizes
  int labels = 0;                 // every kind: vertex labels in [0, labels); 0 = unlabelled
};

GeneratorSpec parse_generator_spec(const std::string& text);

// Canonical form with every key of the kind, e.g.
// "kronecker:scale=16,edge_factor=16,a=0.57,b=0.19,c=0.19,seed=1,scramble=true";
// parse_generator_spec(to_string(s)) reproduces s.
std::string to_string(const GeneratorSpec& spec);

// The spec's name as written in specs ("kronecker", "rmat", "er", "clique", ...).
const char* generator_name(GeneratorKind kind);

// Runs the generator on the default execution space (structured graphs are built on the host
// and copied).
EdgeArrays<Kokkos::DefaultExecutionSpace::memory_space> generate(const GeneratorSpec& spec);

}  // namespace tessera::gen
