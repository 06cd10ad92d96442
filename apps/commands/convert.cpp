// tessera convert <input> <output>: between graph formats, or between hypergraph formats.
#include <iostream>

#include "apps/cli/input_options.hpp"
#include "apps/commands/commands.hpp"
#include "core/util/json.hpp"

namespace tessera::cli {

int convert_command(const Args& argv) {
  Arguments args("convert", "Convert a graph or hypergraph between formats; formats come from the file\n"
                            "extensions unless --format / --to name them. Output is written atomically.");
  args.positional("input", "graph or hypergraph file, gen:<spec> (a graph) or nn:<spec> (a neural-network hypergraph)");
  args.positional("output", "file to write (.el[.gz], .h5, .hgr, .dhg, .snn, .axh)");
  add_input_options(args);
  args.option("to", "FMT", "output format (default: from the output extension)");
  args.flag("json", "print one JSON object on stdout");
  if (!args.parse(argv)) return 0;
  const std::string& input = args.get("input");
  const std::string& output = args.get("output");
  std::optional<io::FileFormat> to;
  if (auto t = args.maybe("to")) to = io::parse_file_format(*t);
  const auto format = input_format(args);

  Json j = Json::object();
  j.set("input", input).set("output", output);
  Kokkos::Timer timer;
  if (io::holds_hypergraph(input, format)) {
    auto h = io::load_hypergraph(input, hypergraph_load_options(args));
    io::save_hypergraph(output, h, to);
    j.set("kind", "hypergraph").set("nodes", h.num_nodes).set("nets", h.num_nets()).set("pins", h.num_pins());
  } else {
    auto loaded = io::load_graph(input, graph_load_options(args));
    auto host = mirror_graph<Kokkos::HostSpace>(loaded.graph);
    io::save_graph(output, host, to);
    j.set("kind", "graph").set("n", host.num_vertices()).set("m", host.num_edges());
  }
  j.set("time_s", timer.seconds());
  if (args.has("json"))
    std::cout << j.dump() << "\n";
  else
    std::cerr << "wrote " << output << "\n";
  return 0;
}

}  // namespace tessera::cli
