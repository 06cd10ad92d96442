#include "io/generators/random_graphs.hpp"

#include <limits>

#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "io/generators/random_graphs_impl.hpp"

namespace tessera::gen {

void validate(const KroneckerParams& p) {
  TESSERA_USER_REQUIRE(p.scale >= 1 && p.scale <= 30,
                       "kronecker: scale must be in 1..30 (2^scale vertices, 32-bit ids), got " << p.scale);
  TESSERA_USER_REQUIRE(p.edge_factor >= 1, "kronecker: edge_factor must be at least 1, got " << p.edge_factor);
  TESSERA_USER_REQUIRE(p.a >= 0 && p.b >= 0 && p.c >= 0,
                       "kronecker: probabilities a, b, c must be non-negative, got a=" << p.a << " b=" << p.b
                                                                                      << " c=" << p.c);
  TESSERA_USER_REQUIRE(p.a + p.b + p.c < 1.0,
                       "kronecker: a + b + c must be below 1 (d = 1 - a - b - c), got a=" << p.a << " b=" << p.b
                                                                                          << " c=" << p.c);
  const eid_t n = eid_t{1} << p.scale;
  TESSERA_USER_REQUIRE(static_cast<eid_t>(p.edge_factor) <= std::numeric_limits<eid_t>::max() / n,
                       "kronecker: 2^scale * edge_factor overflows the 64-bit edge count (scale="
                           << p.scale << ", edge_factor=" << p.edge_factor << ")");
}

void validate(const ErdosRenyiParams& p) {
  TESSERA_USER_REQUIRE(p.n >= 0, "er: n must be non-negative, got " << p.n);
  TESSERA_USER_REQUIRE(p.m >= 0, "er: m must be non-negative, got " << p.m);
  TESSERA_USER_REQUIRE(p.m == 0 || p.n >= 1, "er: m = " << p.m << " edges need at least one vertex (n = 0)");
}

#define TESSERA_GEN_INST(Space)                                                                        \
  template EdgeArrays<Space::memory_space> kronecker<Space>(const Space&, const KroneckerParams&); \
  template EdgeArrays<Space::memory_space> kronecker<Space>(const Space&, const KroneckerParams&, eid_t, eid_t); \
  template EdgeArrays<Space::memory_space> erdos_renyi<Space>(const Space&, const ErdosRenyiParams&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_GEN_INST)
#undef TESSERA_GEN_INST

}  // namespace tessera::gen
