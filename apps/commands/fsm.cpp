// tessera fsm: frequent subgraph mining with MNI (domain) support on the generic engine (paper 2);
// --distributed: over MPI ranks with the graph replicated (distributed/pattern_mining).
#include <filesystem>
#include <fstream>
#include <optional>

#include "algorithms/pattern_mining/fsm/fsm.hpp"
#include "algorithms/pattern_mining/fsm/fsm_json.hpp"
#include "algorithms/pattern_mining/fsm/fsm_options.hpp"
#include "apps/cli/input_options.hpp"
#include "apps/commands/commands.hpp"
#include "apps/commands/distributed_share.hpp"
#include "core/kokkos_ext/allocation_tracker.hpp"
#include "core/util/progress.hpp"
#include "core/util/json.hpp"
#include "io/atomic_file.hpp"

namespace tessera::cli {

namespace {

using namespace tessera::mining;

// The name in the list header: the file name up to its first dot ("citeseer.el.gz" ->
// "citeseer"), or the generator spec.
std::string graph_name(const std::string& source) {
  if (source.rfind("gen:", 0) == 0) return source;
  const std::string file = std::filesystem::path(source).filename().string();
  return file.substr(0, file.find('.'));
}

void write_list(const std::string& path, const FsmResult& r, const std::string& name, const FsmParams& params) {
  io::AtomicFile file(path);
  std::ofstream out(file.temp_path());
  TESSERA_USER_REQUIRE(out.good(), "cannot write the pattern list to '" << path << "'");
  write_pattern_list(out, r, name, params);
  out.close();
  TESSERA_USER_REQUIRE(out.good(), "writing the pattern list to '" << path << "' failed");
  file.commit();
}

}  // namespace

int fsm_command(const Args& argv) {
  Arguments args("fsm", "Frequent subgraph mining: every connected vertex-labelled pattern with 1..K edges whose\n"
                        "MNI (domain) support over edge-induced embeddings is at least SIGMA (GraphMiner's k-FSM).\n"
                        "Patterns grow edge by edge from frequent ones; supports come from the mining engine.");
  args.positional("graph", "graph file or gen:<spec> (labels=L gives generated labels)");
  add_graph_input_options(args);
  add_labels_option(args);
  for (const auto& o : fsm_options())
    args.option(o.name, o.value_name, o.help, o.required ? std::nullopt : std::optional<std::string>(o.default_value));
  args.option("list", "FILE", "write the frequent patterns to FILE: one '<edges> <support> L <labels> E <i-j> ...' line "
                              "each, in canonical form, sorted (the layout of the reference lists)")
      .flag("json", "print one JSON object on stdout");
  add_share_options(args);
  if (!args.parse(argv)) return 0;
  FsmParams params;
  for (const auto& o : fsm_options()) {
    const auto value = args.maybe(o.name);
    if (!value) throw UsageError("fsm needs --" + o.name + " " + o.value_name);
    as_usage("fsm", [&] { o.apply(params, *value); });
  }
  as_usage("fsm", [&] { validate(params); });
  EngineParams engine = fsm_engine_params();
  apply_share_options(args, "fsm", engine);
  require_undirected_simple(args, "fsm");
  const auto load = graph_load_options(args);
  kokkos_ext::AllocationTracker::install();
  const auto loaded = io::load_graph(args.get("graph"), load);
  progress::report("mining frequent subgraphs");
  DistributedMiningRun run;
  const FsmResult r = args.has("distributed") ? fsm_distributed(loaded.graph, params, engine, run)
                                              : frequent_subgraphs(Kokkos::DefaultExecutionSpace{}, loaded.graph, params, engine);
  if (run.rank != 0) return 0;  // every rank holds the patterns; rank 0 writes and prints
  if (const auto list = args.maybe("list")) write_list(*list, r, graph_name(args.get("graph")), params);
  Json j = Json::object();
  j.set("graph", args.get("graph"))
      .set("n", loaded.graph.num_vertices())
      .set("m", loaded.graph.num_edges())
      .set("max_edges", params.max_edges)
      .set("support", params.support)
      .set("bfs", params.bounded_bfs)
      .set("counts", params.count_supports);
  append_fields(j, to_json(r));
  j.set("read_s", loaded.read_seconds)
      .set("build_s", loaded.build_seconds)
      .set("peak_device_bytes", kokkos_ext::AllocationTracker::peak_default_space_bytes())
      .set("backend", Kokkos::DefaultExecutionSpace::name());
  if (args.has("distributed")) set_distributed(j, engine.share, run);
  print_result(j, args.has("json"));
  return 0;
}

}  // namespace tessera::cli
