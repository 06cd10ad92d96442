// Coarse-level recursive bisection (initial/recursive_bisection), the direct scheme's initial
// trials: with unit weights every block stays within the bisection budget's product (so within
// (1 + eps) of ceil(W / k), before any repair), the budget split is KaHyPar's
// eps' = (1 + eps)^(1/ceil(log2 k)) - 1, uneven k splits ceil / floor, and the result is a function of
// the seed (exact cuts measured once).
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "algorithms/partitioning/initial/greedy_growing.hpp"
#include "algorithms/partitioning/initial/recursive_bisection.hpp"
#include "algorithms/partitioning/metrics/balance.hpp"
#include "tests/algorithms/partitioning/host_built_level.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"

using namespace tessera;
using namespace tessera::partitioning;

TEST_CASE("recursive bisection: the imbalance budget per level") {
  CHECK(bisection_epsilon(0.03, 2) == 0.03);
  CHECK(std::abs(bisection_epsilon(0.03, 4) - (std::sqrt(1.03) - 1)) < 1e-12);
  CHECK(std::abs(bisection_epsilon(0.03, 8) - (std::cbrt(1.03) - 1)) < 1e-12);
  CHECK(std::abs(bisection_epsilon(0.03, 5) - (std::cbrt(1.03) - 1)) < 1e-12);  // ceil(log2 5) = 3
}

TEST_CASE("recursive bisection: every block within (1 + eps) ceil(W / k), exact cuts, deterministic") {
  const auto h = test::random_local_hypergraph(960, 1400, 6, 5);
  const auto L = test::host_built_level(h);
  // k -> cut objective value (1000 * cut + connectivity), measured once
  const std::vector<std::pair<part_t, score_t>> expected = {{3, 174187}, {4, 274302}, {8, 455554}};
  for (const auto& [k, value] : expected) {
    BisectionOptions o;
    o.epsilon = 0.03;
    o.seed = 9;
    const auto parts = recursive_bisection(L, k, o);
    std::vector<node_weight_t> w(k, 0);
    for (vid_t v = 0; v < L.num_nodes; ++v) {
      REQUIRE(parts[v] >= 0);
      REQUIRE(parts[v] < k);
      w[parts[v]] += L.node_weights(v);
    }
    const node_weight_t omega = kahypar_max_block_weight(L.num_nodes, k, 0.03);
    for (part_t p = 0; p < k; ++p) CHECK_MESSAGE(w[p] <= omega, "k = " << k << ", block " << p << ": " << w[p]);
    CHECK_MESSAGE(host_objective(L, parts, KwayObjective::cut) == value, "k = " << k);
    CHECK(recursive_bisection(L, k, o) == parts);
  }
}
