// In-sequence gains (refinement step 5, sequence_gains.hpp; issue 24) against the definition
// (each move's nets recounted after every earlier move) on random instances whose nets have both
// few moving pins (walked) and up to ~175 (sorted events), exact and spread leaving scores.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "algorithms/partitioning/refinement/sequence_gains.hpp"
#include "tests/algorithms/partitioning/host_built_level.hpp"
#include "tests/algorithms/partitioning/refinement/refine_fixture.hpp"
#include "tests/support/spaces.hpp"

using namespace tessera;
using partitioning::score_t;

namespace {

// Nets of 2..30 pins, and every tenth net a hub of up to 250 (most of whose pins move).
constexpr test::HubNets k_gains_nets{10, 100, 150, 29};

// The definition: before move s, every net of its node recounted with moves 0..s-1 applied.
std::vector<score_t> reference_gains(const HostHypergraph& h, const std::vector<score_t>& w, const test::Moves& mv,
                                     bool spread) {
  std::vector<score_t> gains;
  std::vector<part_t> cur = mv.parts;
  for (const vid_t v : mv.seq_node) {
    score_t g = 0;
    for (eid_t i = h.node_offsets(v); i < h.node_offsets(v + 1); ++i) {
      const nid_t e = h.incident_nets(i);
      std::int64_t cs = 0, cd = 0;
      for (eid_t k = h.net_offsets(e); k < h.net_offsets(e + 1); ++k) {
        cs += cur[h.pins(k)] == mv.parts[v] ? 1 : 0;
        cd += cur[h.pins(k)] == mv.move_to[v] ? 1 : 0;
      }
      if (spread) g += w[e] / (cs * cs);
      else if (cs == 1) g += w[e];
      if (cd == 0) g -= w[e];
    }
    gains.push_back(g);
    cur[v] = mv.move_to[v];
  }
  return gains;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("refinement: in-sequence gains equal the definition", Space, sequence_gain_cases) {
  using mem = typename Space::memory_space;
  // Few blocks: large counts; many: a hub's pins per block reach 0 and 1 along the sequence.
  for (const unsigned seed : {1u, 2u, 3u, 4u}) {
    std::mt19937 rng(seed);
    const vid_t n = 600;
    const part_t k = seed == 1 ? 2 : seed == 2 ? 7 : 40 * static_cast<part_t>(seed - 2);
    const auto host = test::hub_hypergraph(n, 200, k_gains_nets, rng);
    const auto h = mirror_hypergraph<mem>(host);
    const auto L = test::host_built_level(h);
    const auto w = test::to_vector(L.net_weights);
    const test::Moves mv = test::random_moves(n, k, rng);
    int walked = 0, evented = 0;  // nets on either side of the threshold
    for (nid_t e = 0; e < host.num_nets(); ++e) {
      eid_t movers = 0;
      for (eid_t p = host.net_offsets(e); p < host.net_offsets(e + 1); ++p) movers += mv.seqpos[host.pins(p)] >= 0;
      (movers > partitioning::detail::k_walked_movers ? evented : walked) += 1;
    }
    CHECK(walked > 100);
    CHECK(evented >= 15);
    test::SequenceState<mem> st(host, L, mv, k);
    for (const bool spread : {false, true}) {
      CAPTURE(seed);
      CAPTURE(spread);
      auto lv = partitioning::detail::make_refine_view(L, st.parts, k, partitioning::PartitionLimits{}, st.runs, st.buf);
      lv.spread_saving = spread;
      const auto gains = test::to_vector(partitioning::detail::in_sequence_gains(Space{}, lv, st.buf, st.seq_node));
      const auto expected = reference_gains(host, w, mv, spread);
      REQUIRE(gains.size() == expected.size());
      CHECK(gains == expected);
    }
  }
}
TEST_CASE_TEMPLATE_APPLY(sequence_gain_cases, tessera::test::ExecSpaces);
