// The k-way FM's gain cache (initial/kway_gain_cache) and objectives (common/kway_objective.hpp):
// after random move sequences every cached gain equals its recomputation from the pin counts, and
// every move's gain is the exact change of the objective (connectivity, or k_cut_gain_factor * cut + connectivity);
// the FM with the cache makes the same moves as without it, and with km1 the same partitions as
// the FM before the cache (values measured with that code, main at 515c271).
#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <random>
#include <tuple>
#include <vector>

#include "algorithms/partitioning/initial/fm_refine.hpp"
#include "algorithms/partitioning/initial/greedy_growing.hpp"
#include "algorithms/partitioning/initial/kway_gain_cache.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "tests/algorithms/partitioning/host_built_level.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"

using namespace tessera;
using namespace tessera::partitioning;

namespace {

// Random local nets plus one net of 120 pins and a few single-pin nets (the cases where many pins'
// gains change at once, and where none does).
HostHypergraph mixed_hypergraph(unsigned seed) {
  HypergraphInput in = to_hypergraph_input(test::random_local_hypergraph(300, 450, 12, seed, /*weighted=*/true));
  std::vector<vid_t> wide;
  for (vid_t v = 0; v < 240; v += 2) wide.push_back(v);
  in.add_net({}, wide, 3);
  for (vid_t v = 0; v < 5; ++v) in.add_net({}, {v * 7}, 2);
  return build_hypergraph(in);
}

// The objective from scratch: connectivity (km1) or k_cut_gain_factor * cut + connectivity.
score_t objective_value(const Level<Kokkos::HostSpace>& L, const std::vector<part_t>& parts, part_t k,
                        KwayObjective objective) {
  score_t total = 0;
  for (nid_t e = 0; e < L.num_nets; ++e) {
    std::vector<char> seen(k, 0);
    score_t lambda = 0;
    for (eid_t q = L.net_offsets(e); q < L.net_offsets(e + 1); ++q)
      if (!seen[parts[L.pins(q)]]++) ++lambda;
    if (lambda <= 1) continue;
    total += L.net_weights(e) * (lambda - 1);
    if (objective == KwayObjective::cut) total += k_cut_gain_factor * L.net_weights(e);
  }
  return total;
}

std::uint64_t fnv_hash(const std::vector<part_t>& parts) {
  std::uint64_t hash = 1469598103934665603ULL;
  for (const part_t p : parts) hash = (hash ^ std::uint64_t(p)) * 1099511628211ULL;
  return hash;
}

node_weight_t balanced_omega(const Level<Kokkos::HostSpace>& L, part_t k) {
  node_weight_t W = 0;
  for (vid_t v = 0; v < L.num_nodes; ++v) W += L.node_weights(v);
  return node_weight_t(1.03 * double((W + k - 1) / k));
}

}  // namespace

TEST_CASE("k-way gain cache: cached gains equal recomputed ones and the objective's change after random moves") {
  const auto h = mixed_hypergraph(11);
  const auto L = test::host_built_level(h);
  for (const auto objective : {KwayObjective::km1, KwayObjective::cut}) {
    for (const part_t k : {2, 3, 8, 64}) {
      std::mt19937 rng(7 + k);
      std::vector<part_t> parts(L.num_nodes);
      for (auto& p : parts) p = part_t(rng() % k);
      KwayGainCache cache(L, parts, k, objective);
      score_t value = objective_value(L, parts, k, objective);
      int mismatches = 0, wrong_changes = 0;
      for (int step = 0; step < 400; ++step) {
        const vid_t v = vid_t(rng() % L.num_nodes);
        const part_t to = part_t((cache.block(v) + 1 + rng() % (k - 1)) % k);
        const score_t gain = cache.gain(v, to);
        cache.move(v, to);
        const score_t next = objective_value(L, parts, k, objective);
        if (value - next != gain) ++wrong_changes;
        value = next;
        if (step % 40 != 39) continue;
        for (vid_t u = 0; u < L.num_nodes; ++u)
          for (part_t p = 0; p < k; ++p)
            if (p != cache.block(u) && cache.gain(u, p) != cache.recomputed_gain(u, p)) ++mismatches;
      }
      CHECK_MESSAGE(mismatches == 0, to_string(objective) << ", k = " << k);
      CHECK_MESSAGE(wrong_changes == 0, to_string(objective) << ", k = " << k);
      int wrong_counts = 0;
      for (nid_t e = 0; e < L.num_nets; ++e) {
        std::vector<std::int32_t> count(k, 0);
        for (eid_t q = L.net_offsets(e); q < L.net_offsets(e + 1); ++q) ++count[parts[L.pins(q)]];
        const bool single = L.net_offsets(e + 1) - L.net_offsets(e) < 2;  // not tracked
        for (part_t p = 0; p < k && !single; ++p) wrong_counts += cache.pin_count(e, p) != count[p];
      }
      CHECK_MESSAGE(wrong_counts == 0, to_string(objective) << ", k = " << k);
    }
  }
}

TEST_CASE("k-way FM: the gain cache makes the same moves; km1 gives the partitions of the FM before it") {
  // (seed, k) -> (connectivity improvement, connectivity after, hash of the partition), from the
  // FM before the gain cache (greedy growing with seed 17 + k, Omega 1.03 ceil(W / k), stop 50).
  const std::map<std::pair<unsigned, part_t>, std::tuple<score_t, score_t, std::uint64_t>> before = {
      {{5, 2}, {322, 78, 7277960410360993380ULL}},     {{5, 4}, {509, 267, 2297683884084700416ULL}},
      {{5, 16}, {395, 892, 4727406312562821238ULL}},   {{5, 64}, {320, 2467, 15811785549582389910ULL}},
      {{6, 2}, {435, 315, 13715466920471606215ULL}},   {{6, 4}, {950, 668, 6547174478410718354ULL}},
      {{6, 16}, {643, 2276, 2843412964221018768ULL}},  {{6, 64}, {49, 6617, 9956663102462697308ULL}}};
  for (const unsigned seed : {5u, 6u}) {
    const auto L = test::host_built_level(test::random_local_hypergraph(800, 1200, 10, seed, seed == 6));
    for (const part_t k : {2, 4, 16, 64}) {
      const node_weight_t omega = balanced_omega(L, k);
      const auto start = greedy_growing(L, k, omega, 17 + k);
      for (const auto objective : {KwayObjective::km1, KwayObjective::cut}) {
        std::vector<std::vector<part_t>> results;
        std::vector<score_t> improvements;
        // cached (automatic rollback), recomputed, cached undoing one by one, cached restoring
        for (const auto& [recompute, rollback] :
             {std::pair{false, FmOptions::Rollback::automatic}, std::pair{true, FmOptions::Rollback::automatic},
              std::pair{false, FmOptions::Rollback::reverse}, std::pair{false, FmOptions::Rollback::restore}}) {
          FmOptions o;
          o.stop_after = 50;
          o.objective = objective;
          o.recompute_gains = recompute;
          o.rollback = rollback;
          auto parts = start;
          improvements.push_back(fm_refine(L, parts, k, omega, o));
          results.push_back(parts);
        }
        const std::string what = to_string(objective) + ", seed " + std::to_string(seed) + ", k = " + std::to_string(k);
        for (std::size_t i = 1; i < results.size(); ++i) {
          CHECK_MESSAGE(results[0] == results[i], what << ", variant " << i);
          CHECK_MESSAGE(improvements[0] == improvements[i], what << ", variant " << i);
        }
        CHECK_MESSAGE(objective_value(L, start, k, objective) - objective_value(L, results[0], k, objective) ==
                          improvements[0], what);
        if (objective != KwayObjective::km1) continue;
        const auto [improvement, after, hash] = before.at({seed, k});
        CHECK_MESSAGE(improvements[0] == improvement, what);
        CHECK_MESSAGE(host_connectivity(L, results[0]) == after, what);
        CHECK_MESSAGE(fnv_hash(results[0]) == hash, what);
      }
    }
  }
}

// Moves a random node to another block.
void random_move(KwayGainCache& cache, std::mt19937& rng, vid_t n, part_t k) {
  const vid_t v = vid_t(rng() % n);
  cache.move(v, part_t((cache.block(v) + 1 + rng() % (k - 1)) % k));
}

TEST_CASE("k-way gain cache: restore() puts back the counts and gains save() kept") {
  const auto h = mixed_hypergraph(12);
  const auto L = test::host_built_level(h);
  for (const part_t k : {2, 5}) {
    std::mt19937 rng(3 + k);
    std::vector<part_t> parts(L.num_nodes);
    for (auto& p : parts) p = part_t(rng() % k);
    KwayGainCache cache(L, parts, k, KwayObjective::cut);
    for (int step = 0; step < 50; ++step) random_move(cache, rng, L.num_nodes, k);
    const auto saved_parts = parts;
    std::vector<score_t> gains;
    for (vid_t u = 0; u < L.num_nodes; ++u)
      for (part_t p = 0; p < k; ++p) gains.push_back(cache.gain(u, p));
    cache.save();
    for (int step = 0; step < 200; ++step) random_move(cache, rng, L.num_nodes, k);
    REQUIRE(parts != saved_parts);
    parts = saved_parts;  // the caller's part
    cache.restore();
    int wrong = 0, stale = 0;
    for (vid_t u = 0; u < L.num_nodes; ++u)
      for (part_t p = 0; p < k; ++p) {
        wrong += cache.gain(u, p) != gains[std::size_t(u) * k + p];
        stale += p != parts[u] && cache.gain(u, p) != cache.recomputed_gain(u, p);
      }
    CHECK(wrong == 0);
    CHECK(stale == 0);
    // and moves from there keep it exact
    for (int step = 0; step < 100; ++step) random_move(cache, rng, L.num_nodes, k);
    for (vid_t u = 0; u < L.num_nodes; ++u)
      for (part_t p = 0; p < k; ++p) stale += p != parts[u] && cache.gain(u, p) != cache.recomputed_gain(u, p);
    CHECK(stale == 0);
  }
}
