// The multilevel partitioner (paper 3): the matching DP against brute force, toy hypergraphs
// with a known optimum, validity of every result (checked by the independent evaluate_partition),
// determinism across runs and execution spaces, refinement monotonicity, impossible instances,
// and (real-data) ISPD98 runs.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "algorithms/partitioning/matching/pseudoforest_matching.hpp"
#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"
#include "algorithms/partitioning/refinement/refine.hpp"
#include "core/error.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "tests/algorithms/partitioning/host_built_level.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"
#include "io/graph_io.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

template <class Space>
std::vector<part_t> run_partitioner(const HostHypergraph& host, const PartitionParams& p, part_t* num_parts = nullptr) {
  auto h = mirror_hypergraph<typename Space::memory_space>(host);
  auto r = partition_hypergraph(Space{}, h, p);
  if (num_parts) *num_parts = r.num_parts;
  return test::to_vector(r.parts);
}

template <class Space>
PartitionQuality quality(const HostHypergraph& host, const std::vector<part_t>& parts, const PartitionConstraints& c) {
  using mem = typename Space::memory_space;
  auto h = mirror_hypergraph<mem>(host);
  Kokkos::View<part_t*, mem> v("test::parts", parts.size());
  auto vh = Kokkos::create_mirror_view(v);
  std::copy(parts.begin(), parts.end(), vh.data());
  Kokkos::deep_copy(v, vh);
  return evaluate_partition(Space{}, h, Kokkos::View<const part_t*, mem>(v), c);
}

// Two groups of four nodes, each group tied by many 2-pin nets, and one net between them.
HostHypergraph two_clusters(bool directed) {
  HypergraphInput in;
  in.num_nodes = 8;
  in.directed = directed;
  for (vid_t g = 0; g < 2; ++g)
    for (vid_t a = 0; a < 4; ++a)
      for (vid_t b = a + 1; b < 4; ++b) {
        if (directed) in.add_net({4 * g + a}, {4 * g + b}, 1);
        else in.add_net({}, {4 * g + a, 4 * g + b}, 1);
      }
  if (directed) in.add_net({3}, {4}, 1);
  else in.add_net({}, {3, 4}, 1);
  return build_hypergraph(in);
}


PartitionParams constrained(node_weight_t omega, std::optional<std::int64_t> delta) {
  PartitionParams p;
  p.mode = PartitionMode::constrained;
  p.max_block_weight = omega;
  p.max_inbound_nets = delta;
  return p;
}
PartitionParams kway(part_t k, double eps) {
  PartitionParams p;
  p.mode = PartitionMode::kway;
  p.k = k;
  p.epsilon = eps;
  p.initial_trials = 4;  // keeps the tests quick; the benchmark uses the default (16)
  return p;
}

// Brute-force maximum-weight matching over the edges {v, target(v)}.
partitioning::score_t brute_force_matching(const std::vector<vid_t>& target, const std::vector<partitioning::score_t>& score) {
  const vid_t n = static_cast<vid_t>(target.size());
  std::vector<std::pair<vid_t, vid_t>> edges;
  std::vector<partitioning::score_t> w;
  for (vid_t v = 0; v < n; ++v)
    if (target[v] != invalid_vid && !(target[target[v]] == v && target[v] < v)) {
      edges.emplace_back(v, target[v]);
      w.push_back(score[v]);
    }
  partitioning::score_t best = 0;
  std::vector<char> used(n, 0);
  std::function<void(std::size_t, partitioning::score_t)> go = [&](std::size_t i, partitioning::score_t s) {
    if (i == edges.size()) {
      best = std::max(best, s);
      return;
    }
    go(i + 1, s);
    auto [a, b] = edges[i];
    if (!used[a] && !used[b]) {
      used[a] = used[b] = 1;
      go(i + 1, s + w[i]);
      used[a] = used[b] = 0;
    }
  };
  go(0, 0);
  return best;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("partitioner: matching DP equals brute force on random pseudo-forests", Space, matching_cases) {
  using mem = typename Space::memory_space;
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const vid_t n = 2 + static_cast<vid_t>(rng() % 13);
    // A random functional graph with repeated scores (ties) and some nodes without a target;
    // the DP's filter turns it into a pseudo-forest whose cycles have length two.
    std::vector<vid_t> target(n);
    std::vector<partitioning::score_t> score(n);
    for (vid_t v = 0; v < n; ++v) {
      vid_t t = static_cast<vid_t>(rng() % n);
      target[v] = (t == v || rng() % 6 == 0) ? invalid_vid : t;
      score[v] = static_cast<partitioning::score_t>(rng() % 5);
    }
    // Symmetric scores on 2-cycles, as proposals produce them.
    for (vid_t v = 0; v < n; ++v)
      if (target[v] != invalid_vid && target[target[v]] == v) score[target[v]] = score[v];
    Kokkos::View<vid_t*, mem> t("t", n), mate("mate", n);
    Kokkos::View<partitioning::score_t*, mem> s("s", n);
    auto th = Kokkos::create_mirror_view(t);
    auto sh = Kokkos::create_mirror_view(s);
    for (vid_t v = 0; v < n; ++v) {
      th(v) = target[v];
      sh(v) = score[v];
    }
    Kokkos::deep_copy(t, th);
    Kokkos::deep_copy(s, sh);
    Kokkos::deep_copy(mate, invalid_vid);
    partitioning::match_pseudoforest(Space{}, t, s, mate);
    const auto mh = test::to_vector(mate);
    // The DP's kept proposals (same filter, recomputed here) are the brute force's edges.
    std::vector<vid_t> kept(n, invalid_vid);
    for (vid_t v = 0; v < n; ++v) {
      const vid_t u = target[v];
      if (u == invalid_vid) continue;
      const vid_t w = target[u];
      if (w == invalid_vid) {
        kept[v] = u;
        continue;
      }
      auto key = [&](vid_t a, vid_t b, partitioning::score_t sc) {
        return std::make_tuple(sc, std::min(a, b), std::max(a, b));
      };
      if (key(v, u, score[v]) <= key(u, w, score[u])) kept[v] = u;
    }
    partitioning::score_t got = 0;
    for (vid_t v = 0; v < n; ++v) {
      if (mh[v] == invalid_vid) continue;
      REQUIRE(mh[mh[v]] == v);  // symmetric
      REQUIRE((kept[v] == mh[v] || kept[mh[v]] == v));  // along a kept proposal
      if (v < mh[v]) got += kept[v] == mh[v] ? score[v] : score[mh[v]];
    }
    CHECK_MESSAGE(got == brute_force_matching(kept, score), "trial " << trial);
  }
}
TEST_CASE_TEMPLATE_APPLY(matching_cases, tessera::test::ExecSpaces);

TEST_CASE_TEMPLATE_DEFINE("partitioner: toy hypergraphs reach their known optimum", Space, toy_cases) {
  for (bool directed : {false, true}) {
    const auto h = two_clusters(directed);
    part_t parts_count = 0;
    auto parts = run_partitioner<Space>(h, constrained(4, std::nullopt), &parts_count);
    CHECK(parts_count == 2);
    auto q = quality<Space>(h, parts, {4, std::nullopt, std::nullopt});
    CHECK(q.valid);
    CHECK(q.connectivity == 1);
    CHECK(parts[0] == parts[1]);
    CHECK(parts[0] == parts[3]);
    CHECK(parts[4] == parts[7]);
    auto kparts = run_partitioner<Space>(h, kway(2, 0.0));
    auto kq = quality<Space>(h, kparts, {std::nullopt, std::nullopt, 0.0});
    CHECK(kq.valid);
    CHECK(kq.k == 2);
    CHECK(kq.connectivity == 1);
  }
  // Omega = 8 holds everything in one block: connectivity 0.
  const auto h = two_clusters(false);
  part_t count = 0;
  auto parts = run_partitioner<Space>(h, constrained(8, std::nullopt), &count);
  CHECK(count == 1);
}
TEST_CASE_TEMPLATE_APPLY(toy_cases, tessera::test::ExecSpaces);

TEST_CASE_TEMPLATE_DEFINE("partitioner: results are valid and deterministic on random hypergraphs", Space, random_cases) {
  for (unsigned seed : {1u, 3u}) {
    const bool weighted = seed == 3;
    const auto h = test::random_local_hypergraph(400, 600, 6, seed, weighted);
    // Constrained: Omega and Delta both binding.
    for (auto limits : {std::pair<node_weight_t, std::int64_t>{32, 40}, {10, 24}}) {
      const node_weight_t omega = limits.first;
      const std::int64_t delta = limits.second;
      auto p = constrained(omega, delta);
      p.seed = seed;
      part_t count = 0;
      auto a = run_partitioner<Space>(h, p, &count);
      auto b = run_partitioner<Space>(h, p);
      CHECK(a == b);
      auto q = quality<Space>(h, a, {omega, delta, std::nullopt});
      CHECK_MESSAGE(q.valid, "seed " << seed << " omega " << omega << " delta " << delta);
      CHECK(q.k == count);
      // Determinism across execution spaces (host vs device when they differ).
      auto c = run_partitioner<Kokkos::DefaultHostExecutionSpace>(h, p);
      CHECK(a == c);
    }
    for (part_t k : {2, 4}) {
      auto p = kway(k, 0.03);
      p.seed = seed;
      auto a = run_partitioner<Space>(h, p);
      CHECK(a == run_partitioner<Space>(h, p));
      auto q = quality<Space>(h, a, {std::nullopt, std::nullopt, 0.03});
      CHECK_MESSAGE(q.valid, "seed " << seed << " k " << k);
      CHECK(q.k == k);
      CHECK(a == run_partitioner<Kokkos::DefaultHostExecutionSpace>(h, p));
    }
  }
}
TEST_CASE_TEMPLATE_APPLY(random_cases, tessera::test::ExecSpaces);

TEST_CASE_TEMPLATE_DEFINE("partitioner: refinement never worsens connectivity nor breaks validity", Space, refine_cases) {
  using mem = typename Space::memory_space;
  const auto host = test::random_local_hypergraph(400, 700, 5, 11, false);
  auto h = mirror_hypergraph<mem>(host);
  // A valid but poor start: round-robin blocks of at most 50 nodes.
  const part_t k = 10;
  std::vector<part_t> start(host.num_nodes);
  for (vid_t v = 0; v < host.num_nodes; ++v) start[v] = v % k;
  const PartitionConstraints c{50, 400, std::nullopt};
  auto before = quality<Space>(host, start, c);
  REQUIRE(before.valid);
  // Level from the hypergraph (unit weights: fixed point shift 0 keeps the test simple).
  const auto L = test::host_built_level(h);
  Kokkos::View<part_t*, mem> parts("parts", start.size());
  auto ph = Kokkos::create_mirror_view(parts);
  std::copy(start.begin(), start.end(), ph.data());
  Kokkos::deep_copy(parts, ph);
  partitioning::PartitionLimits limits;
  limits.max_block_weight = 50;
  limits.max_inbound = 400;
  limits.check_inbound = true;
  double previous = before.connectivity;
  for (int round = 0; round < 4; ++round) {
    partitioning::RefinementParams rp;
    rp.repetitions = 2;
    auto stats = partitioning::refine(Space{}, L, parts, k, limits, rp);
    auto after = quality<Space>(host, test::to_vector(parts), c);
    CHECK(after.valid);
    CHECK(after.connectivity <= previous);
    CHECK(previous - after.connectivity == doctest::Approx(double(stats.gain)));  // in-sequence gains are exact
    previous = after.connectivity;
  }
  CHECK(previous < before.connectivity);
}
TEST_CASE_TEMPLATE_APPLY(refine_cases, tessera::test::ExecSpaces);

TEST_CASE("partitioner: several runs keep the best of their seeds") {
  using Space = Kokkos::DefaultExecutionSpace;
  const auto h = test::random_local_hypergraph(300, 500, 5, 7, false);
  for (auto p : {kway(2, 0.03), constrained(24, 30)}) {
    p.seed = 5;
    // Each seed alone; the runs = 3 result is the best (fewest blocks first when constrained,
    // then connectivity, earliest seed on ties).
    std::vector<part_t> best;
    part_t best_count = 0;
    double best_conn = 0;
    for (int run = 0; run < 3; ++run) {
      auto single = p;
      single.seed = p.seed + run;
      part_t count = 0;
      auto parts = run_partitioner<Space>(h, single, &count);
      const auto q = quality<Space>(h, parts, constraints_of(single));
      REQUIRE(q.valid);
      const bool fewer = p.mode == PartitionMode::constrained && count != best_count;
      if (run == 0 || (fewer ? count < best_count : q.connectivity < best_conn)) {
        best = parts;
        best_count = count;
        best_conn = q.connectivity;
      }
    }
    p.runs = 3;
    CHECK(run_partitioner<Space>(h, p) == best);
  }
  auto p = kway(2, 0.03);
  p.runs = 0;
  CHECK_THROWS_AS(run_partitioner<Space>(h, p), UserError);
}

TEST_CASE("partitioner: impossible instances and bad parameters are user errors") {
  using Space = Kokkos::DefaultExecutionSpace;
  HypergraphInput in;
  in.num_nodes = 3;
  in.directed = true;
  in.add_net({0}, {1, 2}, 1);
  in.add_net({1}, {2}, 1);
  in.node_weights = {1, 5, 1};
  const auto h = build_hypergraph(in);
  CHECK_THROWS_AS(run_partitioner<Space>(h, constrained(4, std::nullopt)), UserError);  // node 1 weighs 5
  CHECK_THROWS_AS(run_partitioner<Space>(h, constrained(5, 1)), UserError);             // node 2 has 2 inbound nets
  CHECK_NOTHROW(run_partitioner<Space>(h, constrained(5, 2)));
  CHECK_THROWS_AS(run_partitioner<Space>(h, kway(4, 0.03)), UserError);   // k > nodes
  CHECK_THROWS_AS(run_partitioner<Space>(h, kway(2, -0.1)), UserError);   // eps < 0
  CHECK_THROWS_AS(run_partitioner<Space>(h, kway(0, 0.03)), UserError);
  CHECK_THROWS_AS(run_partitioner<Space>(h, kway(3, 0.0)), UserError);    // node of 5 > ceil(7/3) = 3
  CHECK_THROWS_AS(find_constraint_preset("loihi"), UserError);
  CHECK(find_constraint_preset("loihi-64").max_block_weight == 1024);
  CHECK(find_constraint_preset("TrueNorth").max_inbound_nets == 256);
  CHECK(find_constraint_preset("Loihi-84").max_parts == 7056);
}

TEST_SUITE("real-data") {
  TEST_CASE("partitioner: ISPD98 ibm01 k = 2 balanced and Loihi-64 constrained runs are valid") {
    using Space = Kokkos::DefaultExecutionSpace;
    for (const char* name : {"ibm01"}) {  // the smallest instance: ~10 s; the benchmark runs all nine
      const auto host = io::load_hypergraph(test::data_path(std::string("hypergraphs/ispd98/") + name + ".hgr.gz"));
      auto kp = kway(2, 0.03);
      kp.initial_trials = PartitionParams{}.initial_trials;  // the default, as benchmarked
      auto parts = run_partitioner<Space>(host, kp);
      auto q = quality<Space>(host, parts, {std::nullopt, std::nullopt, 0.03});
      CHECK(q.valid);
      CHECK(q.k == 2);
      MESSAGE(std::string(name) << " k=2 cut " << q.cut_net);
      // Best known cut is 202 (KaHyPar); we measured 216 and require within 20% here (the
      // benchmark tracks the gap on all nine instances).
      CHECK(q.cut_net <= 242);
      auto preset = find_constraint_preset("Loihi-64");
      part_t count = 0;
      auto fewest = constrained(preset.max_block_weight, preset.max_inbound_nets);
      fewest.fewest_blocks = FewestBlocks::search;
      auto cparts = run_partitioner<Space>(host, fewest, &count);
      auto cq = quality<Space>(host, cparts, {preset.max_block_weight, preset.max_inbound_nets, std::nullopt});
      CHECK(cq.valid);
      // Fewest blocks: ceil(12,752 / 1,024) = 13, as many as the one-pass baseline.
      CHECK(count == 13);
      MESSAGE(std::string(name) << " Loihi-64 connectivity " << cq.connectivity << " parts " << count);
      // Coarsest-level packing only: one block more, and connectivity below AxonCUDA's (the
      // paper's artifact on an H200: 1,606 with 136 parts).
      auto coarse_only = constrained(preset.max_block_weight, preset.max_inbound_nets);
      coarse_only.fewest_blocks = FewestBlocks::off;
      auto oparts = run_partitioner<Space>(host, coarse_only, &count);
      auto oq = quality<Space>(host, oparts, {preset.max_block_weight, preset.max_inbound_nets, std::nullopt});
      CHECK(oq.valid);
      CHECK(oq.connectivity < 1606);
      MESSAGE(std::string(name) << " Loihi-64 coarsest packing: connectivity " << oq.connectivity << " parts " << count);
    }
  }
}
