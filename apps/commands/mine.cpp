// tessera mine / cliques / motifs: pattern mining on the generic DFS engine (paper 2).
#include <algorithm>
#include <climits>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>

#include "algorithms/pattern_mining/problems/mine.hpp"
#include "algorithms/pattern_mining/problems/mining_json.hpp"
#include "algorithms/pattern_mining/problems/motifs.hpp"
#include "algorithms/pattern_mining/engine/engine_options.hpp"
#include "apps/cli/input_options.hpp"
#include "apps/commands/commands.hpp"
#include "apps/commands/distributed_share.hpp"
#include "core/kokkos_ext/allocation_tracker.hpp"
#include "core/util/progress.hpp"
#include "core/util/json.hpp"
#include "core/util/path_exists.hpp"
#include "io/atomic_file.hpp"

namespace tessera::cli {

namespace {

using namespace tessera::mining;

// The engine's options come from their declarations (engine_options.hpp), shared with YAML;
// so do the task share's, which only --distributed uses (distributed_share.hpp).
void add_engine_options(Arguments& args) {
  for (const auto& o : engine_options()) args.option(o.name, o.value_name, o.help, o.default_value);
  add_share_options(args);
  args.flag("json", "print one JSON object on stdout");
}

MineParams mine_params(const Arguments& args, const char* command) {
  MineParams p;
  as_usage(command, [&] {
    for (const auto& o : engine_options()) o.apply(p.engine, args.get(o.name));
  });
  apply_share_options(args, command, p.engine);
  return p;
}

// Runs the count on every rank (--distributed) or here; lists only single-node.
template <class Count>
MineResult count_here_or_distributed(const Arguments& args, const char* command, const Count& count,
                                     const std::function<MineResult(DistributedMiningRun&)>& distributed,
                                     DistributedMiningRun& run) {
  if (!args.has("distributed")) return count();
  if (args.maybe("list"))
    throw UsageError(std::string(command) + ": --list is single-node only (each rank would list its share)");
  return distributed(run);
}

io::LoadedGraph load_undirected(const Arguments& args, const char* command) {
  require_undirected_simple(args, command);
  return io::load_graph(args.get("graph"), graph_load_options(args));
}

// The input's fields, the result's (mining_json.hpp), then this process's peak device memory,
// the input's read and build times and the backend.
Json result_fields(const Arguments& args, const io::LoadedGraph& loaded, const Json& result) {
  Json j = Json::object();
  j.set("graph", args.get("graph")).set("n", loaded.graph.num_vertices()).set("m", loaded.graph.num_edges());
  append_fields(j, result);
  j.set("peak_device_bytes", kokkos_ext::AllocationTracker::peak_default_space_bytes())
      .set("read_s", loaded.read_seconds)
      .set("build_s", loaded.build_seconds)
      .set("backend", Kokkos::DefaultExecutionSpace::name());
  return j;
}

// Runs a listing into FILE atomically (the file appears only when the listing completed).
template <class Run>
MineResult list_to_file(const std::string& path, const Run& run) {
  io::AtomicFile file(path);
  std::ofstream out(file.temp_path());
  TESSERA_USER_REQUIRE(out.good(), "cannot write the match list to '" << path << "'");
  MineResult r = run(text_match_sink(out));
  out.close();
  TESSERA_USER_REQUIRE(out.good(), "writing the match list to '" << path << "' failed");
  file.commit();
  return r;
}

}  // namespace

int mine_command(const Args& argv) {
  Arguments args("mine", "Count (or list) the distinct subgraphs of a graph isomorphic to a pattern.\n"
                         "Edge-induced by default (distinct edge sets), vertex-induced with --induced\n"
                         "(distinct vertex sets). One match is one subgraph, never one per automorphism.");
  args.positional("graph", "graph file or gen:<spec>");
  add_graph_input_options(args);
  args.option("pattern", "NAME|FILE",
              "built-in name (triangle, k-clique k=3..8, diamond, 4-cycle, tailed-triangle, 3-star, 4-path, wedge,\n"
              "house, pentagon) or a pattern file ('u v' edges, 'label v L', # comments)")
      .flag("induced", "vertex-induced matches")
      .option("list", "FILE", "also write every match to FILE, one per line (column p = pattern vertex p)")
      .flag("plan", "print the search plan on stderr");
  add_engine_options(args);
  if (!args.parse(argv)) return 0;
  if (!args.maybe("pattern")) throw UsageError("mine needs --pattern NAME|FILE");
  const std::string spec = args.get("pattern");
  const Induced induced = args.has("induced") ? Induced::vertex : Induced::edge;
  const Pattern pattern =
      path_exists(spec) ? read_pattern_file(spec, induced) : pattern_by_name(spec, induced);
  const MineParams params = mine_params(args, "mine");
  kokkos_ext::AllocationTracker::install();
  const auto loaded = load_undirected(args, "mine");
  const Kokkos::DefaultExecutionSpace space;
  progress::report("mining", spec);
  DistributedMiningRun run;
  const MineResult r = count_here_or_distributed(
      args, "mine",
      [&] {
        if (const auto list = args.maybe("list"))
          return list_to_file(*list, [&](const MatchSink& sink) { return mine_list(space, loaded.graph, pattern, sink, params); });
        return mine(space, loaded.graph, pattern, params);
      },
      [&](DistributedMiningRun& d) { return mine_distributed(loaded.graph, pattern, params, d); }, run);
  if (run.rank != 0) return 0;
  if (args.has("plan")) std::cerr << r.plan;
  Json j = result_fields(args, loaded, to_json(r, params));
  if (args.has("distributed")) set_distributed(j, params.engine.share, run);
  print_result(j, args.has("json"));
  return 0;
}

int cliques_command(const Args& argv) {
  Arguments args("cliques", "Count (or list) the k-cliques of a graph, k = 3..8, each once, on the\n"
                            "degree-oriented DAG.");
  args.positional("graph", "graph file or gen:<spec>");
  add_graph_input_options(args);
  args.option("k", "K", "clique size, 3..8", "4").option("list", "FILE", "also write every clique to FILE, one per line");
  add_engine_options(args);
  if (!args.parse(argv)) return 0;
  const long long k = args.get_integer("k");
  if (k < 3 || k > 8) throw UsageError("cliques: --k must be between 3 and 8 (got " + std::to_string(k) + ")");
  const MineParams params = mine_params(args, "cliques");
  kokkos_ext::AllocationTracker::install();
  const auto loaded = load_undirected(args, "cliques");
  const Kokkos::DefaultExecutionSpace space;
  progress::report("mining", std::to_string(k) + "-cliques");
  DistributedMiningRun run;
  const MineResult r = count_here_or_distributed(
      args, "cliques",
      [&] {
        if (const auto list = args.maybe("list"))
          return list_to_file(*list, [&](const MatchSink& sink) {
            return list_cliques(space, loaded.graph, static_cast<int>(k), sink, params);
          });
        return count_cliques(space, loaded.graph, static_cast<int>(k), params);
      },
      [&](DistributedMiningRun& d) { return mine_distributed(loaded.graph, clique(static_cast<int>(k)), params, d); }, run);
  if (run.rank != 0) return 0;
  Json j = result_fields(args, loaded, to_json(r, params));
  j.set("k", k);
  if (args.has("distributed")) set_distributed(j, params.engine.share, run);
  print_result(j, args.has("json"));
  return 0;
}

int motifs_command(const Args& argv) {
  Arguments args("motifs", "Count every connected k-vertex motif (vertex-induced, distinct vertex sets),\n"
                           "k = 3 (wedge, triangle) or 4 (3-star, 4-path, tailed-triangle, 4-cycle, diamond, 4-clique).");
  args.positional("graph", "graph file or gen:<spec>");
  add_graph_input_options(args);
  args.option("k", "K", "motif size, 3 or 4", "3");
  add_engine_options(args);
  if (!args.parse(argv)) return 0;
  const long long k = args.get_integer("k");
  if (k != 3 && k != 4) throw UsageError("motifs: --k must be 3 or 4 (got " + std::to_string(k) + ")");
  const MineParams params = mine_params(args, "motifs");
  kokkos_ext::AllocationTracker::install();
  const auto loaded = load_undirected(args, "motifs");
  progress::report("counting motifs", std::to_string(k) + "-vertex");
  DistributedMiningRun run;
  const MotifCounts m = args.has("distributed")
                            ? motifs_distributed(loaded.graph, static_cast<int>(k), params, run)
                            : count_motifs(Kokkos::DefaultExecutionSpace{}, loaded.graph, static_cast<int>(k), params);
  if (run.rank != 0) return 0;
  if (args.has("json")) {
    Json j = Json::object();
    j.set("graph", args.get("graph")).set("n", loaded.graph.num_vertices()).set("m", loaded.graph.num_edges()).set("k", k);
    append_fields(j, to_json(m, params));
    j.set("backend", Kokkos::DefaultExecutionSpace::name())
        .set("peak_device_bytes", kokkos_ext::AllocationTracker::peak_default_space_bytes());
    if (args.has("distributed")) set_distributed(j, params.engine.share, run);
    print_result(j, true);
  } else {
    std::cout << "graph: " << args.get("graph") << "\n";
    for (const auto& [name, c] : m.induced) std::cout << name << ": " << c << "\n";
    std::cout << "time_s: " << m.seconds << "\n";
  }
  return 0;
}

}  // namespace tessera::cli
