// tessera partition <hypergraph> ...: the multilevel partitioner (paper 3), and
// tessera partition-check <hypergraph> <partition> ...: recompute a partition's metrics.
#include <iostream>
#include <optional>
#include <string>

#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"
#include "algorithms/partitioning/multilevel/partition_options.hpp"
#include "algorithms/partitioning/multilevel/partition_report.hpp"
#include "algorithms/partitioning/multilevel/partition_report_json.hpp"
#include "apps/cli/input_options.hpp"
#include "apps/commands/commands.hpp"
#include "core/kokkos_ext/allocation_tracker.hpp"
#include "core/util/json.hpp"
#include "core/util/progress.hpp"
#include "io/text/partition_io.hpp"

namespace tessera::cli {

namespace {

void add_constraint_options(Arguments& args) {
  for (const auto& o : partition_constraint_options()) args.option(o.name, o.value_name, o.help);
}

// Every partitioner option the command line gave -> checked PartitionParams (partition_options.hpp);
// a bad value or combination is a usage error.
PartitionParams params_from(const Arguments& args, bool require_mode) {
  try {
    return partition_params([&](const std::string& name) { return args.given(name); }, require_mode);
  } catch (const UserError& e) {
    throw UsageError(std::string("partition: ") + e.what());
  }
}

}  // namespace

int partition_command(const Args& argv) {
  Arguments args("partition",
                 "Deterministic multilevel hypergraph partitioning (paper 3). Constrained mode: fewest blocks of at most\n"
                 "OMEGA weight and DELTA distinct inbound nets, minimal connectivity. k-way mode: K blocks, balance EPS.\n"
                 "hMETIS files are undirected: every pin counts as a destination (inbound) pin.\n"
                 "A --preset names a hardware target's limits, written OMEGA/DELTA/LIMIT: at most OMEGA nodes per block\n"
                 "(as --max-size), at most DELTA distinct inbound nets per block (as --max-inbound), and LIMIT blocks\n"
                 "(its core count; reported as within_part_limit, not enforced).");
  args.positional("hypergraph", "hypergraph file (.hgr, .dhg, .snn, ...)");
  add_hypergraph_input_options(args);
  add_constraint_options(args);
  args.option("output", "FILE", "write one block id per line (written atomically)");
  for (const auto& o : partition_options()) args.option(o.name, o.value_name, o.help, o.default_value);
  args.flag("host", "run on the host backend (the CPU baseline of a GPU build; same partition)")
      .flag("json", "print one JSON object on stdout");
  if (!args.parse(argv)) return 0;
  const PartitionParams params = params_from(args, true);
  kokkos_ext::AllocationTracker::install();  // peak_device_bytes: the input's copy included
  const auto h = io::load_hypergraph(args.get("hypergraph"), hypergraph_load_options(args));
  const bool on_host = args.has("host");
  const auto report = partition_and_evaluate(h, params, on_host ? ExecutionTarget::host : ExecutionTarget::device);
  if (auto out = args.maybe("output")) {
    progress::report("writing", *out);
    io::write_partition(*out, report.parts);
  }
  Json j = Json::object();
  j.set("hypergraph", args.get("hypergraph"))
      .set("mode", params.mode == PartitionMode::constrained ? "constrained" : "kway");
  append_fields(j, to_json(report, params));
  j.set("nodes", static_cast<long long>(h.num_nodes))
      .set("nets", static_cast<long long>(h.num_nets()))
      .set("pins", static_cast<long long>(h.num_pins()))
      .set("peak_device_bytes", kokkos_ext::AllocationTracker::peak_default_space_bytes())
      .set("backend", on_host ? Kokkos::DefaultHostExecutionSpace::name() : Kokkos::DefaultExecutionSpace::name());
  print_result(j, args.has("json"));
  return 0;
}

int partition_check_command(const Args& argv) {
  Arguments args("partition-check",
                 "Recompute a partition's metrics (connectivity, cut-net, SOED, block weights and inbound sets,\n"
                 "imbalance) and check it against the given constraints. Exit code 1 when it violates them.");
  args.positional("hypergraph", "hypergraph file").positional("partition", "one block id per line");
  add_hypergraph_input_options(args);
  add_constraint_options(args);
  args.flag("json", "print one JSON object on stdout");
  if (!args.parse(argv)) return 0;
  const PartitionParams params = params_from(args, false);
  const bool any = args.given("max-size") || args.given("preset") || args.given("k");
  const auto h = io::load_hypergraph(args.get("hypergraph"), hypergraph_load_options(args));
  const auto parts = io::read_partition(args.get("partition"), h.num_nodes);
  PartitionConstraints c;
  if (any) c = constraints_of(params);
  using Space = Kokkos::DefaultExecutionSpace;
  auto dh = mirror_hypergraph<Space::memory_space>(h);
  Kokkos::View<part_t*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> hp(const_cast<part_t*>(parts.data()),
                                                                                         parts.size());
  auto dp = Kokkos::create_mirror_view_and_copy(Space::memory_space{}, hp);
  const auto q = evaluate_partition(Space{}, dh, Kokkos::View<const part_t*, Space::memory_space>(dp), c);
  bool ok = q.valid;
  if (args.given("k")) ok = ok && q.k <= params.k;
  if (params.max_parts) ok = ok && q.k <= *params.max_parts;
  Json j = to_json(q, q.connectivity + q.cut_net);
  j.set("valid", ok);
  Json weights = Json::array(), inbound = Json::array();
  for (auto w : q.block_weights) weights.push(static_cast<long long>(w));
  for (auto x : q.block_inbound_nets) inbound.push(static_cast<long long>(x));
  j.set("block_weights", weights).set("block_inbound_nets", inbound);
  print_result(j, args.has("json"));
  return ok ? 0 : 1;
}

}  // namespace tessera::cli
