// tessera tc <graph> --distributed: Algorithm 1 of paper 1 over MPI (distributed/).
#include "apps/commands/tc_distributed.hpp"

#include <mpi.h>

#include <iostream>

#include "apps/cli/input_options.hpp"
#include "distributed/triangle_count/dist_triangle_count.hpp"

namespace tessera::cli {

namespace {

Json summary(const dist::MetricSummary& s) {
  Json j = Json::object();
  j.set("min", s.min).set("avg", s.avg).set("max", s.max);
  return j;
}

Json run(const Arguments& args) {
  // --variant defaults to the single-node "auto": distributed, that means cpu.
  const std::string variant = args.maybe("variant").value_or("cpu");
  dist::DistTriangleParams params;
  params.variant = variant == "auto" ? dist::DistVariant::cpu : dist::parse_dist_variant(variant);
  params.ranks_per_node = static_cast<int>(args.get_integer("ranks-per-node"));
  params.gpu_ranks_per_node = static_cast<int>(args.get_integer("gpu-ranks-per-node"));
  params.buffer_size = static_cast<std::size_t>(args.get_integer("buffer-size"));
  TESSERA_USER_REQUIRE(params.buffer_size >= 1, "--buffer-size must be at least 1");
  if (auto c = args.maybe("compress")) {
    TESSERA_USER_REQUIRE(*c == "lz4" || *c == "none", "--compress takes lz4 or none, got '" << *c << "'");
    params.compress = *c == "lz4";
  }
  params.orientation = parse_orientation(args.get("orientation"));
  const auto r = dist::triangle_count(MPI_COMM_WORLD, args.get("graph"), params);
  const auto& m = r.metrics;
  Json metrics = Json::object();
  for (const auto& field : dist::dist_metric_fields()) metrics.set(field.name, summary(m.*(field.summary)));
  Json j = Json::object();
  j.set("graph", args.get("graph"))
      .set("triangles", r.triangles)
      .set("ranks", r.ranks)
      .set("variant", dist::to_string(r.variant))
      .set("nodes", r.nodes)
      .set("buffer_size", static_cast<std::uint64_t>(params.buffer_size))
      .set("compress", params.compress ? "lz4" : "none")
      .set("time_s", m.total_seconds.max)
      .set("read_s", r.read_seconds)
      .set("partition_entries_stddev", r.partition.stddev_entries)
      .set("partition_imbalance", r.partition.imbalance)
      .set("metrics", metrics);
  return j;
}

}  // namespace

int tc_distributed(const Arguments& args) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  }
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  try {
    const Json j = run(args);
    if (rank == 0) print_result(j, args.has("json"));
  } catch (const std::exception& e) {
    // One rank's failure would leave the others waiting: report it and stop every rank.
    std::cerr << "tessera: error (rank " << rank << "): " << e.what() << "\n";
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return 0;
}

}  // namespace tessera::cli
