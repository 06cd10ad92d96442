#pragma once
// Options every command that reads a graph or hypergraph shares, and their translation.
#include "apps/cli/arguments.hpp"
#include "core/util/json.hpp"
#include "io/graph_io.hpp"

namespace tessera::cli {

// Commands that read either (info, convert) take every input option; the others only those of
// their kind, so that e.g. `partition --directed` is an unknown option (wrong usage, exit 2).
void add_input_options(Arguments& args);
void add_graph_input_options(Arguments& args);       // --format, --directed, --keep-self-loops, ...
void add_hypergraph_input_options(Arguments& args);  // --format, --first-pin-is-source
// The counting and mining commands take undirected simple graphs: --directed or
// --keep-self-loops is wrong usage for them.
void require_undirected_simple(const Arguments& args, const std::string& command);
// --labels FILE: vertex labels for the input graph (commands that use labels declare it).
void add_labels_option(Arguments& args);
std::optional<io::FileFormat> input_format(const Arguments& args);  // --format, if given
io::GraphLoadOptions graph_load_options(const Arguments& args);
io::HypergraphLoadOptions hypergraph_load_options(const Arguments& args);

// Appends every field of the object `fields` to the object `j`, in order (a result's to_json
// after the input's fields).
void append_fields(Json& j, const Json& fields);

// A command's result: one JSON object with --json, else one `key: value` line per field.
void print_result(const Json& result, bool json);

}  // namespace tessera::cli
