// Distributed triangle counting (CPU variant) against the single-node count, at any number of
// ranks: generated graphs x buffer sizes x compression x orientation, empty ranks, triangles
// that all span three ranks, HDF5 range reads, and the shipped graphs (suite real-data).
#include <doctest/doctest.h>
#include <mpi.h>

#include <string>
#include <vector>

#include <algorithm>
#include <memory>

#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "distributed/triangle_count/dist_triangle_count.hpp"
#include "io/generators/random_graphs.hpp"
#include "io/graph_io.hpp"
#ifdef TESSERA_HAVE_HDF5
#include "io/hdf5/hdf5_graph.hpp"
#endif
#include "tests/distributed/mpi_world.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

using test::world_rank;
using test::world_size;

HostGraph host(const DeviceGraph& g) { return mirror_graph<Kokkos::HostSpace>(g); }

count_t single_node(const DeviceGraph& g) {
  return tessera::triangle_count(Kokkos::DefaultExecutionSpace{}, g).triangles;
}

HostGraph from_edges(vid_t n, const std::vector<std::pair<vid_t, vid_t>>& edges) {
  EdgeList e;
  e.num_vertices = n;
  for (auto [u, v] : edges) {
    e.src.push_back(u);
    e.dst.push_back(v);
  }
  return host(build_graph(e));
}

// Every count is checked on every rank (the total is Allreduced, so ranks agree) together
// with the message bookkeeping that must balance across ranks.
void check_run(const dist::DistGraph& g, count_t expected, const dist::DistTriangleParams& p, const std::string& what) {
  auto r = dist::triangle_count(MPI_COMM_WORLD, g, p);
  INFO(what << ", buffer " << p.buffer_size << std::string(p.compress ? ", lz4" : "") << ", orientation "
            << std::string(to_string(p.orientation)) << ", ranks " << r.ranks);
  CHECK(r.triangles == expected);
  CHECK(r.ranks == world_size());
  const auto& m = r.metrics;
  CHECK(m.queries_sent.avg == doctest::Approx(m.queries_received.avg));
  CHECK(m.messages_sent.avg == doctest::Approx(m.messages_received.avg));
  CHECK(m.bytes_sent_wire.avg == doctest::Approx(m.bytes_received_wire.avg));
  CHECK(m.bytes_sent_raw.avg == doctest::Approx(m.bytes_received_raw.avg));
  CHECK((m.local_triangles.avg + m.remote_triangles.avg) * r.ranks == doctest::Approx(static_cast<double>(expected)));
  // SIZE bounds the queries per message.
  CHECK(m.queries_sent.max <= m.messages_sent.max * static_cast<double>(p.buffer_size));
  if (!p.compress) CHECK(m.bytes_sent_raw.max == m.bytes_sent_wire.max);
  // With id order and contiguous ranges, a parent's children live on its rank or higher ones.
  if (p.orientation == Orientation::id) CHECK(m.messages_to_lower_ranks.max == 0);
  if (r.ranks == 1) CHECK(m.messages_sent.max == 0);
}

}  // namespace

TEST_CASE("distributed triangle count equals the single-node count on generated graphs") {
  gen::KroneckerParams kron;
  kron.scale = 10;
  kron.seed = 3;
  const DeviceGraph k10 = build_graph(Kokkos::DefaultExecutionSpace{}, gen::kronecker(Kokkos::DefaultExecutionSpace{}, kron));
  gen::ErdosRenyiParams er{1500, 12000, 11};
  const DeviceGraph er_g = build_graph(Kokkos::DefaultExecutionSpace{}, gen::erdos_renyi(Kokkos::DefaultExecutionSpace{}, er));
  kron.scale = 7;
  const DeviceGraph k7 = build_graph(Kokkos::DefaultExecutionSpace{}, gen::kronecker(Kokkos::DefaultExecutionSpace{}, kron));
  struct Case {
    const char* name;
    const DeviceGraph* g;
  };
  for (const Case& c : {Case{"kronecker 10", &k10}, Case{"erdos-renyi 1500/12000", &er_g}, Case{"kronecker 7", &k7}}) {
    const count_t expected = single_node(*c.g);
    REQUIRE(expected > 0);
    const auto dg = dist::scatter_graph(MPI_COMM_WORLD, host(*c.g));
    const auto stats = dist::partition_stats(MPI_COMM_WORLD, dg);
    CHECK(stats.entries_per_rank.size() == static_cast<std::size_t>(world_size()));
    CHECK(stats.stddev_entries >= 0);
    // SIZE = 1 sends one message per query (np = 4 on 2 cores: about 7 s for the whole case).
    for (std::size_t size : {1, 7, 4096})
      for (bool compress : {false, true})
        for (Orientation o : {Orientation::degree, Orientation::id}) {
          dist::DistTriangleParams p;
          p.buffer_size = size;
          p.compress = compress;
          p.orientation = o;
          check_run(dg, expected, p, c.name);
        }
  }
}

TEST_CASE("the source overload: generator specs are loaded on rank 0 and scattered") {
  const std::string spec = "gen:kronecker:scale=9,edge_factor=8,seed=2";
  const count_t expected = single_node(io::load_graph(spec).graph);
  dist::DistTriangleParams p;
  p.buffer_size = 64;
  const auto r = dist::triangle_count(MPI_COMM_WORLD, spec, p);
  CHECK(r.triangles == expected);
  CHECK(r.partition.vertex_offsets.back() == (1 << 9));
  CHECK_THROWS_AS(dist::triangle_count(MPI_COMM_WORLD, std::string("/nonexistent/graph.el"), p), UserError);
}

TEST_CASE("ranks without vertices") {
  // 3 vertices (one triangle) on up to 4 ranks: at least one rank owns nothing when ranks > 3.
  const auto tri = from_edges(3, {{0, 1}, {1, 2}, {2, 0}});
  const auto dg = dist::scatter_graph(MPI_COMM_WORLD, tri);
  for (std::size_t size : {1, 4096}) {
    dist::DistTriangleParams p;
    p.buffer_size = size;
    check_run(dg, 1, p, "triangle");
  }
  // All vertices on the last rank.
  std::vector<vid_t> last(static_cast<std::size_t>(world_size()) + 1, 0);
  last.back() = 3;
  check_run(dist::scatter_graph(MPI_COMM_WORLD, tri, 0, last), 1, {}, "triangle on the last rank");
  // The empty graph.
  check_run(dist::scatter_graph(MPI_COMM_WORLD, from_edges(0, {})), 0, {}, "empty graph");
}

TEST_CASE("triangles that all span three ranks") {
  // The complete tripartite graph K(5,5,5): every triangle takes one vertex from each part,
  // and each part goes to its own rank (ranks 0, 1, 2) when there are at least three.
  constexpr vid_t k = 5;
  std::vector<std::pair<vid_t, vid_t>> edges;
  for (vid_t a = 0; a < 3 * k; ++a)
    for (vid_t b = a + 1; b < 3 * k; ++b)
      if (a / k != b / k) edges.emplace_back(a, b);
  const auto g = from_edges(3 * k, edges);
  const int p = world_size();
  std::vector<vid_t> offsets(static_cast<std::size_t>(p) + 1, 3 * k);
  offsets[0] = 0;
  if (p >= 3) {
    offsets[1] = k;
    offsets[2] = 2 * k;
  } else if (p == 2) {
    offsets[1] = k;
  }
  const auto dg = dist::scatter_graph(MPI_COMM_WORLD, g, 0, offsets);
  for (std::size_t size : {1, 7, 4096})
    for (Orientation o : {Orientation::degree, Orientation::id}) {
      dist::DistTriangleParams params;
      params.buffer_size = size;
      params.orientation = o;
      params.compress = size == 7;
      check_run(dg, k * k * k, params, "K(5,5,5)");
      if (p >= 3) {
        const auto r = dist::triangle_count(MPI_COMM_WORLD, dg, params);
        CHECK(r.metrics.local_triangles.max == 0);  // none closes inside a rank
        CHECK(r.metrics.remote_triangles.avg * p == doctest::Approx(k * k * k));
      }
    }
}

#ifdef TESSERA_HAVE_HDF5
TEST_CASE("HDF5 input: every rank reads only its vertex range") {
  gen::KroneckerParams kron;
  kron.scale = 9;
  kron.seed = 8;
  const DeviceGraph g = build_graph(Kokkos::DefaultExecutionSpace{}, gen::kronecker(Kokkos::DefaultExecutionSpace{}, kron));
  const count_t expected = single_node(g);
  // Rank 0 writes the file and shares its path.
  std::unique_ptr<test::TempDir> dir;
  const std::string path = test::file_on_rank0(dir, "k9.h5", [&](const std::string& f) { io::write_graph_hdf5(f, host(g)); });
  const auto dg = dist::load_distributed_graph(MPI_COMM_WORLD, path);
  // The same edge-balanced offsets as the scatter path computes from the whole graph.
  const auto scattered = dist::scatter_graph(MPI_COMM_WORLD, host(g));
  CHECK(dg.vertex_offsets == scattered.vertex_offsets);
  CHECK(dg.local.num_entries() == scattered.local.num_entries());
  dist::DistTriangleParams p;
  p.buffer_size = 100;
  p.compress = true;
  const auto r = dist::triangle_count(MPI_COMM_WORLD, path, p);
  CHECK(r.triangles == expected);
  MPI_Barrier(MPI_COMM_WORLD);  // nobody reads the file when rank 0 removes it
}
#endif

TEST_SUITE("real-data") {
  TEST_CASE("distributed triangle count equals ground truth on shipped graphs") {
    const std::vector<std::string> names = {"karate", "dolphins", "football", "jazz", "lagraph-bcsstk13",
                                            "ca-GrQc", "email-Eu-core"};
    int found = 0;
    for (const auto& row : test::read_ground_truth()) {
      if (std::find(names.begin(), names.end(), row.at("name")) == names.end()) continue;
      ++found;
      const auto expected = static_cast<count_t>(row.integer("triangles"));
      for (bool compress : {false, true}) {
        dist::DistTriangleParams p;
        p.buffer_size = 512;
        p.compress = compress;
        const auto r = dist::triangle_count(MPI_COMM_WORLD, test::data_path(row.at("file")), p);
        INFO(row.at("name") << std::string(compress ? " lz4" : ""));
        CHECK(r.triangles == expected);
        if (compress && r.metrics.bytes_sent_raw.max > 0)
          MESSAGE(row.at("name") << ": " << r.ranks << " ranks, bytes sent raw/lz4 (max over ranks) "
                                 << r.metrics.bytes_sent_raw.max << " / " << r.metrics.bytes_sent_wire.max
                                 << ", edges/rank stddev " << r.partition.stddev_entries);
      }
    }
    CHECK(found == static_cast<int>(names.size()));
  }
}
