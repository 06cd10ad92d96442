// tessera tc <graph> --distributed: Algorithm 1 of paper 1 over MPI (distributed/).
#include "apps/commands/tc_distributed.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstring>
#include <iostream>

#include "algorithms/triangle_count/tc_options.hpp"
#include "apps/cli/input_options.hpp"
#include "core/kokkos_ext/allocation_tracker.hpp"
#include "distributed/mpi/host_threads.hpp"
#include "distributed/mpi/rank_device.hpp"
#include "distributed/triangle_count/dist_triangle_count.hpp"

namespace tessera::cli {

namespace {

// How this rank's host threads were chosen (set by DistributedRuntime, reported in the JSON).
dist::HostThreads host_threads_choice;
int rank_device = -1;  // the GPU set_device_for_rank chose (-1: the user's or none)

// The commands that take --distributed: tc (distributed/triangle_count) and the replicated
// mining commands (distributed/pattern_mining, mining_distributed.hpp).
bool is_distributed_command(int argc, char** argv) {
  if (argc < 2) return false;
  bool takes_it = false;
  for (const char* command : {"tc", "mine", "cliques", "motifs", "fsm"}) takes_it = takes_it || std::strcmp(argv[1], command) == 0;
  if (!takes_it) return false;
  for (int i = 2; i < argc; ++i)
    if (std::strcmp(argv[i], "--distributed") == 0) return true;
  return false;
}

Json summary(const dist::MetricSummary& s) {
  Json j = Json::object();
  j.set("min", s.min).set("avg", s.avg).set("max", s.max);
  return j;
}

// The options tc declares itself (the single-node table), some of them for both modes.
bool declared_by_tc(const std::string& name) {
  const auto& options = triangle_count_options();
  return std::any_of(options.begin(), options.end(), [&](const auto& o) { return o.name == name; });
}

// The distributed parameters from the command line; usage errors (the same on every rank, so
// every rank exits alike) for bad values and for the single-node-only options.
dist::DistTriangleParams params_from(const Arguments& args) {
  if (args.maybe("intersection"))
    throw UsageError("tc: --intersection is single-node only; the distributed kernels pick binary search or merge per edge");
  if (args.maybe("lane-sums"))
    throw UsageError("tc: --lane-sums is single-node only; the distributed kernels keep one reduction per task");
  if (args.maybe("grid-waves"))
    throw UsageError("tc: --grid-waves is single-node only; the distributed kernels size their grids by the queries");
  if (args.maybe("per-vertex"))
    throw UsageError("tc: --per-vertex is not available with --distributed (a remote query (m, n) does not carry the "
                     "wedge's apex, so no rank can credit all three vertices)");
  dist::DistTriangleParams params;
  for (const auto& option : dist::dist_param_options()) {
    const auto value = args.maybe(option.name);
    if (!value || (std::string(option.name) == "variant" && *value == "auto")) continue;
    try {
      option.apply(params, *value);
    } catch (const UserError& e) {
      throw UsageError(std::string("tc: --") + option.name + ": " + e.what());
    }
  }
  return params;
}

Json run(const Arguments& args, const dist::DistTriangleParams& params, const io::GraphLoadOptions& load) {
  const auto r = dist::triangle_count(MPI_COMM_WORLD, args.get("graph"), params, load);
  const auto& m = r.metrics;
  Json metrics = Json::object();
  for (const auto& field : dist::dist_metric_fields()) metrics.set(field.name, summary(m.*(field.summary)));
  Json options = Json::object();  // every parameter as run, named as its option
  for (const auto& option : dist::dist_param_options()) options.set(option.name, option.show(params));
  Json j = Json::object();
  j.set("graph", args.get("graph"))
      .set("n", static_cast<std::int64_t>(r.partition.vertex_offsets.back()))
      .set("m", static_cast<std::int64_t>(r.partition.total_entries() / 2))
      .set("triangles", r.triangles)
      .set("ranks", r.ranks)
      .set("variant", dist::to_string(r.variant))
      .set("nodes", r.nodes)
      .set("buffer_size", static_cast<std::uint64_t>(params.buffer_size))
      .set("compress", params.compress ? "lz4" : "none")
      .set("time_s", m.total_seconds.max)
      .set("read_s", r.read_seconds)
      .set("host_threads_source", host_threads_choice.source)
      .set("ranks_on_node", host_threads_choice.ranks_on_node)
      .set("node_cores", host_threads_choice.node_cores)
      .set("rank_cpus", host_threads_choice.rank_cpus)
      .set("rank0_device", rank_device)
      .set("partition_entries_stddev", r.partition.stddev_entries)
      .set("partition_imbalance", r.partition.imbalance)
      .set("params", options)
      .set("metrics", metrics);
  for (const auto& field : dist::dist_metric_fields())
    if (field.headline)
      j.set(std::string(field.headline) + "_max", (m.*(field.summary)).max)
          .set(std::string(field.headline) + "_imbalance", (m.*(field.summary)).imbalance());
  return j;
}

}  // namespace

DistributedRuntime::DistributedRuntime(int argc, char** argv) {
  if (!is_distributed_command(argc, argv)) return;
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  started_ = true;
  try {
    host_threads_choice = dist::set_host_threads_for_rank(MPI_COMM_WORLD, argc, argv);
    rank_device = dist::set_device_for_rank(MPI_COMM_WORLD, argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "tessera: error: " << e.what() << "\n";
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

DistributedRuntime::~DistributedRuntime() {
  if (started_) MPI_Finalize();
}

std::string distributed_help(const std::string& name) {
  for (const auto& option : dist::dist_param_options())
    if (option.name == name)
      return std::string("; with --distributed: ") + option.help + " (default: " + option.default_value + ")";
  return " (single node only)";
}

void add_distributed_options(Arguments& args) {
  for (const auto& option : dist::dist_param_options())
    if (!declared_by_tc(option.name))
      args.option(option.name, option.value_name,
                  std::string("--distributed: ") + option.help + " (default: " + option.default_value + ")");
}

void reject_distributed_options(const Arguments& args) {
  for (const auto& option : dist::dist_param_options())
    if (!declared_by_tc(option.name) && args.maybe(option.name))
      throw UsageError(std::string("tc: --") + option.name + " needs --distributed");
}

int tc_distributed(const Arguments& args, const io::GraphLoadOptions& load) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  TESSERA_REQUIRE(initialized, "tc --distributed runs inside a DistributedRuntime (apps/main.cpp)");
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const dist::DistTriangleParams params = params_from(args);
  kokkos_ext::AllocationTracker::install();  // peak_device_bytes per rank, the input included
  try {
    const Json j = run(args, params, load);
    if (rank == 0) print_result(j, args.has("json"));
  } catch (const std::exception& e) {
    // One rank's failure would leave the others waiting: report it and stop every rank.
    std::cerr << "tessera: error (rank " << rank << "): " << e.what() << "\n";
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  return 0;
}

}  // namespace tessera::cli
