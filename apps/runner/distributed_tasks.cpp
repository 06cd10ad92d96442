// `tessera run` tasks for the distributed layer (built with MPI only).
#include "apps/runner/distributed_tasks.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sys/wait.h>

#include "core/error.hpp"
#include "core/util/parse_number.hpp"
#include "distributed/triangle_count/dist_params.hpp"

namespace tessera::runner {

namespace {

// The shell form of one argument: single-quoted, embedded quotes closed and escaped.
std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Distributed triangle counting at a given rank count: `tessera run` is a single process, so
// each grid point launches `<launcher> -n <ranks> tessera tc <graph> --distributed ... --json`
// and records the JSON line rank 0 prints. Sweeps over ranks, variants and buffer sizes are
// then ordinary YAML parameter grids.
Json launch(const io::LoadedGraph& input, long long ranks, const Params& p) {
  TESSERA_USER_REQUIRE(input.source.rfind("gen:", 0) == 0 || std::filesystem::exists(input.source),
                       "tc-distributed needs the input as a file or generator spec, got '" << input.source << "'");
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  std::string command = p.at("launcher") + " -n " + std::to_string(ranks) + " " + shell_quote(self) + " tc " +
                        shell_quote(input.source) + " --distributed --json";
  for (const auto& option : dist::dist_param_options())
    command += std::string(" --") + option.name + " " + shell_quote(p.at(option.name));
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  TESSERA_USER_REQUIRE(pipe != nullptr, "tc-distributed: could not start '" << command << "'");
  std::string output;
  std::array<char, 4096> chunk;
  while (std::size_t n = std::fread(chunk.data(), 1, chunk.size(), pipe.get())) output.append(chunk.data(), n);
  const int status = pclose(pipe.release());
  TESSERA_USER_REQUIRE(status == 0 && !output.empty(),
                       "tc-distributed: '" << command << "' failed (exit status "
                                           << (WIFEXITED(status) ? WEXITSTATUS(status) : -1)
                                           << "); its error is printed above");
  // The JSON object is the last non-empty line (launchers may print banners before it).
  output.erase(output.find_last_not_of('\n') + 1);
  const auto line_start = output.rfind('\n');
  Json j = Json::parse(line_start == std::string::npos ? output : output.substr(line_start + 1));
  j.set("command", command);
  return j;
}

PreparedTask tc_distributed_task(const Params& p) {
  const auto ranks = parse_whole_integer(p.at("ranks"));
  TESSERA_USER_REQUIRE(ranks && *ranks >= 1 && *ranks <= 1 << 20,
                       "tc-distributed: ranks must be a positive integer, got '" << p.at("ranks") << "'");
  // The options are checked as `tessera tc --distributed` checks them, before any launch.
  dist::DistTriangleParams checked;
  for (const auto& option : dist::dist_param_options()) {
    if (std::string(option.name) == "variant" && p.at("variant") == "auto") continue;  // as the CLI
    try {
      option.set(checked, p.at(option.name));
    } catch (const UserError& e) {
      throw UserError(std::string("tc-distributed: ") + option.name + ": " + e.what());
    }
  }
  return [ranks = *ranks, p](const io::LoadedGraph& input) { return launch(input, ranks, p); };
}

}  // namespace

std::vector<TaskDefinition> distributed_tasks() {
  // The parameters of DistTriangleParams come from their declarations (dist_params.hpp).
  Params defaults = {{"ranks", "2"}, {"launcher", "mpiexec"}};
  for (const auto& option : dist::dist_param_options()) defaults[option.name] = option.default_value();
  return {{"tc-distributed", "distributed triangle count under MPI (paper 1, Algorithm 1), one launch per grid point",
           defaults, tc_distributed_task}};
}

}  // namespace tessera::runner
