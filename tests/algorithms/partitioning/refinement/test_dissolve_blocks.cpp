// Block dissolution (refinement/dissolve_blocks.hpp, --fewest-blocks dissolve; issue 24): the
// lightest blocks emptied into the others within Omega and Delta, checked against a serial
// recount of block weights, distinct inbound nets and connectivity; deterministic; a block that
// cannot be emptied is left as it was; the same partitions as a recount of every candidate move.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "algorithms/partitioning/refinement/dissolve_blocks.hpp"
#include "tests/algorithms/partitioning/host_built_level.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"

using namespace tessera;

namespace {

struct Recount {
  std::vector<node_weight_t> weight;
  std::vector<std::int64_t> inbound;
  std::int64_t connectivity = 0;  // Σ_e w(e) (λ(e) - 1)
  part_t nonempty = 0;
};

Recount recount(const HostHypergraph& h, const std::vector<part_t>& parts, part_t k) {
  Recount r;
  r.weight.assign(k, 0);
  r.inbound.assign(k, 0);
  for (vid_t v = 0; v < h.num_nodes; ++v) r.weight[parts[v]] += h.node_weights(v);
  for (nid_t e = 0; e < h.num_nets(); ++e) {
    std::set<part_t> all, destinations;
    for (eid_t i = h.net_offsets(e); i < h.net_offsets(e + 1); ++i) {
      all.insert(parts[h.pins(i)]);
      if (i >= h.net_offsets(e) + h.net_num_sources(e)) destinations.insert(parts[h.pins(i)]);
    }
    for (const part_t p : destinations) ++r.inbound[p];
    r.connectivity += static_cast<std::int64_t>(h.net_weights(e)) * static_cast<std::int64_t>(all.size() - 1);
  }
  r.nonempty = static_cast<part_t>(std::count_if(r.weight.begin(), r.weight.end(), [](node_weight_t w) { return w > 0; }));
  return r;
}

}  // namespace

TEST_CASE("dissolve_blocks: the lightest blocks emptied within Omega and Delta, deterministically") {
  const HostHypergraph h = test::random_local_hypergraph(400, 700, 5, 11, false);
  const auto L = test::host_built_level(h);
  partitioning::PartitionLimits limits;
  limits.max_block_weight = 50;
  limits.max_inbound = 200;
  limits.check_inbound = true;
  const part_t k = 12;
  std::vector<part_t> start(h.num_nodes);
  for (vid_t v = 0; v < h.num_nodes; ++v) start[v] = static_cast<part_t>(v * k / h.num_nodes);  // 12 runs of 33-34
  const Recount before = recount(h, start, k);
  REQUIRE(before.nonempty == 12);
  for (part_t p = 0; p < k; ++p) REQUIRE(before.inbound[p] <= limits.max_inbound);

  std::vector<part_t> parts = start;
  const auto stats = partitioning::dissolve_blocks(L, parts, k, limits, 8);
  const Recount after = recount(h, parts, k);
  CHECK(stats.dissolved == 4);
  CHECK(stats.remaining == 8);
  CHECK(after.nonempty == 8);
  for (part_t p = 0; p < k; ++p) {
    CHECK(after.weight[p] <= limits.max_block_weight);
    CHECK(after.inbound[p] <= limits.max_inbound);
  }
  CHECK(before.connectivity == 596);
  CHECK(after.connectivity == 396);  // local nets: merging neighbouring runs joins their cut nets
  std::vector<part_t> again = start;
  partitioning::dissolve_blocks(L, again, k, limits, 8);
  CHECK(again == parts);

  SUBCASE("the target stops it") {
    std::vector<part_t> some = start;
    const auto one = partitioning::dissolve_blocks(L, some, k, limits, 11);
    CHECK(one.dissolved == 1);
    CHECK(recount(h, some, k).nonempty == 11);
  }
  SUBCASE("a block that cannot be emptied is restored") {
    partitioning::PartitionLimits tight = limits;
    tight.max_block_weight = 34;  // every block nearly full: the lightest cannot go anywhere whole
    std::vector<part_t> stuck = start;
    const auto none = partitioning::dissolve_blocks(L, stuck, k, tight, 8);
    CHECK(none.dissolved == 0);
    CHECK(none.remaining == 12);
    CHECK(stuck == start);
  }
}

namespace {

// The header's rule, written out with a full recount for every candidate move: independent of
// dissolve_blocks' incremental per-(net, block) counts.
std::vector<part_t> reference_dissolve(const HostHypergraph& h, const partitioning::Level<Kokkos::HostSpace>& L,
                                       std::vector<part_t> parts, part_t k,
                                       const partitioning::PartitionLimits& limits, part_t target) {
  auto valid_block = [&](const std::vector<part_t>& trial, part_t p) {
    const Recount r = recount(h, trial, k);
    return r.weight[p] <= limits.max_block_weight && (!limits.check_inbound || r.inbound[p] <= limits.max_inbound);
  };
  while (recount(h, parts, k).nonempty > target) {
    const Recount now = recount(h, parts, k);
    part_t lightest = -1;
    for (part_t p = 0; p < k; ++p)
      if (now.weight[p] > 0 && (lightest < 0 || now.weight[p] < now.weight[lightest])) lightest = p;
    std::vector<bool> live(k);
    for (part_t p = 0; p < k; ++p) live[p] = now.weight[p] > 0 && p != lightest;
    const std::vector<part_t> saved = parts;
    for (vid_t v = 0; v < h.num_nodes; ++v) {
      if (saved[v] != lightest) continue;
      std::vector<partitioning::score_t> shared(k, 0);
      std::vector<bool> neighbour(k, false);
      for (nid_t e = 0; e < L.num_nets; ++e) {
        std::set<part_t> others;
        bool has_v = false;
        for (eid_t i = L.net_offsets(e); i < L.net_offsets(e + 1); ++i) {
          if (L.pins(i) == v) has_v = true;
          else others.insert(parts[L.pins(i)]);
        }
        if (!has_v) continue;
        for (const part_t p : others) {
          shared[p] += L.net_weights(e);
          neighbour[p] = true;
        }
      }
      auto fits = [&](part_t p) {
        std::vector<part_t> trial = parts;
        trial[v] = p;
        return valid_block(trial, p);
      };
      part_t best = -1;  // the valid neighbouring block sharing the most (ties: lowest id)
      for (part_t p = 0; p < k; ++p)
        if (live[p] && neighbour[p] && fits(p) && (best < 0 || shared[p] > shared[best])) best = p;
      for (part_t p = 0; p < k && best < 0; ++p)  // else the first valid block it shares nothing with
        if (live[p] && !neighbour[p] && fits(p)) best = p;
      if (best < 0) return saved;  // the block cannot be emptied: restored, and dissolution stops
      parts[v] = best;
    }
  }
  return parts;
}

}  // namespace

TEST_CASE("dissolve_blocks: the same partitions as a recount of every candidate move") {
  for (const unsigned seed : {1u, 2u, 3u, 4u}) {
    CAPTURE(seed);
    const HostHypergraph h = test::random_local_hypergraph(160, 260, 6, seed, /*weighted=*/seed % 2 == 0);
    const auto L = test::host_built_level(h);
    partitioning::PartitionLimits limits;
    limits.max_block_weight = seed % 2 == 0 ? 80 : 40;  // Delta binds (but for seed 3)
    limits.max_inbound = 60 + 5 * seed;
    limits.check_inbound = seed != 3;
    const part_t k = 14;
    std::vector<part_t> start(h.num_nodes);
    for (vid_t v = 0; v < h.num_nodes; ++v) start[v] = static_cast<part_t>((v * 7 + v / 11) % k);  // scattered
    REQUIRE(recount(h, start, k).nonempty == k);
    for (const part_t target : {part_t(12), part_t(9), part_t(1)}) {
      CAPTURE(target);
      std::vector<part_t> parts = start;
      const auto stats = partitioning::dissolve_blocks(L, parts, k, limits, target);
      CHECK(parts == reference_dissolve(h, L, start, k, limits, target));
      CHECK(stats.remaining == recount(h, parts, k).nonempty);
    }
  }
}
