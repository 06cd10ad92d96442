// Per-rank Kronecker generation (generated_rows.hpp): each rank's rows equal those of the
// single-node build, whatever the chunking, and a "gen:kronecker" source counts exactly with
// the offsets the scatter path computes from the whole graph.
#include <doctest/doctest.h>
#include <mpi.h>

#include <string>
#include <vector>

#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/graph/builder.hpp"
#include "distributed/triangle_count/dist_triangle_count.hpp"
#include "distributed/triangle_count/generated_rows.hpp"
#include "io/graph_io.hpp"
#include "tests/distributed/mpi_world.hpp"

using namespace tessera;

namespace {

// Rows [b, e) of a whole host graph, as (row_map rebased, entries) vectors.
void rows_of(const HostGraph& g, vid_t b, vid_t e, std::vector<eid_t>& row_map, std::vector<vid_t>& entries) {
  row_map.clear();
  entries.clear();
  for (vid_t v = b; v <= e; ++v) row_map.push_back(g.row_map(v) - g.row_map(b));
  for (eid_t a = g.row_map(b); a < g.row_map(e); ++a) entries.push_back(g.entries(a));
}

void rows_of(const HostGraph& local, std::vector<eid_t>& row_map, std::vector<vid_t>& entries) {
  row_map.assign(local.row_map.data(), local.row_map.data() + local.row_map.extent(0));
  entries.assign(local.entries.data(), local.entries.data() + local.entries.extent(0));
}

}  // namespace

TEST_CASE("generated rows equal the single-node build's rows, whatever the chunking") {
  gen::KroneckerParams p;
  p.scale = 9;
  p.edge_factor = 8;
  p.seed = 4;
  const HostGraph whole = mirror_graph<Kokkos::HostSpace>(
      build_graph(Kokkos::DefaultExecutionSpace{}, gen::kronecker(Kokkos::DefaultExecutionSpace{}, p)));
  const vid_t n = whole.num_vertices();
  const int r = test::world_rank(), size = test::world_size();
  // Equal blocks, and ranges that start off a power of two (a row rebased to 0 can then equal
  // its global column, which must not be taken for a self-loop).
  const vid_t b = static_cast<vid_t>(std::int64_t(n) * r / size), e = static_cast<vid_t>(std::int64_t(n) * (r + 1) / size);
  for (const auto range : {std::pair<vid_t, vid_t>{b, e}, {vid_t(37 + r), vid_t(n - 3 * r)}}) {
    const vid_t first = range.first, last = range.second;  // not bound: CHECK captures (C++20 for bindings)
    std::vector<eid_t> want_rm, got_rm;
    std::vector<vid_t> want_en, got_en;
    rows_of(whole, first, last, want_rm, want_en);
    REQUIRE(!want_en.empty());
    for (eid_t chunk : {eid_t{1000}, eid_t{1} << 24}) {
      const HostGraph mine = dist::kronecker_rows(p, first, last, chunk);
      CHECK(!mine.directed);
      rows_of(mine, got_rm, got_en);
      INFO("rows [" << first << ", " << last << "), chunk " << chunk);
      CHECK(got_rm == want_rm);
      CHECK(got_en == want_en);
    }
  }
  CHECK(dist::kronecker_rows(p, b, b).num_entries() == 0);
  gen::KroneckerParams parsed;
  CHECK(dist::kronecker_source("gen:rmat:scale=5,seed=2", parsed));
  CHECK(parsed.scale == 5);
  CHECK_FALSE(dist::kronecker_source("gen:clique:n=5", parsed));
  CHECK_FALSE(dist::kronecker_source("graph.el", parsed));
}

TEST_CASE("a Kronecker source is generated per rank: the scatter path's offsets, exact counts") {
  const std::string spec = "gen:kronecker:scale=10,edge_factor=8,seed=6";
  const auto loaded = io::load_graph(spec);
  const HostGraph whole = mirror_graph<Kokkos::HostSpace>(loaded.graph);
  const count_t expected = tessera::triangle_count(Kokkos::DefaultExecutionSpace{}, loaded.graph).triangles;
  for (auto balance : {dist::PartitionBalance::edges, dist::PartitionBalance::work}) {
    dist::SplitParams split;
    split.balance = balance;
    const auto generated = dist::load_distributed_graph(MPI_COMM_WORLD, spec, split);
    const auto scattered = dist::scatter_graph(MPI_COMM_WORLD, whole, 0, {}, split);
    INFO("balance " << dist::to_string(balance));
    CHECK(generated.vertex_offsets == scattered.vertex_offsets);
    std::vector<eid_t> a_rm, b_rm;
    std::vector<vid_t> a_en, b_en;
    rows_of(generated.local, a_rm, a_en);
    rows_of(scattered.local, b_rm, b_en);
    CHECK(a_rm == b_rm);
    CHECK(a_en == b_en);
    dist::DistTriangleParams params;
    params.partition = balance;
    params.buffer_size = 512;
    CHECK(dist::triangle_count(MPI_COMM_WORLD, spec, params).triangles == expected);
  }
}
