// Counts the triangles of a generated graph with an installed Tessera (Tessera::tessera) and
// checks the count: a 6-clique has C(6,3) = 20 triangles. Exit 0 when it matches.
#include <Kokkos_Core.hpp>

#include <cstdio>

#include "algorithms/triangle_count/triangle_count.hpp"
#include "io/graph_io.hpp"

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  const auto loaded = tessera::io::load_graph("gen:clique:n=6");
  const auto result = tessera::triangle_count(Kokkos::DefaultExecutionSpace{}, loaded.graph);
  std::printf("clique(6): %llu triangles\n", static_cast<unsigned long long>(result.triangles));
  return result.triangles == 20 ? 0 : 1;
}
