// Work-balanced partitions (partition.hpp: PartitionBalance::work): the offsets match a serial
// reference of the per-vertex work on both the scatter and the HDF5 path, and the counts stay
// exact.
#include <doctest/doctest.h>
#include <mpi.h>

#include <memory>
#include <string>
#include <vector>

#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "distributed/triangle_count/dist_triangle_count.hpp"
#include "io/generators/random_graphs.hpp"
#ifdef TESSERA_HAVE_HDF5
#include "io/hdf5/hdf5_graph.hpp"
#endif
#include "tests/distributed/mpi_world.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

// Serial reference: wedges at v in the oriented graph plus its degree, summed as a prefix.
std::vector<eid_t> reference_work_prefix(const HostGraph& g, Orientation o) {
  const vid_t n = g.num_vertices();
  auto deg = [&](vid_t v) { return g.row_map(v + 1) - g.row_map(v); };
  auto before = [&](vid_t a, vid_t b) {  // a precedes b in the order
    if (o == Orientation::id) return a < b;
    return deg(a) < deg(b) || (deg(a) == deg(b) && a < b);
  };
  std::vector<eid_t> prefix(static_cast<std::size_t>(n) + 1, 0);
  for (vid_t v = 0; v < n; ++v) {
    eid_t out = 0;
    for (eid_t a = g.row_map(v); a < g.row_map(v + 1); ++a) out += before(v, g.entries(a)) ? 1 : 0;
    prefix[static_cast<std::size_t>(v) + 1] = prefix[static_cast<std::size_t>(v)] + out * (out - 1) / 2 + deg(v);
  }
  return prefix;
}

HostGraph kronecker_host(int scale, std::uint64_t seed) {
  gen::KroneckerParams kron;
  kron.scale = scale;
  kron.seed = seed;
  const DeviceGraph g =
      build_graph(Kokkos::DefaultExecutionSpace{}, gen::kronecker(Kokkos::DefaultExecutionSpace{}, kron));
  return mirror_graph<Kokkos::HostSpace>(g);
}

}  // namespace

TEST_CASE("vertex work: wedges at the vertex plus its row") {
  CHECK(dist::vertex_work(0, 0) == 0);
  CHECK(dist::vertex_work(3, 0) == 3);
  CHECK(dist::vertex_work(3, 1) == 3);
  CHECK(dist::vertex_work(10, 4) == 16);
  CHECK(dist::parse_partition_balance("work") == dist::PartitionBalance::work);
  CHECK(std::string(dist::to_string(dist::PartitionBalance::edges)) == "edges");
  CHECK_THROWS_AS(dist::parse_partition_balance("wedges"), UserError);
}

TEST_CASE("work-balanced scatter: offsets from the reference work, exact counts") {
  const HostGraph g = kronecker_host(10, 5);
  const count_t expected = tessera::triangle_count(Kokkos::DefaultHostExecutionSpace{}, g).triangles;
  REQUIRE(expected > 0);
  for (Orientation o : {Orientation::degree, Orientation::id}) {
    const auto prefix = reference_work_prefix(g, o);
    dist::SplitParams split;
    split.balance = dist::PartitionBalance::work;
    split.orientation = o;
    const auto dg = dist::scatter_graph(MPI_COMM_WORLD, g, 0, {}, split);
    CHECK(dg.vertex_offsets == dist::balance_edges(prefix, test::world_size()));
    dist::DistTriangleParams p;
    p.orientation = o;
    p.buffer_size = 256;
    const auto r = dist::triangle_count(MPI_COMM_WORLD, dg, p);
    INFO("orientation " << to_string(o));
    CHECK(r.triangles == expected);
    // The ranks' estimated work adds up to the reference total, and the split evens it out at
    // least as well as the edge split does by that same measure.
    CHECK(r.metrics.estimated_work.avg * r.ranks == doctest::Approx(double(prefix.back())));
    const auto by_edges = dist::triangle_count(MPI_COMM_WORLD, dist::scatter_graph(MPI_COMM_WORLD, g), p);
    CHECK(by_edges.triangles == expected);
    CHECK(r.metrics.estimated_work.max <= by_edges.metrics.estimated_work.max);
    CHECK(r.metrics.counting_seconds.max >= r.metrics.local_seconds.max);
  }
}

#ifdef TESSERA_HAVE_HDF5
TEST_CASE("work-balanced HDF5 reads give the scatter path's offsets") {
  const HostGraph g = kronecker_host(9, 12);
  std::unique_ptr<test::TempDir> dir;
  const std::string path = test::file_on_rank0(dir, "k9w.h5", [&](const std::string& f) { io::write_graph_hdf5(f, g); });
  for (Orientation o : {Orientation::degree, Orientation::id}) {
    dist::SplitParams split;
    split.balance = dist::PartitionBalance::work;
    split.orientation = o;
    const auto read = dist::load_distributed_graph(MPI_COMM_WORLD, path, split);
    const auto scattered = dist::scatter_graph(MPI_COMM_WORLD, g, 0, {}, split);
    CHECK(read.vertex_offsets == scattered.vertex_offsets);
    CHECK(read.vertex_offsets == dist::balance_edges(reference_work_prefix(g, o), test::world_size()));
  }
  MPI_Barrier(MPI_COMM_WORLD);  // nobody reads the file when rank 0 removes it
}
#endif
