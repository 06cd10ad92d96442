// The public API of distributed triangle counting: validation, the steps in order (rank setup,
// Algorithm 1's super-steps), the reductions of counts and metrics.
#include "distributed/triangle_count/dist_triangle_count.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <vector>

#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "core/kokkos_ext/allocation_tracker.hpp"
#include "distributed/mpi/communicator.hpp"
#include "distributed/mpi/node_topology.hpp"
#include "distributed/triangle_count/rank_setup.hpp"
#include "distributed/triangle_count/superstep_loop.hpp"
#include "io/generators/random_graphs.hpp"

namespace tessera::dist {

const std::vector<DistMetricField>& dist_metric_fields() {
  static const std::vector<DistMetricField> fields = {
    DistMetricField{"setup_s", &RankMetrics::setup_seconds, &DistTriangleMetrics::setup_seconds, "setup"},
    DistMetricField{"upload_s", &RankMetrics::upload_seconds, &DistTriangleMetrics::upload_seconds},
    DistMetricField{"order_s", &RankMetrics::order_seconds, &DistTriangleMetrics::order_seconds},
    DistMetricField{"orient_s", &RankMetrics::orient_seconds, &DistTriangleMetrics::orient_seconds},
    DistMetricField{"share_s", &RankMetrics::share_seconds, &DistTriangleMetrics::share_seconds},
    DistMetricField{"stats_s", &RankMetrics::stats_seconds, &DistTriangleMetrics::stats_seconds},
    DistMetricField{"gather_s", &RankMetrics::gather_seconds, &DistTriangleMetrics::gather_seconds},
    DistMetricField{"local_s", &RankMetrics::local_seconds, &DistTriangleMetrics::local_seconds},
    DistMetricField{"scan_s", &RankMetrics::scan_seconds, &DistTriangleMetrics::scan_seconds},
    DistMetricField{"remote_s", &RankMetrics::remote_seconds, &DistTriangleMetrics::remote_seconds},
    DistMetricField{"wait_s", &RankMetrics::wait_seconds, &DistTriangleMetrics::wait_seconds},
    DistMetricField{"total_s", &RankMetrics::total_seconds, &DistTriangleMetrics::total_seconds},
    DistMetricField{"local_triangles", &RankMetrics::local_triangles, &DistTriangleMetrics::local_triangles},
    DistMetricField{"remote_triangles", &RankMetrics::remote_triangles, &DistTriangleMetrics::remote_triangles},
    DistMetricField{"messages_sent", &RankMetrics::messages_sent, &DistTriangleMetrics::messages_sent},
    DistMetricField{"messages_received", &RankMetrics::messages_received, &DistTriangleMetrics::messages_received},
    DistMetricField{"queries_sent", &RankMetrics::queries_sent, &DistTriangleMetrics::queries_sent},
    DistMetricField{"queries_received", &RankMetrics::queries_received, &DistTriangleMetrics::queries_received},
    DistMetricField{"bytes_sent_raw", &RankMetrics::bytes_sent_raw, &DistTriangleMetrics::bytes_sent_raw},
    DistMetricField{"bytes_sent_wire", &RankMetrics::bytes_sent_wire, &DistTriangleMetrics::bytes_sent_wire},
    DistMetricField{"bytes_received_raw", &RankMetrics::bytes_received_raw, &DistTriangleMetrics::bytes_received_raw},
    DistMetricField{"bytes_received_wire", &RankMetrics::bytes_received_wire, &DistTriangleMetrics::bytes_received_wire},
    DistMetricField{"messages_to_lower_ranks", &RankMetrics::messages_to_lower_ranks, &DistTriangleMetrics::messages_to_lower_ranks},
    DistMetricField{"node_local_queries", &RankMetrics::node_local_queries, &DistTriangleMetrics::node_local_queries},
    DistMetricField{"on_device", &RankMetrics::on_device, &DistTriangleMetrics::on_device},
    DistMetricField{"speed_weight", &RankMetrics::speed_weight, &DistTriangleMetrics::speed_weight},
    DistMetricField{"host_threads", &RankMetrics::host_threads, &DistTriangleMetrics::host_threads},
    DistMetricField{"counting_s", &RankMetrics::counting_seconds, &DistTriangleMetrics::counting_seconds, "counting"},
    DistMetricField{"estimated_work", &RankMetrics::estimated_work, &DistTriangleMetrics::estimated_work, "estimated_work"},
    DistMetricField{"peak_device_bytes", &RankMetrics::peak_device_bytes, &DistTriangleMetrics::peak_device_bytes},
    DistMetricField{"setup_edges", &RankMetrics::setup_edges, &DistTriangleMetrics::setup_edges, "setup_edges"},
    DistMetricField{"setup_bytes", &RankMetrics::setup_bytes, &DistTriangleMetrics::setup_bytes, "setup_bytes"},
    DistMetricField{"setup_bytes_sent", &RankMetrics::setup_bytes_sent, &DistTriangleMetrics::setup_bytes_sent},
  };
  return fields;
}

namespace {

using detail::device_space;
using detail::host_space;

DistTriangleMetrics summarize(const Communicator& comm, const RankMetrics& mine) {
  const auto& fields = dist_metric_fields();
  const std::size_t n = fields.size();
  std::vector<double> values(n), lo(n), hi(n), sum(n);
  for (std::size_t k = 0; k < n; ++k) values[k] = mine.*(fields[k].value);
  TESSERA_MPI_CHECK(MPI_Allreduce(values.data(), lo.data(), int(n), MPI_DOUBLE, MPI_MIN, comm.get()));
  TESSERA_MPI_CHECK(MPI_Allreduce(values.data(), hi.data(), int(n), MPI_DOUBLE, MPI_MAX, comm.get()));
  TESSERA_MPI_CHECK(MPI_Allreduce(values.data(), sum.data(), int(n), MPI_DOUBLE, MPI_SUM, comm.get()));
  DistTriangleMetrics out;
  for (std::size_t k = 0; k < n; ++k) out.*(fields[k].summary) = {lo[k], sum[k] / comm.size(), hi[k]};
  return out;
}

bool counts_on_device(const DistGraph&, const DistTriangleParams& params, const NodeTopology& topology) {
  switch (params.variant) {
    case DistVariant::cpu:
    case DistVariant::shm: return false;
    case DistVariant::hybrid: return topology.local_rank < params.gpu_ranks_per_node;
    default: return true;
  }
}

// Edges per second of the single-node kernel on this rank's space (a Kronecker scale-14
// graph): the weight of this rank in a hybrid partition.
double measure_speed(bool on_device) {
  auto speed = [](auto space) {
    using Space = decltype(space);
    gen::KroneckerParams kp;
    kp.scale = 14;
    kp.edge_factor = 16;
    const auto g = build_graph(space, gen::kronecker(space, kp));
    triangle_count(space, g);  // warm-up
    const auto r = triangle_count(space, g);
    return static_cast<double>(g.num_edges()) / std::max(r.count_seconds, 1e-9);
  };
  return on_device ? speed(device_space()) : speed(host_space());
}

}  // namespace

DistTriangleResult triangle_count(MPI_Comm user, const DistGraph& g, const DistTriangleParams& params) {
  Communicator comm(user);
  TESSERA_USER_REQUIRE(g.vertex_offsets.size() == static_cast<std::size_t>(comm.size()) + 1 && g.rank == comm.rank(),
                       "the distributed graph was made for " << g.vertex_offsets.size() - 1 << " ranks (rank "
                                                             << g.rank << "), the communicator has " << comm.size()
                                                             << " (rank " << comm.rank() << ")");
  TESSERA_USER_REQUIRE(!g.local.directed, "distributed triangle counting needs an undirected graph");
  TESSERA_USER_REQUIRE(params.scan_chunk >= 1, "scan_chunk must be >= 1");
  TESSERA_USER_REQUIRE(params.gpu_ranks_per_node >= 0, "gpu ranks per node must be >= 0");
  TESSERA_USER_REQUIRE(!params.compress || params.variant == DistVariant::cpu || params.variant == DistVariant::shm,
                       "LZ4 compression is for the cpu variant and shm, which send compact buffers (paper 1, §III-B); the "
                           << to_string(params.variant) << " variant sends flat buffers uncompressed");
  const NodeTopology topology = node_topology(comm, params.ranks_per_node);
  TESSERA_USER_REQUIRE(params.variant != DistVariant::ipc || topology.num_nodes == 1,
                       "the ipc variant needs every rank on one node (found "
                           << topology.num_nodes << " nodes); use mpi+ipc across nodes");
  DistTriangleResult result;
  result.ranks = comm.size();
  result.variant = params.variant;
  result.nodes = topology.num_nodes;
  RankMetrics& rm = result.rank_metrics;
  rm.host_threads = host_space().concurrency();
  Kokkos::Timer total;

  count_t local = 0, remote = 0;
  const bool on_device = counts_on_device(g, params, topology);
  rm.on_device = on_device ? 1 : 0;
  detail::count_on_rank(comm, g, params, topology, on_device, rm, local, remote);

  count_t mine = local + remote;
  TESSERA_MPI_CHECK(MPI_Allreduce(&mine, &result.triangles, 1, MPI_UINT64_T, MPI_SUM, comm.get()));
  rm.total_seconds = total.seconds();
  rm.local_triangles = static_cast<double>(local);
  rm.remote_triangles = static_cast<double>(remote);
  rm.counting_seconds = rm.local_seconds + rm.scan_seconds + rm.remote_seconds;
  rm.peak_device_bytes = static_cast<double>(kokkos_ext::AllocationTracker::peak_default_space_bytes());
  result.metrics = summarize(comm, rm);
  result.partition = partition_stats(comm.get(), g);
  return result;
}

DistTriangleResult triangle_count(MPI_Comm user, const std::string& source, const DistTriangleParams& params,
                                  const io::GraphLoadOptions& load) {
  Kokkos::Timer timer;
  std::vector<double> weights;
  double my_speed = 0;
  if (params.variant == DistVariant::hybrid && params.weigh_partition) {
    Communicator comm(user);
    const NodeTopology topology = node_topology(comm, params.ranks_per_node);
    DistGraph probe;  // only the role matters here
    my_speed = measure_speed(counts_on_device(probe, params, topology));
    weights.resize(static_cast<std::size_t>(comm.size()));
    TESSERA_MPI_CHECK(MPI_Allgather(&my_speed, 1, MPI_DOUBLE, weights.data(), 1, MPI_DOUBLE, comm.get()));
  }
  const DistGraph g = load_distributed_graph(user, source, SplitParams{params.partition, params.orientation, weights}, load);
  const double read = timer.seconds();
  auto result = triangle_count(user, g, params);
  result.read_seconds = read;
  if (!weights.empty()) {
    result.rank_metrics.speed_weight = my_speed;
    Communicator comm(user);
    result.metrics = summarize(comm, result.rank_metrics);
  }
  return result;
}

}  // namespace tessera::dist
