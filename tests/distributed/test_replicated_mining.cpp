// Replicated multi-GPU mining (distributed/pattern_mining) at any number of ranks: counts of
// cliques, a non-clique pattern (diamond, wedge-counted 4-cycle) and 3-/4-motifs equal the
// single-node counts for both schedules and chunks of 1, 5 and more units than exist; the
// per-rank report covers every unit once; FSM (OR-reduced domains) gives the single-node
// patterns and supports.
#include <doctest/doctest.h>
#include <mpi.h>

#include <string>

#include "distributed/pattern_mining/replicated_mining.hpp"
#include "io/graph_io.hpp"
#include "tests/distributed/mpi_world.hpp"

using namespace tessera;
using namespace tessera::mining;

namespace {

using test::world_size;

std::vector<TaskShare> schedules() {
  std::vector<TaskShare> out;
  for (const eid_t chunk : {eid_t(1), eid_t(5), eid_t(1) << 40}) {
    TaskShare s;
    s.chunk_size = chunk;
    out.push_back(s);
  }
  TaskShare snake;
  snake.schedule = TaskSchedule::snake;
  snake.chunk_size = 2;
  out.push_back(snake);
  TaskShare even;
  even.schedule = TaskSchedule::even;
  out.push_back(even);
  return out;
}

std::string describe(const TaskShare& s) { return std::string(to_string(s.schedule)) + " chunk " + std::to_string(s.chunk_size); }

}  // namespace

TEST_CASE("replicated mining: pattern counts equal the single-node counts") {
  const auto g = io::load_graph("gen:kronecker:scale=9,edge_factor=8,seed=3").graph;
  for (const Pattern& p : {clique(3), clique(5), pattern_by_name("diamond"), pattern_by_name("4-cycle"),
                           pattern_by_name("4-path", Induced::vertex)}) {
    const count_t expected = mine(Kokkos::DefaultExecutionSpace{}, g, p).count;
    for (const TaskShare& s : schedules()) {
      CAPTURE(p.name());
      CAPTURE(describe(s));
      MineParams params;
      params.engine.share = s;
      const auto r = dist::mine(MPI_COMM_WORLD, g, p, params);
      CHECK(r.result.count == expected);
      REQUIRE(r.report.ranks.size() == static_cast<std::size_t>(world_size()));
      eid_t units = 0;
      for (const auto& rank : r.report.ranks) units += rank.units;
      CHECK(units == r.result.stats.units);  // every unit ran once, somewhere
      CHECK(r.report.imbalance() >= 1.0);
    }
  }
}

TEST_CASE("replicated mining: motif counts equal the single-node counts") {
  const auto g = io::load_graph("gen:kronecker:scale=9,edge_factor=8,seed=4").graph;
  for (const int k : {3, 4}) {
    const MotifCounts expected = count_motifs(Kokkos::DefaultExecutionSpace{}, g, k);
    for (const TaskShare& s : schedules()) {
      CAPTURE(k);
      CAPTURE(describe(s));
      MineParams params;
      params.engine.share = s;
      const auto r = dist::count_motifs(MPI_COMM_WORLD, g, k, params);
      CHECK(r.counts.induced == expected.induced);
      CHECK(r.counts.non_induced == expected.non_induced);
      CHECK(r.report.ranks.size() == static_cast<std::size_t>(world_size()));
    }
  }
}

TEST_CASE("replicated mining: FSM patterns and supports equal the single-node ones") {
  // Generated labels (a hash of the vertex id): the same graph on every rank.
  const auto g = io::load_graph("gen:kronecker:scale=9,edge_factor=8,seed=5,labels=3").graph;
  for (const int k : {2, 3}) {
    FsmParams params;
    params.max_edges = k;
    params.support = 20;
    const FsmResult expected = frequent_subgraphs(Kokkos::DefaultExecutionSpace{}, g, params);
    REQUIRE(expected.patterns.size() > 5);
    for (const TaskShare& s : {schedules().front(), schedules().back()}) {  // round-robin chunk 1, even
      CAPTURE(k);
      CAPTURE(describe(s));
      EngineParams engine = fsm_engine_params();
      engine.share = s;
      const auto r = dist::frequent_subgraphs(MPI_COMM_WORLD, g, params, engine);
      REQUIRE(r.result.patterns.size() == expected.patterns.size());
      for (std::size_t i = 0; i < expected.patterns.size(); ++i) {
        CHECK(r.result.patterns[i].pattern == expected.patterns[i].pattern);
        CHECK(r.result.patterns[i].support == expected.patterns[i].support);
      }
      CHECK(r.result.by_edges == expected.by_edges);
      CHECK(r.result.matches == expected.matches);  // every match listed once, somewhere
    }
  }
}
