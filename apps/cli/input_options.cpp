#include "apps/cli/input_options.hpp"

#include <iostream>

namespace tessera::cli {

namespace {

void add_format_option(Arguments& args) {
  args.option("format", "FMT", "input format: edge_list, mtx, metis, hgr, dhg, snn, axh, hdf5 (default: from the extension)");
}

void add_graph_build_options(Arguments& args) {
  args.flag("directed", "keep arcs as given instead of symmetrizing")
      .flag("keep-self-loops", "keep self-loops (counting algorithms reject them)")
      .flag("compact-ids", "renumber vertices to drop those without edges")
      .flag("one-based", "edge-list ids start at 1");
}

void add_hypergraph_build_options(Arguments& args) {
  args.flag("first-pin-is-source", "hMETIS: the first pin of each net is its source (directed nets)");
}

}  // namespace

void add_input_options(Arguments& args) {
  add_format_option(args);
  add_graph_build_options(args);
  add_hypergraph_build_options(args);
}

void add_graph_input_options(Arguments& args) {
  add_format_option(args);
  add_graph_build_options(args);
}

void add_hypergraph_input_options(Arguments& args) {
  add_format_option(args);
  add_hypergraph_build_options(args);
}

void require_undirected_simple(const Arguments& args, const std::string& command) {
  if (args.has("directed")) throw UsageError(command + ": works on undirected graphs only; drop --directed");
  if (args.has("keep-self-loops"))
    throw UsageError(command + ": needs a graph without self-loops; drop --keep-self-loops");
}

void add_labels_option(Arguments& args) {
  args.option("labels", "FILE", "vertex labels, 'v label' lines (0-based ids, # comments, gzip or plain), every vertex "
                                "once; replaces the input's own labels (HDF5, generator labels=L)");
}

std::optional<io::FileFormat> input_format(const Arguments& args) {
  if (auto f = args.maybe("format")) return as_usage("--format", [&] { return io::parse_file_format(*f); });
  return std::nullopt;
}

io::GraphLoadOptions graph_load_options(const Arguments& args) {
  io::GraphLoadOptions o;
  o.format = input_format(args);
  o.build.symmetrize = !args.has("directed");
  o.build.remove_self_loops = !args.has("keep-self-loops");
  o.build.compact_ids = args.has("compact-ids");
  o.one_based = args.has("one-based");
  if (args.declared("labels"))
    if (const auto labels = args.maybe("labels")) o.labels = *labels;
  return o;
}

io::HypergraphLoadOptions hypergraph_load_options(const Arguments& args) {
  io::HypergraphLoadOptions o;
  o.format = input_format(args);
  o.first_pin_is_source = args.has("first-pin-is-source");
  return o;
}

void append_fields(Json& j, const Json& fields) {
  for (const auto& [key, value] : fields.items()) j.set(key, value);
}

void print_result(const Json& result, bool json) {
  if (json) {
    std::cout << result.dump() << "\n";
    return;
  }
  for (const auto& [key, value] : result.items()) std::cout << key << ": " << value.to_plain() << "\n";
}

}  // namespace tessera::cli
