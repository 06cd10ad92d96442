// tessera run <experiment.yaml>: inputs x tasks x parameter grid x repetitions, with results
// (CSV + JSON lines, full context per record) written into a results folder.
#include <chrono>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "apps/cli/arguments.hpp"
#include "apps/commands/commands.hpp"
#include "apps/runner/results_writer.hpp"
#include "apps/runner/task_registry.hpp"
#include "core/util/build_info.hpp"
#include "io/atomic_file.hpp"
#include "io/config/experiment.hpp"

namespace tessera::cli {

namespace {

std::string utc_timestamp() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  std::ostringstream os;
  os << std::put_time(&tm, "%Y-%m-%dT%H:%M:%SZ");
  return os.str();
}

}  // namespace

int run_command(const Args& argv) {
  Arguments args("run", "Run a YAML experiment (see configs/ and io/config/experiment.hpp for the schema).\n"
                        "Results go to <output>/results.csv and results.jsonl, rewritten atomically after\n"
                        "every record, with the resolved configuration and Kokkos' configuration beside them.");
  args.positional("experiment", "experiment YAML file");
  args.option("output", "DIR", "results folder (overrides the file's 'output'; default results/<name>)");
  args.flag("dry-run", "validate and echo the resolved configuration, run nothing");
  if (!args.parse(argv)) return 0;

  auto config = io::load_experiment(args.get("experiment"));
  if (auto out = args.maybe("output")) config.output = *out;
  if (config.output.empty()) config.output = "results/" + config.name;
  config.output = std::filesystem::absolute(config.output).lexically_normal().string();

  // Validate every task and parameter before running anything.
  std::size_t total_runs = 0;
  for (const auto& t : config.tasks) {
    const auto& def = runner::find_task(t.task);
    for (const auto& combo : t.combinations()) runner::resolve_params(def, combo);
    total_runs += t.combinations().size();
  }
  total_runs *= config.inputs.size() * static_cast<std::size_t>(config.repetitions);

  const std::string resolved = io::to_yaml(config);
  std::cerr << "# resolved experiment (" << total_runs << " timed runs)\n" << resolved;
  if (args.has("dry-run")) return 0;

  runner::ResultsWriter results(config.output);
  io::write_file_atomically(config.output + "/config.resolved.yaml", resolved);
  io::write_file_atomically(config.output + "/kokkos_config.txt", kokkos_configuration());
  const auto info = build_info();
  const std::string started = utc_timestamp();

  std::size_t done = 0, failed = 0;
  for (const auto& in : config.inputs) {
    std::cerr << "[input] " << in.name << ": loading " << in.source << "\n";
    // Tasks that read hypergraphs (partition) load their input themselves; the others get a graph.
    bool hypergraph_tasks = !config.tasks.empty();
    for (const auto& t : config.tasks) hypergraph_tasks = hypergraph_tasks && runner::find_task(t.task).hypergraph_input;
    io::LoadedGraph loaded;
    if (hypergraph_tasks) {
      loaded.source = in.source;
      loaded.format = "hypergraph";
    } else {
      loaded = io::load_graph(in.source, in.load);
    }
    std::cerr << "[input] " << in.name << ": n=" << loaded.graph.num_vertices() << " m=" << loaded.graph.num_edges()
              << " (read " << loaded.read_seconds << " s, build " << loaded.build_seconds << " s)\n";
    for (const auto& t : config.tasks) {
      const auto& def = runner::find_task(t.task);
      for (const auto& combo : t.combinations()) {
        const auto params = runner::resolve_params(def, combo);
        // A grid point that fails on its input (e.g. a launch in a sweep) is recorded with its
        // error and the sweep goes on; the run then exits with status 1.
        std::string error;
        try {
          for (int w = 0; w < config.warmup; ++w) def.run(loaded, params);
        } catch (const UserError& e) {
          error = e.what();
        }
        for (int rep = 0; rep < config.repetitions; ++rep) {
          Json metrics = Json::object();
          if (error.empty()) {
            try {
              metrics = def.run(loaded, params);
            } catch (const UserError& e) {
              error = e.what();
            }
          }
          if (!error.empty()) {
            metrics.set("error", error);
            ++failed;
          }
          Json record = Json::object();
          record.set("experiment", config.name)
              .set("started", started)
              .set("git_commit", info.git_commit)
              .set("tessera_version", info.version)
              .set("kokkos_version", info.kokkos_version)
              .set("backend", info.backend)
              .set("device", info.device)
              .set("concurrency", info.concurrency)
              .set("input", in.name)
              .set("source", in.source)
              .set("n", loaded.graph.num_vertices())
              .set("m", loaded.graph.num_edges())
              .set("read_s", loaded.read_seconds)
              .set("build_s", loaded.build_seconds)
              .set("task", t.task);
          for (const auto& [k, v] : params) record.set("param." + k, v);
          record.set("repetition", rep);
          for (const auto& [k, v] : metrics.items()) record.set(k, v);
          results.add(std::move(record));
          ++done;
          std::cerr << "[" << done << "/" << total_runs << "] " << in.name << " " << t.task;
          for (const auto& [k, v] : params) std::cerr << " " << k << "=" << v;
          if (metrics.contains("time_s")) std::cerr << " " << metrics.at("time_s").to_plain() << " s";
          if (!error.empty()) std::cerr << " FAILED: " << error;
          std::cerr << "\n";
        }
      }
    }
  }
  std::cerr << "results: " << config.output << "/results.csv (" << results.size() << " records";
  if (failed > 0) std::cerr << ", " << failed << " failed";
  std::cerr << ")\n";
  return failed > 0 ? 1 : 0;
}

}  // namespace tessera::cli
