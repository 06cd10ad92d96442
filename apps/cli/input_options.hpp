#pragma once
// Options every command that reads a graph or hypergraph shares, and their translation.
#include "apps/cli/arguments.hpp"
#include "core/util/json.hpp"
#include "io/graph_io.hpp"

namespace tessera::cli {

void add_input_options(Arguments& args);
// --labels FILE: vertex labels for the input graph (commands that use labels declare it).
void add_labels_option(Arguments& args);
std::optional<io::FileFormat> input_format(const Arguments& args);  // --format, if given
io::GraphLoadOptions graph_load_options(const Arguments& args);
io::HypergraphLoadOptions hypergraph_load_options(const Arguments& args);

// A command's result: one JSON object with --json, else one `key: value` line per field.
void print_result(const Json& result, bool json);

}  // namespace tessera::cli
