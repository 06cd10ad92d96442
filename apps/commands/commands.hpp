#pragma once
// The `tessera` subcommands. Each takes the arguments after its name and returns the exit code;
// errors are thrown (UserError / UsageError) and reported by main.
#include <string>
#include <vector>

namespace tessera::cli {

using Args = std::vector<std::string>;

int info_command(const Args& args);
int convert_command(const Args& args);
int generate_command(const Args& args);
int run_command(const Args& args);
int tc_command(const Args& args);
int mine_command(const Args& args);     // pattern mining (mine.cpp)
int cliques_command(const Args& args);
int motifs_command(const Args& args);
int fsm_command(const Args& args);      // frequent subgraph mining (fsm.cpp)
int partition_command(const Args& args);
int partition_check_command(const Args& args);

}  // namespace tessera::cli
