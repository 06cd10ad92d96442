// tessera info <input>: size and degree statistics of a graph or hypergraph.
#include <iostream>
#include <map>

#include "apps/cli/input_options.hpp"
#include "apps/commands/commands.hpp"
#include "core/graph/degree_stats.hpp"
#include "core/hypergraph/hypergraph_stats.hpp"
#include "core/util/json.hpp"

namespace tessera::cli {

namespace {

// {"label": vertices} in label order; empty for an unlabelled graph.
Json label_histogram(const DeviceGraph& graph) {
  const auto labels = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, graph.labels);
  std::map<label_t, long long> counts;
  for (std::size_t v = 0; v < labels.extent(0); ++v) ++counts[labels(v)];
  Json j = Json::object();
  for (const auto& [label, count] : counts) j.set(std::to_string(label), count);
  return j;
}

Json graph_info(const std::string& source, const Arguments& args) {
  auto loaded = io::load_graph(source, graph_load_options(args));
  auto stats = degree_stats(Kokkos::DefaultExecutionSpace{}, loaded.graph);
  Json j = Json::object();
  j.set("input", source)
      .set("kind", "graph")
      .set("format", loaded.format)
      .set("directed", loaded.graph.directed)
      .set("n", stats.num_vertices)
      .set("m", stats.num_edges)
      .set("max_degree", stats.max_degree)
      .set("min_degree", stats.min_degree)
      .set("mean_degree", stats.mean_degree)
      .set("stddev_degree", stats.stddev_degree)
      .set("isolated_vertices", stats.isolated_vertices)
      .set("wedges", stats.wedges)
      .set("weighted", loaded.graph.has_weights())
      .set("labelled", loaded.graph.has_labels())
      .set("input_edges", loaded.report.input_edges)
      .set("self_loops_removed", loaded.report.self_loops_removed)
      .set("duplicates_removed", loaded.report.duplicates_removed)
      .set("vertices_removed", loaded.report.vertices_removed)
      .set("read_s", loaded.read_seconds)
      .set("build_s", loaded.build_seconds);
  if (loaded.graph.has_labels()) j.set("labels", label_histogram(loaded.graph));
  return j;
}

Json hypergraph_info(const std::string& source, const Arguments& args) {
  Kokkos::Timer timer;
  HypergraphBuildReport report;
  auto h = io::load_hypergraph(source, hypergraph_load_options(args), &report);
  const double read_s = timer.seconds();
  auto s = hypergraph_stats(h);
  Json j = Json::object();
  j.set("input", source)
      .set("kind", "hypergraph")
      .set("directed", h.directed)
      .set("nodes", s.num_nodes)
      .set("nets", s.num_nets)
      .set("pins", s.num_pins)
      .set("max_net_size", s.max_net_size)
      .set("max_node_degree", s.max_node_degree)
      .set("max_inbound", s.max_inbound)
      .set("total_node_weight", s.total_node_weight)
      .set("total_net_weight", s.total_net_weight)
      .set("duplicate_pins_removed", report.duplicate_pins_removed)
      .set("empty_nets", report.empty_nets)
      .set("read_s", read_s);
  return j;
}

}  // namespace

int info_command(const Args& argv) {
  Arguments args("info", "Print the size and degree statistics of a graph or hypergraph.\n"
                         "<input> is a file (format from its extension) or a generator spec such as\n"
                         "gen:kronecker:scale=16,edge_factor=16,seed=1 or nn:lenet.");
  args.positional("input", "graph or hypergraph file, gen:<spec> (a graph) or nn:<spec> (a neural-network hypergraph)");
  add_input_options(args);
  add_labels_option(args);
  args.flag("json", "print one JSON object on stdout");
  if (!args.parse(argv)) return 0;
  const std::string& source = args.get("input");
  const auto format = input_format(args);
  if (args.maybe("labels") && io::holds_hypergraph(source, format))
    throw UsageError("--labels applies to graphs, and '" + source + "' is a hypergraph");
  Json j = io::holds_hypergraph(source, format) ? hypergraph_info(source, args) : graph_info(source, args);
  print_result(j, args.has("json"));
  return 0;
}

}  // namespace tessera::cli
