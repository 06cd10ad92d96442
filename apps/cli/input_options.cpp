#include "apps/cli/input_options.hpp"

#include <iostream>

namespace tessera::cli {

void add_input_options(Arguments& args) {
  args.option("format", "FMT", "input format: edge_list, mtx, metis, hgr, dhg, snn, axh, hdf5 (default: from the extension)")
      .flag("directed", "keep arcs as given instead of symmetrizing")
      .flag("keep-self-loops", "keep self-loops (counting algorithms reject them)")
      .flag("compact-ids", "renumber vertices to drop those without edges")
      .flag("one-based", "edge-list ids start at 1")
      .flag("first-pin-is-source", "hMETIS: the first pin of each net is its source (directed nets)");
}

void add_labels_option(Arguments& args) {
  args.option("labels", "FILE", "vertex labels, 'v label' lines (0-based ids, # comments, gzip or plain), every vertex "
                                "once; replaces the input's own labels (HDF5, generator labels=L)");
}

std::optional<io::FileFormat> input_format(const Arguments& args) {
  if (auto f = args.maybe("format")) return io::parse_file_format(*f);
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

void print_result(const Json& result, bool json) {
  if (json) {
    std::cout << result.dump() << "\n";
    return;
  }
  for (const auto& [key, value] : result.items()) std::cout << key << ": " << value.to_plain() << "\n";
}

}  // namespace tessera::cli
