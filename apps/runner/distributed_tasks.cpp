// `tessera run` tasks for the distributed layer (built with MPI only): tc-distributed and the
// replicated mining tasks mine-, cliques-, motifs-distributed.
#include "apps/runner/distributed_tasks.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sys/wait.h>

#include "algorithms/pattern_mining/engine/engine_options.hpp"
#include "algorithms/pattern_mining/pattern/pattern.hpp"
#include "core/error.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/path_exists.hpp"
#include "distributed/triangle_count/dist_params.hpp"

namespace tessera::runner {

namespace {

// The shell form of one argument: single-quoted, embedded quotes closed and escaped.
std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// `tessera run` is a single process, so each grid point of a distributed task launches
// `<launcher> -n <ranks> tessera <command> <graph> --distributed --json <arguments>` and records
// the JSON line rank 0 prints. Sweeps over ranks, variants, schedules and chunk sizes are then
// ordinary YAML parameter grids.
Json launch(const std::string& task, const io::LoadedGraph& input, long long ranks, const std::string& launcher,
            const std::string& command_and_arguments) {
  TESSERA_USER_REQUIRE(input.source.rfind("gen:", 0) == 0 || path_exists(input.source),
                       task << " needs the input as a file or generator spec, got '" << input.source << "'");
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  const auto space = command_and_arguments.find(' ');
  const std::string command = launcher + " -n " + std::to_string(ranks) + " " + shell_quote(self) + " " +
                              command_and_arguments.substr(0, space) + " " + shell_quote(input.source) +
                              " --distributed --json" +
                              (space == std::string::npos ? std::string() : command_and_arguments.substr(space));
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  TESSERA_USER_REQUIRE(pipe != nullptr, task << ": could not start '" << command << "'");
  std::string output;
  std::array<char, 4096> chunk;
  while (std::size_t n = std::fread(chunk.data(), 1, chunk.size(), pipe.get())) output.append(chunk.data(), n);
  const int status = pclose(pipe.release());
  TESSERA_USER_REQUIRE(status == 0 && !output.empty(),
                       task << ": '" << command << "' failed (exit status "
                            << (WIFEXITED(status) ? WEXITSTATUS(status) : -1) << "); its error is printed above");
  // The JSON object is the last non-empty line (launchers may print banners before it).
  output.erase(output.find_last_not_of('\n') + 1);
  const auto line_start = output.rfind('\n');
  Json j = Json::parse(line_start == std::string::npos ? output : output.substr(line_start + 1));
  j.set("command", command);
  return j;
}

long long parse_ranks(const std::string& task, const Params& p) {
  const auto ranks = parse_whole_integer(p.at("ranks"));
  TESSERA_USER_REQUIRE(ranks && *ranks >= 1 && *ranks <= 1 << 20,
                       task << ": ranks must be a positive integer, got '" << p.at("ranks") << "'");
  return *ranks;
}

PreparedTask tc_distributed_task(const Params& p) {
  const long long ranks = parse_ranks("tc-distributed", p);
  // The options are checked as `tessera tc --distributed` checks them, before any launch.
  dist::DistTriangleParams checked;
  for (const auto& option : dist::dist_param_options()) {
    if (std::string(option.name) == "variant" && p.at("variant") == "auto") continue;  // as the CLI
    try {
      option.apply(checked, p.at(option.name));
    } catch (const UserError& e) {
      throw UserError(std::string("tc-distributed: ") + option.name + ": " + e.what());
    }
  }
  std::string arguments = "tc";
  for (const auto& option : dist::dist_param_options())
    arguments += std::string(" --") + option.name + " " + shell_quote(p.at(option.name));
  return [ranks, launcher = p.at("launcher"), arguments](const io::LoadedGraph& input) {
    return launch("tc-distributed", input, ranks, launcher, arguments);
  };
}

// Replicated mining (distributed/pattern_mining): the command's own parameters (pattern and
// induced, or k) and the engine's and the task share's options (engine_options.hpp), checked
// here as the CLI checks them, before any launch.
PreparedTask mining_distributed_task(const std::string& command, const Params& p) {
  const std::string task = command + "-distributed";
  const long long ranks = parse_ranks(task, p);
  mining::EngineParams checked;
  std::string arguments = command;
  for (const auto* table : {&mining::engine_options(), &mining::share_options()})
    for (const auto& o : *table) {
      o.apply(checked, p.at(o.name));
      arguments += " --" + o.name + " " + shell_quote(p.at(o.name));
    }
  if (command == "mine") {
    TESSERA_USER_REQUIRE(!p.at("pattern").empty(), task << " needs a pattern (a built-in name or a pattern file)");
    arguments += " --pattern " + shell_quote(p.at("pattern"));
    if (mining::parse_induced(p.at("induced")) == mining::Induced::vertex) arguments += " --induced";
  } else {
    const auto k = parse_whole_integer(p.at("k"));
    const long long lo = 3, hi = command == "cliques" ? 8 : 4;
    TESSERA_USER_REQUIRE(k && *k >= lo && *k <= hi, task << ": k must be between " << lo << " and " << hi << ", got '"
                                                         << p.at("k") << "'");
    arguments += " --k " + p.at("k");
  }
  return [task, ranks, launcher = p.at("launcher"), arguments](const io::LoadedGraph& input) {
    return launch(task, input, ranks, launcher, arguments);
  };
}

}  // namespace

std::vector<TaskDefinition> distributed_tasks() {
  // The parameters of DistTriangleParams come from their declarations (dist_params.hpp).
  Params defaults = {{"ranks", "2"}, {"launcher", "mpiexec"}};
  for (const auto& option : dist::dist_param_options()) defaults[option.name] = option.default_value;
  // Replicated mining: the engine's and the share's parameters (engine_options.hpp).
  Params mining = {{"ranks", "2"}, {"launcher", "mpiexec"}};
  for (const auto* table : {&mining::engine_options(), &mining::share_options()})
    for (const auto& o : *table) mining[o.name] = o.default_value;
  auto with = [&](Params extra) {
    extra.insert(mining.begin(), mining.end());
    return extra;
  };
  return {
      {"tc-distributed", "distributed triangle count under MPI (paper 1, Algorithm 1), one launch per grid point",
       defaults, tc_distributed_task},
      {"mine-distributed", "pattern count over MPI ranks, graph replicated, units dealt by schedule (paper 2 §7)",
       with({{"pattern", "triangle"}, {"induced", "edge"}}), [](const Params& p) { return mining_distributed_task("mine", p); }},
      {"cliques-distributed", "k-clique count over MPI ranks (paper 2 §7)", with({{"k", "4"}}),
       [](const Params& p) { return mining_distributed_task("cliques", p); }},
      {"motifs-distributed", "k-motif counts over MPI ranks (paper 2 §7)", with({{"k", "3"}}),
       [](const Params& p) { return mining_distributed_task("motifs", p); }},
  };
}

}  // namespace tessera::runner
