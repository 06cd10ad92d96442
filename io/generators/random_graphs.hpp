#pragma once
// Random graph generators that run on an execution space and produce raw `EdgeArrays`.
//
// Determinism: every edge is a pure function of (seed, edge index) through a counter-based hash
// (splitmix64 finaliser), so the output is bit-identical on every backend, thread count and
// schedule. No Kokkos::Random pools (their streams depend on thread ids).
//
// Output is raw: self-loops and duplicate edges may occur; `build_graph` removes them.
// Edges carry no weights and vertices no labels.
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "core/graph/edge_list.hpp"
#include "core/types.hpp"

namespace tessera::gen {

// Graph500 Kronecker / R-MAT. 2^scale vertices, edge_factor * 2^scale edges. At each of the
// `scale` levels an edge falls into quadrant (0,0) with probability a, (0,1) with b, (1,0)
// with c and (1,1) with 1 - a - b - c. Graph500 uses a = 0.57, b = c = 0.19.
struct KroneckerParams {
  int scale = 16;            // 1..30
  int edge_factor = 16;      // >= 1
  double a = 0.57, b = 0.19, c = 0.19;  // each >= 0, a + b + c < 1
  std::uint64_t seed = 1;
  // Relabel vertices through a seed-derived bijection of [0, 2^scale) so that degree is not
  // correlated with id (without it, vertex 0 is the hub).
  bool scramble_ids = true;
};

// Throws UserError when the parameters are out of range.
void validate(const KroneckerParams& p);

template <class ExecSpace>
EdgeArrays<typename ExecSpace::memory_space> kronecker(const ExecSpace& space, const KroneckerParams& p);
// Edges [first, last) of the same stream (what kronecker() writes at those indices), so that a
// rank can generate the stream in chunks; 0 <= first <= last <= 2^scale * edge_factor.
template <class ExecSpace>
EdgeArrays<typename ExecSpace::memory_space> kronecker(const ExecSpace& space, const KroneckerParams& p, eid_t first,
                                                       eid_t last);

// Erdos-Renyi G(n, m): m pairs (u, v), each endpoint uniform on [0, n), independently.
struct ErdosRenyiParams {
  vid_t n = 0;  // >= 1 when m > 0
  eid_t m = 0;  // >= 0
  std::uint64_t seed = 1;
};

void validate(const ErdosRenyiParams& p);

template <class ExecSpace>
EdgeArrays<typename ExecSpace::memory_space> erdos_renyi(const ExecSpace& space, const ErdosRenyiParams& p);

}  // namespace tessera::gen
