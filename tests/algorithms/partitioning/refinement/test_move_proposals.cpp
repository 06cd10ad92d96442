// Move proposals (refinement step 2, move_proposals.hpp) against the definition (Eq. 13 with
// ties to the larger block id), for both kernels, the automatic choice and the gathered kernel
// in batches as small as one node.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <vector>

#include "algorithms/partitioning/refinement/move_proposals.hpp"
#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "tests/algorithms/partitioning/host_built_level.hpp"
#include "tests/algorithms/partitioning/refinement/refine_fixture.hpp"
#include "tests/support/spaces.hpp"

using namespace tessera;
using partitioning::score_t;
using partitioning::detail::ProposalChoice;
using partitioning::detail::ProposalKernel;

namespace {

// Nets of 2..20 pins and every eighth a hub of 60..180, so that nodes see many blocks.
constexpr test::HubNets k_proposal_nets{8, 60, 121, 19};

struct Proposal {
  std::vector<part_t> to;
  std::vector<score_t> gain;
  bool operator==(const Proposal& o) const { return to == o.to && gain == o.gain; }
};

// The definition, node by node.
Proposal reference_moves(const HostHypergraph& h, const std::vector<score_t>& w, const std::vector<part_t>& parts,
                         const std::vector<node_weight_t>& bsize, node_weight_t omega, bool room_only, score_t min_gain,
                         bool spread) {
  Proposal r;
  for (vid_t v = 0; v < h.num_nodes; ++v) {
    const part_t ps = parts[v];
    score_t base = 0;
    std::map<part_t, score_t> conn;
    for (eid_t i = h.node_offsets(v); i < h.node_offsets(v + 1); ++i) {
      const nid_t e = h.incident_nets(i);
      std::map<part_t, std::int64_t> pins;
      for (eid_t k = h.net_offsets(e); k < h.net_offsets(e + 1); ++k) ++pins[parts[h.pins(k)]];
      const std::int64_t c = pins[ps];
      base += (spread ? w[e] / (c * c) : c == 1 ? w[e] : 0) - w[e];
      for (const auto& [p, count] : pins)
        if (p != ps && count > 0) conn[p] += w[e];
    }
    part_t best = invalid_part;
    score_t best_gain = 0;
    for (const auto& [p, c] : conn) {
      const score_t g = base + c;
      if (room_only && bsize[p] + 1 > omega) continue;
      if (g < min_gain) continue;
      if (best == invalid_part || g >= best_gain) best = p, best_gain = g;  // ascending p: ties to the larger
    }
    r.to.push_back(best);
    r.gain.push_back(best_gain);
  }
  return r;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("refinement: move proposals equal the definition, whatever the kernel and batches", Space,
                          proposal_cases) {
  using mem = typename Space::memory_space;
  // 4,000 blocks: 48 KB of team scratch a node, beyond level 0 on every backend (level 1).
  for (const part_t k : {3, 40, 300, 4000}) {
    std::mt19937 rng(static_cast<unsigned>(k));
    const vid_t n = 500;
    const auto host = test::hub_hypergraph(n, 240, k_proposal_nets, rng);
    const auto h = mirror_hypergraph<mem>(host);
    const auto L = test::host_built_level(h);
    const auto w = test::to_vector(L.net_weights);
    std::vector<part_t> parts(n);
    std::vector<node_weight_t> bsize(k, 0);
    for (vid_t v = 0; v < n; ++v) ++bsize[parts[v] = static_cast<part_t>(rng() % k)];
    // About half of the blocks have room for one more node (with 4,000 blocks: those of one).
    const node_weight_t omega = std::max<node_weight_t>(2, n / k + 1);
    partitioning::detail::NetRuns<mem> runs(L);
    test::host_net_runs(host, parts, runs);
    Kokkos::View<part_t*, mem> dparts("parts", n);
    test::copy_into(dparts, parts);
    partitioning::PartitionLimits limits;
    limits.max_block_weight = omega;
    for (const bool spread : {false, true})
      for (const bool room_only : {false, true})
        for (const score_t min_gain : {score_t(0), std::numeric_limits<score_t>::min()}) {
          CAPTURE(k);
          CAPTURE(spread);
          CAPTURE(room_only);
          CAPTURE(min_gain);
          const Proposal expected = reference_moves(host, w, parts, bsize, omega, room_only, min_gain, spread);
          CHECK(std::count(expected.to.begin(), expected.to.end(), invalid_part) < n);
          // Fresh buffers a run, so that the gathered pairs' buffer is no larger than its batches.
          const auto run = [&](const ProposalChoice& choice) {
            partitioning::detail::RefineBuffers<mem> buf(L.num_nodes, L.num_nets, k);
            test::copy_into(buf.block_weight, bsize);
            Kokkos::deep_copy(buf.move_to, part_t(-7));
            auto lv = partitioning::detail::make_refine_view(L, dparts, k, limits, runs, buf);
            lv.spread_saving = spread;
            partitioning::detail::propose_moves(Space{}, lv, buf, room_only, min_gain, choice);
            return Proposal{test::to_vector(buf.move_to), test::to_vector(buf.move_gain)};
          };
          CHECK(run({ProposalKernel::automatic, 0}) == expected);
          CHECK(run({ProposalKernel::dense, 0}) == expected);
          CHECK(run({ProposalKernel::gathered, 0}) == expected);
          for (const eid_t pairs : {eid_t(1), eid_t(97), eid_t(5000)}) {
            CAPTURE(pairs);
            CHECK(run({ProposalKernel::gathered, pairs}) == expected);
          }
        }
  }
}
TEST_CASE_TEMPLATE_APPLY(proposal_cases, tessera::test::ExecSpaces);
