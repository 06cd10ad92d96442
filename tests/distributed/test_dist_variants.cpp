// The distributed variants (cpu, gpu, hybrid, ipc, mpi+ipc) against the single-node count, with
// real and simulated nodes (ranks_per_node), tiny and large buffers; the node-local query
// metric; and the clear errors for what a build or a launch cannot do. Without a GPU backend
// the gpu and hybrid variants run their device path on the host space, and the IPC variants
// must refuse.
#include <doctest/doctest.h>
#include <mpi.h>

#include <string>
#include <vector>

#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "core/kokkos_ext/ipc_memory.hpp"
#include "distributed/triangle_count/dist_triangle_count.hpp"
#include "io/generators/random_graphs.hpp"
#include "io/graph_io.hpp"
#include "tests/distributed/mpi_world.hpp"

using namespace tessera;

namespace {

using test::world_size;

struct Workload {
  std::string name;
  HostGraph graph;
  count_t expected;
  std::vector<std::size_t> buffer_sizes;  // SIZE = 1 only where messages stay few
};

std::vector<Workload> workloads() {
  using Space = Kokkos::DefaultExecutionSpace;
  gen::KroneckerParams kron;
  kron.scale = 10;
  kron.seed = 5;
  const DeviceGraph k10 = build_graph(Space{}, gen::kronecker(Space{}, kron));
  // K(4,4,4): every triangle has one vertex per part, spread over ranks.
  EdgeList tri;
  tri.num_vertices = 12;
  for (vid_t a = 0; a < 12; ++a)
    for (vid_t b = a + 1; b < 12; ++b)
      if (a / 4 != b / 4) {
        tri.src.push_back(a);
        tri.dst.push_back(b);
      }
  const DeviceGraph k444 = build_graph(Space{}, to_edge_arrays<Space::memory_space>(tri));
  return {{"kronecker 10", mirror_graph<Kokkos::HostSpace>(k10), tessera::triangle_count(Space{}, k10).triangles,
           {61, 4096}},
          {"K(4,4,4)", mirror_graph<Kokkos::HostSpace>(k444), 64, {1, 4096}}};
}

bool is_ipc(dist::DistVariant v) { return v == dist::DistVariant::ipc || v == dist::DistVariant::mpi_ipc; }
// Reads node-local ranks' rows in place (CUDA IPC or host shared memory).
bool reads_node_rows(dist::DistVariant v) { return is_ipc(v) || v == dist::DistVariant::shm; }

}  // namespace

TEST_CASE("every distributed variant equals the single-node count") {
  const int p = world_size();
  for (const auto& w : workloads()) {
    const auto dg = dist::scatter_graph(MPI_COMM_WORLD, w.graph);
    for (auto variant : {dist::DistVariant::cpu, dist::DistVariant::gpu, dist::DistVariant::hybrid,
                         dist::DistVariant::ipc, dist::DistVariant::mpi_ipc, dist::DistVariant::shm})
      for (int ranks_per_node : {0, 1, 2})
        for (std::size_t size : w.buffer_sizes)
          for (auto rows : {dist::IpcRows::gather, dist::IpcRows::map, dist::IpcRows::copy}) {
            // IPC and shm read peers' rows in place (map) or gather them; only IPC copies them.
            if (rows == dist::IpcRows::copy ? !is_ipc(variant) : rows == dist::IpcRows::map && !reads_node_rows(variant))
              continue;
            dist::DistTriangleParams params;
            params.variant = variant;
            params.ranks_per_node = ranks_per_node;
            params.buffer_size = size;
            params.ipc_rows = rows;
            INFO(w.name << ", variant " << dist::to_string(variant) << ", ranks per node " << ranks_per_node
                        << ", buffer " << size << ", ranks " << p << ", ipc rows " << dist::to_string(rows));
            const int nodes = ranks_per_node == 0 ? 1 : (p + ranks_per_node - 1) / ranks_per_node;
            if (variant == dist::DistVariant::ipc && nodes > 1) {
              CHECK_THROWS_WITH_AS(dist::triangle_count(MPI_COMM_WORLD, dg, params), doctest::Contains("one node"),
                                   UserError);
              continue;
            }
            if (is_ipc(variant) && !kokkos_ext::ipc_supported()) {
              CHECK_THROWS_WITH_AS(dist::triangle_count(MPI_COMM_WORLD, dg, params), doctest::Contains("CUDA"),
                                   UserError);
              continue;
            }
            const auto r = dist::triangle_count(MPI_COMM_WORLD, dg, params);
            CHECK(r.triangles == w.expected);
            CHECK(r.nodes == nodes);
            const auto& m = r.metrics;
            CHECK(m.queries_sent.avg == doctest::Approx(m.queries_received.avg));
            CHECK((m.local_triangles.avg + m.remote_triangles.avg) * p == doctest::Approx(double(w.expected)));
            // Node-local lookups: none when every rank is its own node.
            if (ranks_per_node == 1) CHECK(m.node_local_queries.max == 0);
            // Over MPI, on one node, every remote query is node-local (what IPC would serve).
            if (!reads_node_rows(variant) && nodes == 1)
              CHECK(m.node_local_queries.avg == doctest::Approx(m.queries_sent.avg));
            // Reading node-local rows in place, on one node nothing goes through MPI; across nodes
            // only what the other nodes own does.
            if (reads_node_rows(variant) && nodes == 1) CHECK(m.messages_sent.max == 0);
            // Roles: cpu and shm never on the device, gpu/ipc always, hybrid one rank per node.
            if (variant == dist::DistVariant::cpu || variant == dist::DistVariant::shm) CHECK(m.on_device.max == 0);
            if (variant == dist::DistVariant::gpu || is_ipc(variant)) CHECK(m.on_device.min == 1);
            if (variant == dist::DistVariant::hybrid) CHECK(m.on_device.avg * p == doctest::Approx(nodes));
          }
  }
}

TEST_CASE("both message formats and any number of receiver streams count exactly") {
  // Flat pairs (lookup kernel), compact runs decoded on the receiver (split-edge kernel) and
  // rows records (an out-list per destination), on
  // the device path (gpu), the host path (cpu) and both (hybrid); tiny buffers put many batches
  // in flight on every stream.
  const int p = world_size();
  for (const auto& w : workloads()) {
    const auto dg = dist::scatter_graph(MPI_COMM_WORLD, w.graph);
    for (auto variant : {dist::DistVariant::cpu, dist::DistVariant::gpu, dist::DistVariant::hybrid})
      for (auto format : {dist::MessageFormat::flat, dist::MessageFormat::compact, dist::MessageFormat::rows})
        for (int streams : {1, 3}) {
          dist::DistTriangleParams params;
          params.variant = variant;
          params.message_format = format;
          params.receiver_streams = streams;
          params.buffer_size = 7;
          INFO(w.name << ", variant " << dist::to_string(variant) << ", format " << dist::to_string(format)
                      << ", streams " << streams << ", ranks " << p);
          const auto r = dist::triangle_count(MPI_COMM_WORLD, dg, params);
          CHECK(r.triangles == w.expected);
          CHECK(r.metrics.queries_sent.avg == doctest::Approx(r.metrics.queries_received.avg));
          if (p > 1 && format != dist::MessageFormat::flat)  // runs share their parent word, records their list
            CHECK(r.metrics.bytes_sent_raw.avg < 8 * r.metrics.queries_sent.avg);
          if (p > 1 && format == dist::MessageFormat::flat)
            CHECK(r.metrics.bytes_sent_raw.avg == doctest::Approx(8 * r.metrics.queries_sent.avg));
        }
  }
}

TEST_CASE("shm sends only the queries that leave the node") {
  // Nodes of two ranks: what the cpu variant sends minus its node-local queries.
  const auto all = workloads();
  const auto& w = all.front();
  const auto dg = dist::scatter_graph(MPI_COMM_WORLD, w.graph);
  dist::DistTriangleParams params;
  params.ranks_per_node = 2;
  params.buffer_size = 64;
  params.variant = dist::DistVariant::cpu;
  const auto cpu = dist::triangle_count(MPI_COMM_WORLD, dg, params);
  params.variant = dist::DistVariant::shm;
  const auto shm = dist::triangle_count(MPI_COMM_WORLD, dg, params);
  CHECK(shm.triangles == w.expected);
  CHECK(cpu.triangles == w.expected);
  const double p = world_size();
  CHECK(shm.metrics.queries_sent.avg * p ==
        doctest::Approx((cpu.metrics.queries_sent.avg - cpu.metrics.node_local_queries.avg) * p));
  if (p >= 2) CHECK(cpu.metrics.node_local_queries.max > 0);
  CHECK(shm.metrics.messages_to_lower_ranks.max <= cpu.metrics.messages_to_lower_ranks.max);
}

TEST_CASE("hybrid runs weigh the partition by measured speed") {
  const std::string spec = "gen:kronecker:scale=9,edge_factor=8,seed=4";
  const count_t expected =
      tessera::triangle_count(Kokkos::DefaultExecutionSpace{}, io::load_graph(spec).graph).triangles;
  dist::DistTriangleParams params;
  params.variant = dist::DistVariant::hybrid;
  params.buffer_size = 256;
  const auto r = dist::triangle_count(MPI_COMM_WORLD, spec, params);
  CHECK(r.triangles == expected);
  CHECK(r.metrics.speed_weight.min > 0);
  params.gpu_ranks_per_node = 0;  // every rank on the host
  params.weigh_partition = false;
  CHECK(dist::triangle_count(MPI_COMM_WORLD, spec, params).triangles == expected);
}

TEST_CASE("distributed variants: names and bad requests") {
  CHECK(dist::parse_dist_variant("mpi+ipc") == dist::DistVariant::mpi_ipc);
  CHECK(dist::parse_dist_variant("mpi_ipc") == dist::DistVariant::mpi_ipc);
  CHECK(dist::parse_dist_variant("shm") == dist::DistVariant::shm);
  CHECK(std::string(dist::to_string(dist::parse_dist_variant("hybrid"))) == "hybrid");
  CHECK_THROWS_AS(dist::parse_dist_variant("nvlink"), UserError);
  const auto dg = dist::scatter_graph(MPI_COMM_WORLD, workloads().back().graph);
  dist::DistTriangleParams params;
  params.variant = dist::DistVariant::gpu;
  params.compress = true;  // LZ4 is a CPU-variant option (paper 1, §III-B)
  CHECK_THROWS_WITH_AS(dist::triangle_count(MPI_COMM_WORLD, dg, params), doctest::Contains("cpu variant"), UserError);
  params.compress = false;
  params.ranks_per_node = -1;
  CHECK_THROWS_AS(dist::triangle_count(MPI_COMM_WORLD, dg, params), UserError);
}
