// tessera run <experiment.yaml>: inputs x tasks x parameter grid x repetitions, with results
// (CSV + JSON lines, full context per record) written into a results folder.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "apps/cli/arguments.hpp"
#include "apps/commands/commands.hpp"
#include "apps/runner/results_writer.hpp"
#include "apps/runner/run_summary.hpp"
#include "apps/runner/task_registry.hpp"
#include "core/kokkos_ext/allocation_failure.hpp"
#include "core/util/build_info.hpp"
#include "io/atomic_file.hpp"
#include "apps/runner/experiment_config.hpp"

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

// One grid point of one task: its parameters and the run they were checked into.
struct GridPoint {
  const io::TaskConfig* task;
  runner::Params params;
  runner::PreparedTask run;
};

template <class NameValues>
std::string describe(const NameValues& params) {
  std::string out;
  for (const auto& [k, v] : params) out += " " + k + "=" + v;
  return out;
}

// Every task and every value of its grid, checked before anything runs: an error names the
// YAML line of its task.
std::vector<GridPoint> prepare_grid(const io::ExperimentConfig& config) {
  std::vector<GridPoint> points;
  for (const auto& t : config.tasks) {
    try {
      const auto& def = runner::find_task(t.task);
      for (const auto& combo : t.combinations()) {
        auto params = runner::resolve_params(def, combo);
        try {
          auto run = def.prepare(params);
          points.push_back({&t, std::move(params), std::move(run)});
        } catch (const UserError& e) {
          throw UserError("task '" + t.task + "'" + (combo.empty() ? "" : " with" + describe(combo)) + ": " + e.what());
        }
      }
    } catch (const UserError& e) {
      throw ParseError(config.file, t.line, e.what());
    }
  }
  return points;
}

std::string clock_text(double seconds) {
  const long long s = static_cast<long long>(seconds + 0.5);
  std::ostringstream os;
  os << s / 3600 << ":" << std::setw(2) << std::setfill('0') << s / 60 % 60 << ":" << std::setw(2) << s % 60;
  return os.str();
}

// "elapsed 0:01:05, about 0:03:10 left": the estimate assumes the remaining runs take as long
// as the finished ones on average.
std::string progress_text(double elapsed, std::size_t done, std::size_t total) {
  std::string out = "elapsed " + clock_text(elapsed);
  if (done > 0 && done < total) out += ", about " + clock_text(elapsed / done * (total - done)) + " left";
  return out;
}

// Runs one point (warm-up, then timed): the metrics, or the error that stopped it.
std::string run_point(const GridPoint& point, const io::LoadedGraph& input, int runs, Json& metrics) {
  try {
    for (int r = 0; r < runs; ++r) metrics = point.run(input);
    return "";
  } catch (const UserError& e) {
    return e.what();
  } catch (const std::exception& e) {  // e.g. an allocation that failed: recorded, the sweep goes on
    if (const auto oom = kokkos_ext::allocation_failure_message(e)) return *oom;
    return std::string("internal error: ") + e.what();
  }
}

// Hypergraph tasks (partition) run on the hypergraph inputs and graph tasks on the others, so
// one experiment can hold both; an input that no task of the experiment reads is an error.
bool is_hypergraph_input(const io::InputConfig& in) {
  return io::holds_hypergraph(in.source, in.load.format);
}

bool reads(const GridPoint& point, const io::InputConfig& in) {
  return runner::find_task(point.task->task).hypergraph_input == is_hypergraph_input(in) && point.task->runs_on(in.name);
}

// A task that names an input it cannot read (a graph for partition, a hypergraph for the graph
// tasks) is a mistake in the file, not a silently skipped input.
void check_selected_inputs(const io::ExperimentConfig& config) {
  for (const auto& t : config.tasks)
    for (const auto& name : t.inputs) {
      const auto in = std::find_if(config.inputs.begin(), config.inputs.end(), [&](const io::InputConfig& i) { return i.name == name; });
      const bool hypergraph = is_hypergraph_input(*in);
      if (runner::find_task(t.task).hypergraph_input != hypergraph)
        throw ParseError(config.file, t.line, "task '" + t.task + "' lists input '" + name + "', a " +
                                                  (hypergraph ? "hypergraph" : "graph") + " it does not read");
    }
}

std::size_t count_runs(const io::ExperimentConfig& config, const std::vector<GridPoint>& points) {
  std::size_t runs = 0;
  check_selected_inputs(config);
  const bool selecting = std::any_of(config.tasks.begin(), config.tasks.end(), [](const io::TaskConfig& t) { return !t.inputs.empty(); });
  for (const auto& in : config.inputs) {
    const bool hypergraph = is_hypergraph_input(in);
    const auto n = std::count_if(points.begin(), points.end(), [&](const GridPoint& p) { return reads(p, in); });
    if (n == 0)
      throw ParseError(config.file, 0, "input '" + in.name + "' is a " + (hypergraph ? "hypergraph" : "graph") +
                                           " but no task of the experiment reads " + (hypergraph ? "hypergraphs" : "graphs") +
                                           (selecting ? " and lists it in its 'inputs'" : ""));
    runs += static_cast<std::size_t>(n) * static_cast<std::size_t>(config.repetitions);
  }
  return runs;
}

// What every record of the run carries before its task's metrics: the run's context (build,
// device, start) and the input as loaded.
Json context_record(const io::ExperimentConfig& config, const std::string& started, const io::InputConfig& in,
                    const io::LoadedGraph& loaded) {
  static const auto info = build_info();
  Json record = Json::object();
  record.set("experiment", config.name)
      .set("started", started)
      .set("mode", config.quick ? "quick" : "full")
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
      .set("build_s", loaded.build_seconds);
  return record;
}

}  // namespace

int run_command(const Args& argv) {
  Arguments args("run", "Run a YAML experiment (see configs/ and apps/runner/experiment_config.hpp for the schema).\n"
                        "Results go to <output>/results.csv and results.jsonl, rewritten atomically after\n"
                        "every record, with the resolved configuration and Kokkos' configuration beside them.");
  args.positional("experiment", "experiment YAML file");
  args.option("output", "DIR", "results folder (overrides the file's 'output'; default results/<name>)");
  args.flag("dry-run", "validate and echo the resolved configuration, run nothing");
  args.flag("quick", "run the experiment's 'quick:' block instead (small inputs, seconds on a CPU)");
  args.flag("fail-fast", "stop at the first failed grid point (default: record it and go on)");
  if (!args.parse(argv)) return 0;

  auto config = io::load_experiment(args.get("experiment"), args.has("quick"));
  if (auto out = args.maybe("output")) config.output = *out;
  if (config.output.empty()) config.output = "results/" + config.name;
  config.output = std::filesystem::absolute(config.output).lexically_normal().string();

  const std::vector<GridPoint> points = prepare_grid(config);
  const std::size_t total_runs = count_runs(config, points);
  if (!args.has("dry-run")) {
    std::error_code made;
    std::filesystem::create_directories(config.output, made);
    TESSERA_USER_REQUIRE(!made, "cannot create the results folder '" << config.output << "': " << made.message());
  }
  const std::string resolved = io::to_yaml(config);
  std::cerr << "# resolved experiment (" << total_runs << " timed runs)\n" << resolved;
  if (args.has("dry-run")) return 0;
  runner::ResultsWriter results(config.output);
  io::write_file_atomically(config.output + "/config.resolved.yaml", resolved);
  io::write_file_atomically(config.output + "/kokkos_config.txt", kokkos_configuration());
  const std::string started = utc_timestamp();
  const bool fail_fast = args.has("fail-fast");
  runner::RunSummary summary;

  Kokkos::Timer clock;
  std::size_t done = 0, failed = 0;
  for (const auto& in : config.inputs) {
    std::cerr << "[input] " << in.name << ": loading " << in.source << "\n";
    io::LoadedGraph loaded;
    loaded.source = in.source;
    std::string load_error;
    const bool hypergraph = is_hypergraph_input(in);
    if (hypergraph) {  // tasks that read hypergraphs (partition) load their input themselves, in
      // the input's `format:` when it names one (the extension otherwise)
      loaded.format = in.load.format ? io::to_string(*in.load.format) : "hypergraph";
    } else {
      try {
        loaded = io::load_graph(in.source, in.load);
        std::cerr << "[input] " << in.name << ": n=" << loaded.graph.num_vertices() << " m=" << loaded.graph.num_edges()
                  << " (read " << loaded.read_seconds << " s, build " << loaded.build_seconds << " s)\n";
      } catch (const std::exception& e) {  // every point of this input is recorded as failed
        load_error = e.what();
      }
    }
    for (const auto& point : points) {
      if (!reads(point, in)) continue;
      // A failed grid point is recorded with its error and the sweep goes on (the run then
      // exits with status 1), unless --fail-fast.
      Json warm = Json::object();
      std::string error = load_error.empty() ? run_point(point, loaded, config.warmup, warm) : load_error;
      for (int rep = 0; rep < config.repetitions; ++rep) {
        Json metrics = Json::object();
        if (error.empty()) error = run_point(point, loaded, 1, metrics);
        if (!error.empty()) {
          metrics = Json::object();
          metrics.set("error", error);
          ++failed;
        }
        Json record = context_record(config, started, in, loaded);
        record.set("task", point.task->task);
        for (const auto& [k, v] : point.params) record.set("param." + k, v);
        record.set("repetition", rep);
        for (const auto& [k, v] : metrics.items()) record.set(k, v);
        summary.add(in.name, point.task->task, point.params, metrics);
        results.add(std::move(record));
        ++done;
        std::cerr << "[" << done << "/" << total_runs << "] " << in.name << " " << point.task->task
                  << describe(point.params);
        if (metrics.contains("time_s")) std::cerr << " " << metrics.at("time_s").to_plain() << " s";
        if (!error.empty()) std::cerr << " FAILED: " << error;
        std::cerr << " (" << progress_text(clock.seconds(), done, total_runs) << ")\n";
        if (!error.empty() && fail_fast) {
          std::cerr << "stopping at the first failure (--fail-fast); results so far: " << config.output << "\n";
          return 1;
        }
      }
    }
  }
  std::cerr << "\n" << summary.table() << "\n";
  std::cerr << "results: " << config.output << "/results.csv (" << results.size() << " records";
  if (failed > 0) std::cerr << ", " << failed << " failed";
  std::cerr << ")\n";
  return failed > 0 ? 1 : 0;
}

}  // namespace tessera::cli
