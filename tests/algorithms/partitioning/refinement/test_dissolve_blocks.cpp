// Block dissolution (refinement/dissolve_blocks.hpp, --fewest-blocks dissolve; issue 24): the
// lightest blocks emptied into the others within Omega and Delta, checked against a serial
// recount of block weights, distinct inbound nets and connectivity; deterministic; a block that
// cannot be emptied is left as it was.
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
