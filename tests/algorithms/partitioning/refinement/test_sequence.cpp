// Refinement steps 3-4 (sequence.hpp): the proposed moves chained, cycles cut and ranked into one
// sequence. Both launches (a kernel per sweep, and all sweeps by one team) must give the same
// chains and sequence; the result is checked against what the steps promise: successors leave the
// block their predecessor enters, no cycle is left, every chain is contiguous in the sequence, and
// chains come by (group, -chain gain, head). Random proposals on hub hypergraphs, with tied gains,
// 2 to 40 blocks (two blocks close many cycles), and more moves than a GPU team has threads.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <tuple>
#include <vector>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "algorithms/partitioning/refinement/sequence.hpp"
#include "tests/algorithms/partitioning/host_built_level.hpp"
#include "tests/algorithms/partitioning/refinement/refine_fixture.hpp"
#include "tests/support/spaces.hpp"

using namespace tessera;
using partitioning::detail::SequenceLaunch;

namespace {

constexpr test::HubNets k_sequence_nets{16, 30, 60, 6};

// The host copy of steps 3-4's result.
struct HostSequence {
  std::vector<partitioning::detail::MoveRecord> moves;
  std::vector<std::int32_t> succ, pred, on_cycle, seqpos;
  std::vector<vid_t> seq_node;
};

bool same_moves(const HostSequence& a, const HostSequence& b) {
  if (a.moves.size() != b.moves.size()) return false;
  for (std::size_t i = 0; i < a.moves.size(); ++i)
    if (std::tie(a.moves[i].from, a.moves[i].gain, a.moves[i].node) !=
        std::tie(b.moves[i].from, b.moves[i].gain, b.moves[i].node))
      return false;
  return true;
}

template <class Space>
HostSequence run_steps(const partitioning::detail::RefineView<typename Space::memory_space>& lv,
                       const partitioning::detail::RefineBuffers<typename Space::memory_space>& buf,
                       const bool cycles_first, const SequenceLaunch launch) {
  const partitioning::RefinementParams params;
  const auto chained = partitioning::detail::chain_sequence(Space{}, lv, buf, params, launch);
  const auto seq_node = partitioning::detail::rank_chains(Space{}, lv, chained, buf, cycles_first, launch);
  return HostSequence{test::to_vector(chained.moves), test::to_vector(chained.succ), test::to_vector(chained.pred),
                      test::to_vector(chained.on_cycle), test::to_vector(buf.seqpos), test::to_vector(seq_node)};
}

// The promises of steps 3-4 on one result; returns the number of links and of cut-cycle moves.
std::pair<int, int> check_sequence(const HostSequence& s, const std::vector<part_t>& move_to, const bool cycles_first) {
  const std::int32_t M = static_cast<std::int32_t>(s.moves.size());
  const partitioning::detail::MoveOrder order;
  int links = 0, cycle_moves = 0;
  std::vector<std::int64_t> total(M, 0);
  std::vector<std::int32_t> head(M, -1);
  for (std::int32_t i = 0; i < M; ++i) {
    if (i > 0) CHECK(order(s.moves[i - 1], s.moves[i]));
    cycle_moves += s.on_cycle[i];
    if (s.pred[i] != -1) continue;
    // Walk the chain from its head: it ends (no cycle left) and links moves that continue it.
    std::int64_t sum = 0;
    std::int32_t length = 0;
    for (std::int32_t j = i; j != -1 && length <= M; j = s.succ[j], ++length) {
      head[j] = i;
      sum += s.moves[j].gain;
      CHECK(s.on_cycle[j] == s.on_cycle[i]);
      if (s.succ[j] == -1) continue;
      ++links;
      CHECK(s.pred[s.succ[j]] == j);
      CHECK(s.moves[s.succ[j]].from == move_to[s.moves[j].node]);
      CHECK(s.seqpos[s.moves[s.succ[j]].node] == s.seqpos[s.moves[j].node] + 1);
    }
    REQUIRE(length <= M);
    for (std::int32_t j = i; j != -1; j = s.succ[j]) total[j] = sum;
  }
  for (std::int32_t i = 0; i < M; ++i) REQUIRE(head[i] != -1);  // every move on a path from a head
  // The sequence: every move once, chains by (group, -chain gain, head).
  REQUIRE(s.seq_node.size() == static_cast<std::size_t>(M));
  std::vector<std::int32_t> move_of_node(move_to.size(), -1);
  for (std::int32_t i = 0; i < M; ++i) move_of_node[s.moves[i].node] = i;
  for (std::int32_t p = 0; p < M; ++p) {
    const std::int32_t i = move_of_node[s.seq_node[p]];
    REQUIRE(i != -1);
    CHECK(s.seqpos[s.seq_node[p]] == p);
    if (p == 0) continue;
    const std::int32_t a = move_of_node[s.seq_node[p - 1]];
    const int group_a = cycles_first && s.on_cycle[a] == 0 ? 1 : 0, group_i = cycles_first && s.on_cycle[i] == 0 ? 1 : 0;
    CHECK(std::make_tuple(group_a, -total[a], head[a]) <= std::make_tuple(group_i, -total[i], head[i]));
  }
  return {links, cycle_moves};
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("refinement: chains and sequence, per sweep and in one team", Space, sequence_cases) {
  using mem = typename Space::memory_space;
  int cycles = 0;
  for (const part_t k : {2, 7, 40}) {
    CAPTURE(k);
    std::mt19937 rng(100 + k);
    const vid_t n = 3000;
    const auto host = test::hub_hypergraph(n, 1200, k_sequence_nets, rng);
    const auto h = mirror_hypergraph<mem>(host);
    const auto L = test::host_built_level(h);
    const test::Moves mv = test::random_moves(n, k, rng);
    std::vector<partitioning::score_t> gain(n);
    for (auto& g : gain) g = static_cast<partitioning::score_t>(rng() % 40) - 8;  // ties and a few negative gains
    test::SequenceState<mem> st(host, L, mv, k);
    test::copy_into(st.buf.move_gain, gain);
    const auto lv = partitioning::detail::make_refine_view(L, st.parts, k, partitioning::PartitionLimits{}, st.runs, st.buf);
    for (const bool cycles_first : {false, true}) {
      CAPTURE(cycles_first);
      const HostSequence per_sweep = run_steps<Space>(lv, st.buf, cycles_first, SequenceLaunch::per_sweep);
      const HostSequence one_team = run_steps<Space>(lv, st.buf, cycles_first, SequenceLaunch::one_team);
      CHECK(same_moves(per_sweep, one_team));
      CHECK(per_sweep.succ == one_team.succ);
      CHECK(per_sweep.pred == one_team.pred);
      CHECK(per_sweep.on_cycle == one_team.on_cycle);
      CHECK(per_sweep.seq_node == one_team.seq_node);
      CHECK(per_sweep.seqpos == one_team.seqpos);
      REQUIRE(per_sweep.moves.size() == mv.seq_node.size());
      const auto [links, cycle_moves] = check_sequence(per_sweep, mv.move_to, cycles_first);
      CHECK(links >= k);  // chaining linked moves (about one link per destination block and round)
      cycles += cycle_moves;
    }
  }
  CHECK(cycles > 0);  // some chain closed into a cycle, and was cut
}
TEST_CASE_TEMPLATE_APPLY(sequence_cases, tessera::test::ExecSpaces);

// Two nodes trading blocks: each move is the other's only candidate successor, so both link in the
// first round, closing a cycle that is cut before its smallest move (the first in move order);
// nodes that do not move keep seqpos -1.
TEST_CASE_TEMPLATE_DEFINE("refinement: two moves that trade blocks form a cut cycle", Space, cycle_cases) {
  using mem = typename Space::memory_space;
  std::mt19937 rng(7);
  const vid_t n = 60;
  const auto host = test::hub_hypergraph(n, 20, k_sequence_nets, rng);
  const auto h = mirror_hypergraph<mem>(host);
  const auto L = test::host_built_level(h);
  test::Moves mv{std::vector<part_t>(n), std::vector<part_t>(n, invalid_part), std::vector<std::int32_t>(n, -1), {4, 5}};
  for (vid_t v = 0; v < n; ++v) mv.parts[v] = v % 2;
  mv.move_to[4] = 1;  // node 4: block 0 -> 1, gain 2
  mv.move_to[5] = 0;  // node 5: block 1 -> 0, gain 3
  std::vector<partitioning::score_t> gain(n, 0);
  gain[4] = 2;
  gain[5] = 3;
  test::SequenceState<mem> st(host, L, mv, 2);
  test::copy_into(st.buf.move_gain, gain);
  const auto lv = partitioning::detail::make_refine_view(L, st.parts, 2, partitioning::PartitionLimits{}, st.runs, st.buf);
  for (const auto launch : {SequenceLaunch::per_sweep, SequenceLaunch::one_team}) {
    const HostSequence s = run_steps<Space>(lv, st.buf, false, launch);
    // Moves by (from, -gain, node): 4 (leaving 0), then 5. After the cut: the chain 4 -> 5.
    REQUIRE(s.moves.size() == 2);
    CHECK(s.moves[0].node == 4);
    CHECK(s.moves[1].node == 5);
    CHECK(s.succ == std::vector<std::int32_t>{1, -1});
    CHECK(s.pred == std::vector<std::int32_t>{-1, 0});
    CHECK(s.on_cycle == std::vector<std::int32_t>{1, 1});
    CHECK(s.seq_node == std::vector<vid_t>{4, 5});
    CHECK(s.seqpos[4] == 0);
    CHECK(s.seqpos[5] == 1);
    CHECK(s.seqpos[6] == -1);
  }
}
TEST_CASE_TEMPLATE_APPLY(cycle_cases, tessera::test::ExecSpaces);
