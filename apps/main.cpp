// The `tessera` command-line tool: thin subcommands over the libraries. Only this file
// catches: every error becomes one line on stderr and a non-zero exit code
// (1: bad input or failure, 2: wrong usage).
#include <Kokkos_Core.hpp>

#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <iostream>
#include <string>
#include <vector>

#include "apps/cli/arguments.hpp"
#include "apps/commands/commands.hpp"
#include "apps/commands/tc_distributed.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/allocation_failure.hpp"
#include "core/kokkos_ext/kokkos_arguments.hpp"
#include "core/util/build_info.hpp"
#include "core/util/progress.hpp"

namespace {

// Optional parts chosen at configure time (TESSERA_ENABLE_HDF5 / TESSERA_ENABLE_MPI).
#ifdef TESSERA_HAVE_HDF5
constexpr bool kHasHdf5 = true;
#else
constexpr bool kHasHdf5 = false;
#endif
#ifdef TESSERA_HAVE_MPI
constexpr bool kHasMpi = true;
#else
constexpr bool kHasMpi = false;
#endif

const char* usage =
    "usage: tessera <command> [options]   (tessera <command> --help for details)\n\n"
    "commands:\n"
    "  info <input>              size and degree statistics of a graph or hypergraph\n"
    "  convert <input> <output>  convert between formats (edge list, mtx, METIS, hMETIS, .dhg, .snn, .axh, HDF5)\n"
    "  generate <spec> <output>  write a synthetic graph (Kronecker, Erdos-Renyi, structured)\n"
    "  tc <graph>                exact triangle count (masked-edge / split-edge kernels)\n"
    "  mine <graph> --pattern P  count or list the subgraphs matching a pattern (edge- or vertex-induced)\n"
    "  cliques <graph> --k K     count or list k-cliques (k = 3..8)\n"
    "  motifs <graph> --k 3|4    count every 3- or 4-vertex motif (vertex-induced)\n"
    "  fsm <graph> --labels F    frequent labelled patterns of 1..K edges with MNI support >= SIGMA\n"
    "  partition <hypergraph>    multilevel partitioning under size/inbound limits (--preset) or k-way (--k)\n"
    "  partition-check <h> <p>   recompute a partition's metrics and check its constraints\n"
    "  run <experiment.yaml>     run a YAML experiment: inputs x tasks x parameter grid x repetitions\n"
    "  version                   print version, commit, backend and device (also: tessera --version)\n\n"
    "Kokkos options (--kokkos-num-threads=N, --kokkos-device-id=N, ...; either Kokkos 3 or 4 spelling) are\n"
    "accepted anywhere, and so is --progress: phase lines with the elapsed time on stderr (on by default when\n"
    "stderr is a terminal).\n";

int dispatch(const std::string& command, const std::vector<std::string>& args) {
  using namespace tessera::cli;
  if (command == "info") return info_command(args);
  if (command == "convert") return convert_command(args);
  if (command == "generate") return generate_command(args);
  if (command == "run") return run_command(args);
  if (command == "tc") return tc_command(args);
  if (command == "mine") return mine_command(args);
  if (command == "cliques") return cliques_command(args);
  if (command == "motifs") return motifs_command(args);
  if (command == "fsm") return fsm_command(args);
  if (command == "partition") return partition_command(args);
  if (command == "partition-check") return partition_check_command(args);
  if (command == "version" || command == "--version") {
    auto info = tessera::build_info();
    std::cout << "tessera " << info.version << " (commit " << info.git_commit << ")\nKokkos " << info.kokkos_version
              << ", backend " << info.backend << " (host " << info.host_backend << "), device " << info.device
              << "\nfeatures:" << (kHasHdf5 ? " hdf5" : "") << (kHasMpi ? " mpi" : "") << "\nconcurrency: " << info.concurrency
              << "\nhost threads: " << info.host_threads << "\n";
    return 0;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    std::cout << usage;
    return 0;
  }
  throw UsageError("unknown command '" + command + "' (tessera --help lists the commands)");
}

// Kokkos sees only the program name and its own --kokkos-* options, checked and respelled for
// this Kokkos (kokkos_arguments.hpp): given the subcommand's --help it would print its 40-line
// option banner first (Kokkos 3.4 and 4.x), and given a malformed value Kokkos 3.4 aborts.
std::vector<char*> kokkos_argv(char* program, std::vector<std::string>& options) {
  std::vector<char*> kept{program};
  for (auto& o : options) kept.push_back(o.data());
  kept.push_back(nullptr);
  return kept;
}

// Without OMP_PROC_BIND, Kokkos' OpenMP backend prints a warning on stdout, which breaks --json.
// The OpenMP runtime has already read its settings by now, so this changes no binding: threads
// stay unbound (the runtime's default), which is also right when several MPI ranks share a node.
// Users who want binding set OMP_PROC_BIND / OMP_PLACES themselves.
void default_thread_binding() { setenv("OMP_PROC_BIND", "false", /*overwrite=*/0); }

// Progress lines (core/util/progress.hpp) when asked for, or when a person watches stderr; under
// MPI only from rank 0 (launchers name the rank in the environment before MPI starts).
void default_progress(bool asked) {
  bool other_rank = false;
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (const char* rank = std::getenv(name)) other_rank = other_rank || std::strcmp(rank, "0") != 0;
  tessera::progress::enable(!other_rank && (asked || isatty(STDERR_FILENO)));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << usage;
    return 2;
  }
  // MPI (--distributed only) starts before Kokkos, which then runs this rank's share of the
  // node's cores, and ends after it.
  tessera::cli::DistributedRuntime mpi(argc, argv);
  default_thread_binding();
  // Kokkos consumes its own --kokkos-* options; the rest belongs to the subcommand.
  std::vector<std::string> kokkos_options;
  try {
    kokkos_options = tessera::kokkos_ext::kokkos_arguments(argc, argv);
  } catch (const tessera::UserError& e) {
    std::cerr << "tessera: " << e.what() << "\n";
    return 2;
  }
  auto kokkos_args = kokkos_argv(argv[0], kokkos_options);
  int kokkos_argc = static_cast<int>(kokkos_args.size()) - 1;
  Kokkos::ScopeGuard kokkos(kokkos_argc, kokkos_args.data());
  std::vector<std::string> args;
  bool progress = false;
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--progress") == 0) progress = true;
    else if (std::strncmp(argv[i], "--kokkos-", 9) != 0) args.emplace_back(argv[i]);
  }
  default_progress(progress);
  try {
    return dispatch(argv[1], args);
  } catch (const tessera::cli::UsageError& e) {
    std::cerr << "tessera: " << e.what() << "\n";
    return 2;
  } catch (const tessera::UserError& e) {
    std::cerr << "tessera: error: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "tessera: error: out of memory (try a smaller input, or a machine with more memory)\n";
    return 1;
  } catch (const std::exception& e) {
    if (const auto oom = tessera::kokkos_ext::allocation_failure_message(e)) {
      std::cerr << "tessera: error: " << *oom << "\n";
      return 1;
    }
    std::cerr << "tessera: internal error: " << e.what() << "\n";
    return 3;
  }
}
