// Sequential constrained FM (refinement/constrained_fm.hpp; issue 24): the result is valid (Omega
// and Delta counted here independently), its connectivity decrease is the reported gain and never
// negative, blocks are never opened, and the same input gives the same partition.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "algorithms/partitioning/refinement/constrained_fm.hpp"
#include "core/hypergraph/hypergraph.hpp"
#include "tests/algorithms/partitioning/host_built_level.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"

using namespace tessera;

namespace {

struct Measured {
  std::int64_t connectivity = 0;
  std::vector<std::int64_t> weight, inbound;
  int blocks = 0;
};

Measured measure(const partitioning::Level<Kokkos::HostSpace>& L, const std::vector<part_t>& parts, part_t k) {
  Measured m;
  m.weight.assign(k, 0);
  m.inbound.assign(k, 0);
  for (vid_t v = 0; v < L.num_nodes; ++v) m.weight[parts[v]] += L.node_weights(v);
  for (nid_t e = 0; e < L.num_nets; ++e) {
    std::set<part_t> all, dst;
    for (eid_t i = L.net_offsets(e); i < L.net_offsets(e + 1); ++i) {
      all.insert(parts[L.pins(i)]);
      if (i >= L.net_offsets(e) + L.net_num_sources(e)) dst.insert(parts[L.pins(i)]);
    }
    m.connectivity += L.net_weights(e) * (static_cast<std::int64_t>(all.size()) - 1);
    for (part_t b : dst) m.inbound[b]++;
  }
  for (part_t b = 0; b < k; ++b) m.blocks += m.weight[b] > 0;
  return m;
}

}  // namespace

TEST_CASE("constrained FM: valid, exact gain, never worse, deterministic") {
  for (unsigned seed : {3u, 7u, 11u, 19u}) {
    for (const bool weighted : {false, true}) {
      for (const node_weight_t omega : {50, 56}) {  // 400 unit nodes in 8 blocks: full, or slack
        CAPTURE(seed);
        CAPTURE(weighted);
        CAPTURE(omega);
        const auto host = test::random_local_hypergraph(400, 700, 5, seed, weighted);
        const auto L = test::host_built_level(host);
        const part_t k = 8;
        std::vector<part_t> start(host.num_nodes);
        // Blocks of consecutive nodes by weight (a valid start for either omega).
        std::int64_t total = 0;
        for (vid_t v = 0; v < host.num_nodes; ++v) total += L.node_weights(v);
        std::int64_t acc = 0;
        for (vid_t v = 0; v < host.num_nodes; ++v) {
          start[v] = static_cast<part_t>(std::min<std::int64_t>(k - 1, acc * k / total));
          acc += L.node_weights(v);
        }
        // Omega scaled to the weights; Delta 10% above the start's largest inbound count.
        const Measured before = measure(L, start, k);
        partitioning::PartitionLimits limits;
        limits.max_block_weight = *std::max_element(before.weight.begin(), before.weight.end()) + (omega - 50);
        limits.max_inbound = *std::max_element(before.inbound.begin(), before.inbound.end()) * 11 / 10;
        limits.check_inbound = true;
        std::vector<part_t> parts = start;
        const auto stats = partitioning::constrained_fm(L, parts, k, limits);
        const Measured after = measure(L, parts, k);
        CHECK(stats.gain == before.connectivity - after.connectivity);
        CHECK(stats.gain >= 0);
        CHECK(after.blocks <= before.blocks);
        for (part_t b = 0; b < k; ++b) {
          CHECK(after.weight[b] <= limits.max_block_weight);
          CHECK(after.inbound[b] <= limits.max_inbound);
        }
        if (!weighted) CHECK(stats.gain > 0);  // these inputs always leave room to improve
        std::vector<part_t> again = start;
        partitioning::constrained_fm(L, again, k, limits);
        CHECK(again == parts);
      }
    }
  }
}

TEST_CASE("constrained FM: full blocks improve only through the relaxed passes") {
  const auto host = test::random_local_hypergraph(400, 700, 5, 11, false);
  const auto L = test::host_built_level(host);
  const part_t k = 8;
  partitioning::PartitionLimits limits;
  limits.max_block_weight = 50;  // 8 blocks of exactly 50 nodes: no single move is valid
  limits.max_inbound = 400;
  limits.check_inbound = true;
  std::vector<part_t> start(host.num_nodes);
  for (vid_t v = 0; v < host.num_nodes; ++v) start[v] = static_cast<part_t>(v % k);
  const Measured before = measure(L, start, k);
  partitioning::ConstrainedFmOptions strict;
  strict.relaxed = false;
  std::vector<part_t> parts = start;
  CHECK(partitioning::constrained_fm(L, parts, k, limits, strict).moves == 0);
  CHECK(parts == start);
  const auto stats = partitioning::constrained_fm(L, parts, k, limits);
  const Measured after = measure(L, parts, k);
  CHECK(stats.gain > 0);
  CHECK(stats.gain == before.connectivity - after.connectivity);
  for (part_t b = 0; b < k; ++b) CHECK(after.weight[b] == 50);
}

TEST_CASE("constrained FM: an invalid partition is left unchanged") {
  const auto host = test::random_local_hypergraph(200, 300, 5, 5, false);
  const auto L = test::host_built_level(host);
  partitioning::PartitionLimits limits;
  limits.max_block_weight = 90;  // block 0 holds 100
  std::vector<part_t> parts(host.num_nodes);
  for (vid_t v = 0; v < host.num_nodes; ++v) parts[v] = v < 100 ? 0 : 1 + v % 3;
  const std::vector<part_t> start = parts;
  CHECK(partitioning::constrained_fm(L, parts, 4, limits).moves == 0);
  CHECK(parts == start);
}

// The work limit (ConstrainedFmOptions::max_evaluation_work, issue 23: 64k-rand's finest-level FM
// ran for minutes): one evaluation of every node visits sum_e |e| lambda(e) (net, block) pairs,
// counted here independently; at the limit the FM runs, one below it the partition is untouched.
TEST_CASE("constrained FM: skipped when one evaluation of every node would visit too many pairs") {
  const auto host = test::random_local_hypergraph(400, 700, 5, 3, false);
  const auto L = test::host_built_level(host);
  const part_t k = 8;
  std::vector<part_t> start(host.num_nodes);
  for (vid_t v = 0; v < host.num_nodes; ++v) start[v] = static_cast<part_t>(v * k / host.num_nodes);
  std::int64_t pairs = 0;
  for (nid_t e = 0; e < L.num_nets; ++e) {
    std::set<part_t> blocks;
    for (eid_t i = L.net_offsets(e); i < L.net_offsets(e + 1); ++i) blocks.insert(start[L.pins(i)]);
    pairs += std::int64_t(L.net_offsets(e + 1) - L.net_offsets(e)) * std::int64_t(blocks.size());
  }
  partitioning::PartitionLimits limits;
  limits.max_block_weight = 56;
  partitioning::ConstrainedFmOptions options;
  options.max_evaluation_work = pairs - 1;
  std::vector<part_t> parts = start;
  const auto skipped = partitioning::constrained_fm(L, parts, k, limits, options);
  CHECK(skipped.skipped);
  CHECK(skipped.evaluation_work == pairs);
  CHECK(skipped.moves == 0);
  CHECK(parts == start);
  options.max_evaluation_work = pairs;
  const auto ran = partitioning::constrained_fm(L, parts, k, limits, options);
  CHECK_FALSE(ran.skipped);
  CHECK(ran.evaluation_work == pairs);
  CHECK(ran.moves > 0);
}
