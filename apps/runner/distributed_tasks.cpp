// `tessera run` tasks for the distributed layer (built with MPI only): tc-distributed and the
// replicated mining tasks mine-, cliques-, motifs-distributed.
#include "apps/runner/distributed_tasks.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/pattern_mining/engine/engine_options.hpp"
#include "algorithms/pattern_mining/pattern/pattern.hpp"
#include "core/error.hpp"
#include "core/util/parse_number.hpp"
#include "core/util/path_exists.hpp"
#include "distributed/triangle_count/dist_params.hpp"

namespace tessera::runner {

namespace {

// The shell form of one argument: single-quoted, embedded quotes closed and escaped (for the
// command a record shows; nothing is run through a shell).
std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// A command as the words handed to exec and as the line a record shows (values quoted).
struct CommandLine {
  std::vector<std::string> words;
  std::string shown;
  CommandLine& word(const std::string& w) { return add(w, w); }
  CommandLine& value(const std::string& w) { return add(w, shell_quote(w)); }

 private:
  CommandLine& add(const std::string& w, const std::string& as_shown) {
    words.push_back(w);
    shown += (shown.empty() ? "" : " ") + as_shown;
    return *this;
  }
};

// The launcher parameter's words ("mpiexec --oversubscribe"): split at blanks, never given to a
// shell, so `;`, `$(...)` or quotes in it are plain characters of a program name or argument.
std::vector<std::string> launcher_words(const std::string& task, const std::string& launcher) {
  std::vector<std::string> words;
  std::istringstream in(launcher);
  for (std::string w; in >> w;) words.push_back(w);
  TESSERA_USER_REQUIRE(!words.empty(), task << ": the launcher is empty (e.g. launcher: mpiexec)");
  return words;
}

// Runs `words` (PATH searched for the first) with stdout captured, stderr passed through; returns
// the output and sets `status` (waitpid's).
std::string run_capturing_stdout(const std::string& task, const CommandLine& command, int& status) {
  int fds[2];
  TESSERA_USER_REQUIRE(pipe(fds) == 0, task << ": cannot create a pipe: " << std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  std::vector<char*> argv;
  for (const auto& w : command.words) argv.push_back(const_cast<char*>(w.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (spawned != 0) {
    close(fds[0]);
    throw UserError(task + ": could not start the launcher '" + command.words[0] + "': " + std::strerror(spawned));
  }
  std::string output;
  std::array<char, 4096> chunk;
  for (ssize_t n; (n = read(fds[0], chunk.data(), chunk.size())) != 0;) {
    if (n > 0) output.append(chunk.data(), static_cast<std::size_t>(n));
    else if (errno != EINTR) break;
  }
  close(fds[0]);
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return output;
}

// `tessera run` is a single process, so each grid point of a distributed task launches
// `<launcher> -n <ranks> tessera <command> <graph> --distributed --json <arguments>` and records
// the JSON line rank 0 prints. Sweeps over ranks, variants, schedules and chunk sizes are then
// ordinary YAML parameter grids.
Json launch(const std::string& task, const io::LoadedGraph& input, long long ranks, const std::string& launcher,
            const CommandLine& command_and_arguments) {
  TESSERA_USER_REQUIRE(input.source.rfind("gen:", 0) == 0 || path_exists(input.source),
                       task << " needs the input as a file or generator spec, got '" << input.source << "'");
  CommandLine command;
  for (const auto& w : launcher_words(task, launcher)) command.word(w);
  command.word("-n").word(std::to_string(ranks)).value(std::filesystem::read_symlink("/proc/self/exe").string());
  command.word(command_and_arguments.words.front()).value(input.source).word("--distributed").word("--json");
  command.words.insert(command.words.end(), command_and_arguments.words.begin() + 1, command_and_arguments.words.end());
  const auto rest = command_and_arguments.shown.find(' ');
  if (rest != std::string::npos) command.shown += command_and_arguments.shown.substr(rest);
  int status = 0;
  std::string output = run_capturing_stdout(task, command, status);
  TESSERA_USER_REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0 && !output.empty(),
                       task << ": '" << command.shown << "' failed (exit status "
                            << (WIFEXITED(status) ? WEXITSTATUS(status) : -1) << "); its error is printed above");
  // The JSON object is the last non-empty line (launchers may print banners before it).
  output.erase(output.find_last_not_of('\n') + 1);
  const auto line_start = output.rfind('\n');
  const std::string last = line_start == std::string::npos ? output : output.substr(line_start + 1);
  Json j;
  try {
    j = Json::parse(last);
  } catch (const ParseError&) {
    throw UserError(task + ": '" + command.shown + "' printed no JSON object on its last line (got '" +
                    last.substr(0, 200) + "'); the launcher must run its arguments as an MPI program (e.g. mpiexec)");
  }
  TESSERA_USER_REQUIRE(j.is_object(), task << ": '" << command.shown << "' printed '" << last.substr(0, 200)
                                            << "', not a JSON object");
  j.set("command", command.shown);
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
  CommandLine arguments;
  arguments.word("tc");
  for (const auto& option : dist::dist_param_options())
    arguments.word(std::string("--") + option.name).value(p.at(option.name));
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
  CommandLine arguments;
  arguments.word(command);
  for (const auto* table : {&mining::engine_options(), &mining::share_options()})
    for (const auto& o : *table) {
      o.apply(checked, p.at(o.name));
      arguments.word("--" + o.name).value(p.at(o.name));
    }
  if (command == "mine") {
    TESSERA_USER_REQUIRE(!p.at("pattern").empty(), task << " needs a pattern (a built-in name or a pattern file)");
    arguments.word("--pattern").value(p.at("pattern"));
    if (mining::parse_induced(p.at("induced")) == mining::Induced::vertex) arguments.word("--induced");
  } else {
    const auto k = parse_whole_integer(p.at("k"));
    const long long lo = 3, hi = command == "cliques" ? 8 : 4;
    TESSERA_USER_REQUIRE(k && *k >= lo && *k <= hi, task << ": k must be between " << lo << " and " << hi << ", got '"
                                                         << p.at("k") << "'");
    arguments.word("--k").word(p.at("k"));
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
