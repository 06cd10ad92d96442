// Events-based validity (refinement step 6, validity.hpp; issue 24) against the definition: the
// sequence replayed move by move, the violated Omega and Delta limits recounted after each. Random
// directed instances with hub nets (many of whose destination pins move, so pins_in(p, e) crosses
// zero several times along the sequence) and limits near the blocks' mean, so that moves both
// break and repair limits.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "algorithms/partitioning/refinement/validity.hpp"
#include "tests/algorithms/partitioning/host_built_level.hpp"
#include "tests/algorithms/partitioning/refinement/refine_fixture.hpp"
#include "tests/support/spaces.hpp"

using namespace tessera;

namespace {

constexpr test::HubNets k_validity_nets{8, 60, 120, 20};

// Violated limits of a block state.
std::int64_t violated(const test::BlockState& b, const partitioning::PartitionLimits& limits) {
  std::int64_t c = 0;
  for (std::size_t p = 0; p < b.weight.size(); ++p) {
    c += b.weight[p] > limits.max_block_weight ? 1 : 0;
    c += limits.check_inbound && b.inbound[p] > limits.max_inbound ? 1 : 0;
  }
  return c;
}

// The definition: viol(s) = violated limits after moves 0..s minus after moves 0..s-1.
std::vector<std::int64_t> reference_violations(const HostHypergraph& h, const test::Moves& mv, part_t k,
                                               const partitioning::PartitionLimits& limits) {
  std::vector<part_t> cur = mv.parts;
  std::int64_t before = violated(test::host_block_state(h, cur, k), limits);
  std::vector<std::int64_t> out;
  for (const vid_t v : mv.seq_node) {
    cur[v] = mv.move_to[v];
    const std::int64_t after = violated(test::host_block_state(h, cur, k), limits);
    out.push_back(after - before);
    before = after;
  }
  return out;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("refinement: sequence violations equal a replay of the moves", Space, validity_cases) {
  using mem = typename Space::memory_space;
  for (const unsigned seed : {1u, 2u, 3u}) {
    std::mt19937 rng(seed);
    const vid_t n = 400;
    const part_t k = seed == 1 ? 2 : seed == 2 ? 5 : 24;
    const auto host = test::hub_hypergraph(n, 160, k_validity_nets, rng);
    const auto h = mirror_hypergraph<mem>(host);
    const auto L = test::host_built_level(h);
    const test::Moves mv = test::random_moves(n, k, rng);
    const test::BlockState start = test::host_block_state(host, mv.parts, k);
    const auto mean = [&](const auto& values) {
      return std::accumulate(values.begin(), values.end(), std::int64_t(0)) / std::int64_t(k);
    };
    partitioning::PartitionLimits limits;
    limits.max_block_weight = mean(start.weight);
    limits.max_inbound = mean(start.inbound);
    for (const bool inbound : {false, true}) {
      CAPTURE(seed);
      CAPTURE(inbound);
      limits.check_inbound = inbound;
      test::SequenceState<mem> st(host, L, mv, k);
      test::copy_into(st.buf.block_weight, start.weight);
      test::copy_into(st.buf.block_inbound, start.inbound);
      const auto lv = partitioning::detail::make_refine_view(L, st.parts, k, limits, st.runs, st.buf);
      Kokkos::View<std::int64_t*, mem> viol("viol", mv.seq_node.size());
      partitioning::detail::size_violations(Space{}, lv, st.buf, st.seq_node, viol);
      if (inbound) partitioning::detail::inbound_violations(Space{}, lv, st.buf, st.seq_node, viol);
      const auto got = test::to_vector(viol);
      const auto expected = reference_violations(host, mv, k, limits);
      REQUIRE(got.size() == expected.size());
      CHECK(got == expected);
      // The limits are crossed both ways somewhere along the sequence.
      CHECK(std::count_if(expected.begin(), expected.end(), [](std::int64_t x) { return x > 0; }) > 0);
      CHECK(std::count_if(expected.begin(), expected.end(), [](std::int64_t x) { return x < 0; }) > 0);
    }
  }
}
TEST_CASE_TEMPLATE_APPLY(validity_cases, tessera::test::ExecSpaces);
