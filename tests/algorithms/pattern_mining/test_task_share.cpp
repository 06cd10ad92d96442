// The task share's deal (engine/task_share.hpp) on its own: which rank runs which units, every
// unit exactly once, in increasing order; then the engine under shares: the ranks' counts,
// listings and motif terms add up to the single-process results and their FSM domain bitmaps
// OR to the whole graph's (no MPI: each rank's share runs here in turn).
#include <doctest/doctest.h>

#include <algorithm>
#include <limits>
#include <set>
#include <vector>

#include "algorithms/pattern_mining/problems/mine.hpp"
#include "algorithms/pattern_mining/problems/motifs.hpp"
#include "algorithms/pattern_mining/engine/engine_options.hpp"
#include "algorithms/pattern_mining/engine/task_share.hpp"
#include "algorithms/pattern_mining/fsm/fsm.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "tests/algorithms/pattern_mining/random_edges.hpp"
#include "tests/reference/brute_force_matches.hpp"
#include "tests/support/spaces.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;
using namespace tessera::mining;

namespace {

TaskShare share_of(int rank, int ranks, TaskSchedule schedule, eid_t chunk) {
  TaskShare s;
  s.rank = rank;
  s.ranks = ranks;
  s.schedule = schedule;
  s.chunk_size = chunk;
  return s;
}

// The units rank `rank` runs, in its local order.
std::vector<eid_t> units_of(const TaskShare& s, eid_t total) {
  std::vector<eid_t> out;
  for (eid_t i = 0; i < s.owned(total); ++i) out.push_back(s.unit(i, total));
  return out;
}

}  // namespace

TEST_CASE("task share: the deal of 10 units to 3 ranks") {
  // Round-robin, chunks of 2: chunk c goes to rank c mod 3.
  CHECK(units_of(share_of(0, 3, TaskSchedule::round_robin, 2), 10) == std::vector<eid_t>{0, 1, 6, 7});
  CHECK(units_of(share_of(1, 3, TaskSchedule::round_robin, 2), 10) == std::vector<eid_t>{2, 3, 8, 9});
  CHECK(units_of(share_of(2, 3, TaskSchedule::round_robin, 2), 10) == std::vector<eid_t>{4, 5});
  // Even: contiguous blocks of 3, 3 and 4.
  CHECK(units_of(share_of(0, 3, TaskSchedule::even, 2), 10) == std::vector<eid_t>{0, 1, 2});
  CHECK(units_of(share_of(1, 3, TaskSchedule::even, 2), 10) == std::vector<eid_t>{3, 4, 5});
  CHECK(units_of(share_of(2, 3, TaskSchedule::even, 2), 10) == std::vector<eid_t>{6, 7, 8, 9});
  // Snake, chunks of 2: rounds deal to ranks 0, 1, 2, then 2, 1, 0.
  CHECK(units_of(share_of(0, 3, TaskSchedule::snake, 2), 10) == std::vector<eid_t>{0, 1});
  CHECK(units_of(share_of(1, 3, TaskSchedule::snake, 2), 10) == std::vector<eid_t>{2, 3, 8, 9});
  CHECK(units_of(share_of(2, 3, TaskSchedule::snake, 2), 10) == std::vector<eid_t>{4, 5, 6, 7});
  // A chunk larger than the sequence: rank 0 runs everything.
  CHECK(units_of(share_of(0, 3, TaskSchedule::round_robin, 11), 10).size() == 10);
  CHECK(units_of(share_of(1, 3, TaskSchedule::round_robin, 11), 10).empty());
}

TEST_CASE("task share: every unit exactly once, owner and prefix counts agree") {
  for (const eid_t total : {eid_t(0), eid_t(1), eid_t(5), eid_t(17), eid_t(1000)})
    for (int ranks = 1; ranks <= 5; ++ranks)
      for (const auto schedule : {TaskSchedule::round_robin, TaskSchedule::snake, TaskSchedule::even})
        for (const eid_t chunk : {eid_t(1), eid_t(3), eid_t(64), eid_t(5000), std::numeric_limits<eid_t>::max()}) {
          CAPTURE(total);
          CAPTURE(ranks);
          CAPTURE(to_string(schedule));
          CAPTURE(chunk);
          std::vector<int> runs(static_cast<std::size_t>(total), 0);
          eid_t least = total, most = 0;
          for (int r = 0; r < ranks; ++r) {
            const TaskShare s = share_of(r, ranks, schedule, chunk);
            const auto mine = units_of(s, total);
            REQUIRE(std::is_sorted(mine.begin(), mine.end()));
            least = std::min<eid_t>(least, static_cast<eid_t>(mine.size()));
            most = std::max<eid_t>(most, static_cast<eid_t>(mine.size()));
            for (const eid_t u : mine) {
              REQUIRE(u >= 0);
              REQUIRE(u < total);
              ++runs[static_cast<std::size_t>(u)];
              CHECK(s.owner(u, total) == r);
              if (schedule == TaskSchedule::round_robin) CHECK((u / chunk) % ranks == r);  // the deal's definition
              if (schedule == TaskSchedule::snake)
                CHECK(((u / chunk / ranks) % 2 == 0 ? (u / chunk) % ranks : ranks - 1 - (u / chunk) % ranks) == r);
            }
            for (eid_t end = 0; end <= total; ++end)  // owned_below counts the units below end
              REQUIRE(s.owned_below(end, total) ==
                      static_cast<eid_t>(std::lower_bound(mine.begin(), mine.end(), end) - mine.begin()));
            if (schedule == TaskSchedule::even && !mine.empty())
              CHECK(mine.back() - mine.front() + 1 == static_cast<eid_t>(mine.size()));  // one block
          }
          CHECK(std::all_of(runs.begin(), runs.end(), [](int c) { return c == 1; }));
          if (schedule == TaskSchedule::even) CHECK(most - least <= 1);
        }
}

TEST_CASE("task share: validation and the options") {
  CHECK_THROWS_AS(check_task_share(share_of(3, 3, TaskSchedule::round_robin, 1)), UserError);
  CHECK_THROWS_AS(check_task_share(share_of(-1, 3, TaskSchedule::round_robin, 1)), UserError);
  CHECK_THROWS_AS(check_task_share(share_of(0, 0, TaskSchedule::round_robin, 1)), UserError);
  CHECK_THROWS_AS(check_task_share(share_of(0, 2, TaskSchedule::round_robin, 0)), UserError);
  CHECK_NOTHROW(check_task_share(share_of(1, 2, TaskSchedule::even, 1)));
  CHECK(parse_task_schedule("Round_Robin") == TaskSchedule::round_robin);
  CHECK(parse_task_schedule("even") == TaskSchedule::even);
  CHECK(parse_task_schedule("snake") == TaskSchedule::snake);
  CHECK_THROWS_AS(parse_task_schedule("block"), UserError);
  EngineParams p;
  for (const auto& o : share_options()) o.apply(p, o.default_value);  // the defaults parse
  CHECK(p.share.schedule == TaskSchedule::round_robin);
  CHECK(p.share.chunk_size == k_default_share_chunk);
  for (const auto& o : share_options()) {
    if (o.name == "chunk-size") {
      CHECK_THROWS_AS(o.apply(p, "0"), UserError);
      o.apply(p, "7");
    } else {
      CHECK_THROWS_AS(o.apply(p, "blocks"), UserError);
      o.apply(p, "even");
    }
  }
  CHECK(p.share.chunk_size == 7);
  CHECK(p.share.schedule == TaskSchedule::even);
}

namespace {

// Engine settings whose unit sequences differ: defaults; hub splitting with one-unit worker
// chunks; heavy tasks first (forced on hosts too) with splitting; vertex tasks.
std::vector<MineParams> share_configurations() {
  std::vector<MineParams> out(4);
  out[1].engine.split_length = 2;
  out[1].engine.chunk_size = 1;
  out[2].engine.order_head = 5;
  out[2].engine.split_length = 3;
  out[3].engine.tasks = TaskKind::vertex;
  return out;
}

// Round-robin with chunks of 1, 3 and more than any sequence; snake with chunks of 2; even blocks.
std::vector<TaskShare> every_share(int ranks) {
  std::vector<TaskShare> out;
  for (const eid_t chunk : {eid_t(1), eid_t(3), eid_t(1) << 40})
    for (int r = 0; r < ranks; ++r) out.push_back(share_of(r, ranks, TaskSchedule::round_robin, chunk));
  for (int r = 0; r < ranks; ++r) out.push_back(share_of(r, ranks, TaskSchedule::snake, 2));
  for (int r = 0; r < ranks; ++r) out.push_back(share_of(r, ranks, TaskSchedule::even, 1));
  return out;
}

}  // namespace

TEST_CASE_TEMPLATE_DEFINE("mining engine: shares of 1..4 ranks add up to the whole count", Space, engine_shares) {
  const EdgeList e = test::random_edges_with_hub(28, 0.3, 3);
  const auto g = mirror_graph<typename Space::memory_space>(build_graph(e));
  const auto host = mirror_graph<Kokkos::HostSpace>(build_graph(e));
  // Cliques (DAG), a non-clique pattern, wedge-counted 4-cycles, a vertex-induced pattern.
  const auto prepared = prepare_mining_graph(Space{}, g, /*with_dag=*/true, /*with_ranked=*/true);
  for (const Pattern& p : {clique(5), pattern_by_name("diamond"), pattern_by_name("4-cycle"),
                           pattern_by_name("tailed-triangle", Induced::vertex)}) {
      const count_t expected = test::brute_force_matches(host, p);
      for (const auto& params : share_configurations())
        for (int ranks = 1; ranks <= 4; ++ranks) {
          CAPTURE(p.name());
          CAPTURE(ranks);
          // Per (schedule, chunk): the ranks' counts and units sum to the whole.
          count_t sum = 0;
          eid_t units = 0;
          for (const auto& share : every_share(ranks)) {
            MineParams shared = params;
            shared.engine.share = share;
            const MineResult r = mine(Space{}, prepared, p, shared);
            sum += r.count;
            units += r.stats.share_units;
            if (share.rank + 1 == ranks) {
              CAPTURE(to_string(share.schedule));
              CAPTURE(share.chunk_size);
              CHECK(sum == expected);
              CHECK(units == r.stats.units);
              sum = 0;
              units = 0;
            }
          }
        }
  }
}

TEST_CASE_TEMPLATE_DEFINE("mining engine: shared listings cover every match once", Space, engine_share_lists) {
  const EdgeList e = test::random_edges_with_hub(24, 0.3, 9);
  const auto g = mirror_graph<typename Space::memory_space>(build_graph(e));
  const Pattern p = pattern_by_name("diamond");
  std::multiset<std::vector<vid_t>> whole;
  const MatchSink into_whole = [&](const vid_t* rows, std::size_t num, int width) {
    for (std::size_t r = 0; r < num; ++r) whole.insert(std::vector<vid_t>(rows + r * width, rows + (r + 1) * width));
  };
  const count_t count = mine_list(Space{}, g, p, into_whole).count;
  REQUIRE(count == whole.size());
  for (int ranks = 2; ranks <= 4; ++ranks)
    for (const auto schedule : {TaskSchedule::round_robin, TaskSchedule::snake, TaskSchedule::even}) {
      std::multiset<std::vector<vid_t>> dealt;
      const MatchSink into_dealt = [&](const vid_t* rows, std::size_t num, int width) {
        for (std::size_t r = 0; r < num; ++r) dealt.insert(std::vector<vid_t>(rows + r * width, rows + (r + 1) * width));
      };
      for (int r = 0; r < ranks; ++r) {
        MineParams params;
        params.engine.share = share_of(r, ranks, schedule, 2);
        params.engine.list_batch_matches = 3;  // several batches per share
        mine_list(Space{}, g, p, into_dealt, params);
      }
      CHECK(dealt == whole);
    }
}

TEST_CASE_TEMPLATE_DEFINE("mining engine: shared domain bitmaps OR to the whole graph's", Space, engine_share_domains) {
  using memory_space = typename Space::memory_space;
  const EdgeList e = test::random_edges_with_hub(40, 0.15, 6);
  const auto g = prepare_mining_graph(Space{}, mirror_graph<memory_space>(build_graph(e)), false);
  PlanOptions options;
  options.allow_oriented_dag = false;
  const SearchPlan plan = build_search_plan(pattern_by_name("tailed-triangle"), options);
  const std::size_t words = (40 + 31) / 32;
  auto domains = [&](const EngineParams& params) {
    DomainBitmaps<memory_space> rows("domains", 4, words);
    const count_t found = engine_domains(Space{}, g, plan, rows, params);
    return std::make_pair(found, Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, rows));
  };
  const auto [all, whole] = domains(fsm_engine_params());
  REQUIRE(all > 0);
  for (int ranks = 2; ranks <= 4; ++ranks)
    for (const auto schedule : {TaskSchedule::round_robin, TaskSchedule::even}) {
      count_t found = 0;
      std::vector<DomainWord> united(4 * words, 0);
      bool every_share_short = true;  // no share alone covers the whole domain
      for (int r = 0; r < ranks; ++r) {
        EngineParams params = fsm_engine_params();
        params.share = share_of(r, ranks, schedule, 2);
        const auto [own, rows] = domains(params);
        found += own;
        bool equal = true;
        for (std::size_t i = 0; i < united.size(); ++i) {
          united[i] |= rows.data()[i];
          equal = equal && rows.data()[i] == whole.data()[i];
        }
        every_share_short = every_share_short && !equal;
      }
      CAPTURE(ranks);
      CAPTURE(to_string(schedule));
      CHECK(found == all);
      CHECK(std::equal(united.begin(), united.end(), whole.data()));
      CHECK(every_share_short);
    }
}

TEST_CASE_TEMPLATE_DEFINE("mining engine: shared motif terms sum to the whole graph's motifs", Space, engine_share_motifs) {
  const EdgeList e = test::random_edges_with_hub(30, 0.22, 4);
  const auto g = mirror_graph<typename Space::memory_space>(build_graph(e));
  for (const int k : {3, 4}) {
    const MotifCounts whole = count_motifs(Space{}, g, k);
    for (int ranks = 1; ranks <= 4; ++ranks)
      for (const auto schedule : {TaskSchedule::round_robin, TaskSchedule::even}) {
        std::vector<count_t> sum(MotifTerms{}.as_vector().size(), 0);
        for (int r = 0; r < ranks; ++r) {
          MineParams params;
          params.engine.share = share_of(r, ranks, schedule, 1);
          const auto terms = count_motif_terms(Space{}, g, k, params).as_vector();
          for (std::size_t i = 0; i < sum.size(); ++i) sum[i] += terms[i];
        }
        const MotifCounts dealt = motifs_from_terms(MotifTerms::from_vector(k, sum));
        CAPTURE(k);
        CAPTURE(ranks);
        CHECK(dealt.induced == whole.induced);
        CHECK(dealt.non_induced == whole.non_induced);
      }
  }
}

TEST_CASE_TEMPLATE_APPLY(engine_shares, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(engine_share_lists, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(engine_share_motifs, tessera::test::ExecSpaces);
TEST_CASE_TEMPLATE_APPLY(engine_share_domains, tessera::test::ExecSpaces);
