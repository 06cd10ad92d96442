// flow/flow_refine: on two (and three) rings of nodes joined by one net each, with a few nodes
// of every ring put in the wrong block, flow refinement finds the optimal cut (the joining nets)
// and keeps every block within Omega; the same partition every time; nothing to do on an
// optimal partition; alpha 0 turns it off.
#include <doctest/doctest.h>

#include <map>
#include <tuple>
#include <vector>

#include "algorithms/partitioning/flow/flow_refine.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "tests/algorithms/partitioning/host_built_level.hpp"
#include "tests/algorithms/partitioning/random_hypergraphs.hpp"

using namespace tessera;
using namespace tessera::partitioning;

namespace {

// `rings` rings of `size` nodes (ring r holds nodes r * size ..), each node joined to the next and
// to the one three ahead (2-pin nets) and every four consecutive nodes in a 4-pin net; ring r and
// r + 1 share one 2-pin net. The optimal balanced partition into `rings` blocks cuts rings - 1 nets.
HostHypergraph rings_hypergraph(vid_t rings, vid_t size) {
  HypergraphInput in;
  in.num_nodes = rings * size;
  for (vid_t r = 0; r < rings; ++r) {
    const vid_t b = r * size;
    for (vid_t i = 0; i < size; ++i) {
      in.add_net({}, {b + i, b + (i + 1) % size}, 1);
      in.add_net({}, {b + i, b + (i + 3) % size}, 1);
      if (i % 4 == 0) in.add_net({}, {b + i, b + (i + 1) % size, b + (i + 2) % size, b + (i + 3) % size}, 1);
    }
    if (r + 1 < rings) in.add_net({}, {b + size / 2, b + size + size / 2}, 1);
  }
  return build_hypergraph(in);
}

score_t cut_of(const Level<Kokkos::HostSpace>& L, const std::vector<part_t>& parts) {
  score_t cut = 0;
  for (nid_t e = 0; e < L.num_nets; ++e)
    for (eid_t q = L.net_offsets(e) + 1; q < L.net_offsets(e + 1); ++q)
      if (parts[L.pins(q)] != parts[L.pins(L.net_offsets(e))]) {
        cut += L.net_weights(e);
        break;
      }
  return cut;
}

std::vector<node_weight_t> block_weights(const Level<Kokkos::HostSpace>& L, const std::vector<part_t>& parts, part_t k) {
  std::vector<node_weight_t> w(k, 0);
  for (vid_t v = 0; v < L.num_nodes; ++v) w[parts[v]] += L.node_weights(v);
  return w;
}

}  // namespace

TEST_CASE("flow refinement: two and three rings, scrambled, reach the optimal cut") {
  for (const part_t k : {2, 3}) {
    const vid_t size = 40;
    const auto h = rings_hypergraph(k, size);
    const auto L = test::host_built_level(h);
    // Ring r in block r, but for nodes 0..4 of each ring, which sit in the next block.
    std::vector<part_t> parts(L.num_nodes);
    for (vid_t v = 0; v < L.num_nodes; ++v) parts[v] = v % size < 5 ? (v / size + 1) % k : v / size;
    const score_t start = cut_of(L, parts);
    FlowOptions o;
    o.epsilon = 0.1;
    const node_weight_t omega = 44;  // floor(1.1 * 40)
    auto refined = parts;
    const FlowStats stats = flow_refine(L, refined, k, omega, o);
    CHECK_MESSAGE(start > k - 1, "k = " << k << ": the scrambled partition is not optimal (" << start << ")");
    CHECK_MESSAGE(cut_of(L, refined) == k - 1, "k = " << k);
    CHECK(stats.improvements >= 1);
    for (const node_weight_t w : block_weights(L, refined, k)) CHECK(w <= omega);
    // Rings in their own blocks: the optimum, found exactly.
    for (vid_t v = 0; v < L.num_nodes; ++v) CHECK_MESSAGE(refined[v] == v / size, "k = " << k << ", node " << v);
    auto again = parts;
    const FlowStats second = flow_refine(L, again, k, omega, o);
    CHECK(again == refined);
    CHECK(second.flows == stats.flows);
    // On the optimum nothing moves; alpha 0: no flow at all.
    const FlowStats idle = flow_refine(L, again, k, omega, o);
    CHECK(again == refined);
    CHECK(idle.improvements == 0);
    o.alpha = 0;
    auto off = parts;
    CHECK(flow_refine(L, off, k, omega, o).flows == 0);
    CHECK(off == parts);
  }
}

TEST_CASE("flow refinement: random hypergraphs, never worse, balanced, exact values") {
  // k -> (cut before, cut after, max flows, max flows when every round starts from alpha) from
  // blocks of consecutive ids, measured once (the same for both objectives here; k = 4 with the
  // pairs in round-robin order).
  const std::map<part_t, std::tuple<score_t, score_t, int, int>> expected = {{2, {230, 165, 4, 4}},
                                                                           {4, {443, 399, 42, 45}}};
  const auto h = test::random_local_hypergraph(500, 800, 5, 7, /*weighted=*/true);
  const auto L = test::host_built_level(h);
  node_weight_t total = 0;
  for (vid_t v = 0; v < L.num_nodes; ++v) total += L.node_weights(v);
  for (const part_t k : {2, 4}) {
    for (const KwayObjective objective : {KwayObjective::cut, KwayObjective::km1}) {
      const node_weight_t perfect = (total + k - 1) / k, omega = perfect * 103 / 100;
      std::vector<part_t> parts(L.num_nodes);
      node_weight_t acc = 0;
      for (vid_t v = 0; v < L.num_nodes; ++v) {  // consecutive ids fill the blocks in turn
        parts[v] = static_cast<part_t>(std::min<node_weight_t>(k - 1, acc / perfect));
        acc += L.node_weights(v);
      }
      FlowOptions o;
      o.objective = objective;
      auto refined = parts;
      const FlowStats stats = flow_refine(L, refined, k, omega, o);
      const auto& [before, after, flows, flows_from_alpha] = expected.at(k);
      CHECK_MESSAGE(cut_of(L, parts) == before, "k = " << k << ", " << to_string(objective));
      CHECK_MESSAGE(cut_of(L, refined) == after, "k = " << k << ", " << to_string(objective));
      CHECK_MESSAGE(stats.flows == flows, "k = " << k << ", " << to_string(objective));
      auto from_alpha = parts;  // every round from alpha: more flows for the same cut here
      o.keep_alpha = false;
      CHECK(flow_refine(L, from_alpha, k, omega, o).flows == flows_from_alpha);
      CHECK(from_alpha == refined);
      o.keep_alpha = true;
      for (const node_weight_t w : block_weights(L, refined, k)) CHECK(w <= omega);
      auto again = parts;
      flow_refine(L, again, k, omega, o);
      CHECK(again == refined);
    }
  }
}
