// tessera tc <graph>: exact triangle count (paper 1, single node).
#include <fstream>
#include <iostream>

#include "algorithms/triangle_count/tc_options.hpp"
#include "algorithms/triangle_count/triangle_count.hpp"
#include "algorithms/triangle_count/triangle_count_json.hpp"
#include "apps/cli/input_options.hpp"
#include "apps/commands/commands.hpp"
#include "apps/commands/tc_distributed.hpp"
#include "core/util/progress.hpp"
#include "core/util/json.hpp"
#include "io/atomic_file.hpp"

namespace tessera::cli {

int tc_command(const Args& argv) {
  Arguments args("tc", "Count triangles exactly (each once), with the masked-edge or split-edge kernel.\n"
                       "Timings: read_s + build_s (input), preprocess_s (relabeling, orientation, masking),\n"
                       "setup_s (the counting kernels' first launch in this process, with no work: loading\n"
                       "them), time_s (the count: its `launches` kernel launches and one readback).");
  args.positional("graph", "graph file or gen:<spec>");
  add_graph_input_options(args);
  for (const auto& o : triangle_count_options())
    args.option(o.name, o.value_name, o.help + " (default: " + o.default_value + ")" + distributed_help(o.name));
  args.option("per-vertex", "FILE", "write 'vertex triangles clustering' per line to FILE (single node only)")
      .flag("json", "print one JSON object on stdout")
      .flag("distributed", "count over MPI ranks (launch with mpiexec; rank 0 prints)");
  add_distributed_options(args);
  if (!args.parse(argv)) return 0;
  require_undirected_simple(args, "tc");
  auto load = graph_load_options(args);
  if (args.has("distributed")) return tc_distributed(args, load);
  reject_distributed_options(args);

  TriangleCountParams params;
  as_usage("tc", [&] {
    for (const auto& o : triangle_count_options()) o.apply(params, args.maybe(o.name).value_or(o.default_value));
  });
  const auto per_vertex_file = args.maybe("per-vertex");
  params.per_vertex = per_vertex_file.has_value();

  auto loaded = io::load_graph(args.get("graph"), load);
  progress::report("counting triangles");
  const Kokkos::DefaultExecutionSpace space;
  const auto plan = prepare_triangle_count(space, loaded.graph, params);
  const double setup_seconds = warm_up_triangle_count(space, plan);
  const auto r = count_triangles(space, plan);

  if (per_vertex_file) {
    auto t = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, r.per_vertex);
    auto cc = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, r.clustering);
    std::string text = "# vertex triangles clustering\n";
    for (std::size_t v = 0; v < t.extent(0); ++v)
      text += std::to_string(v) + ' ' + std::to_string(t(v)) + ' ' + Json(cc(v)).dump() + '\n';
    io::write_file_atomically(*per_vertex_file, text);
  }
  Json j = Json::object();
  j.set("graph", args.get("graph")).set("n", loaded.graph.num_vertices()).set("m", loaded.graph.num_edges());
  append_fields(j, to_json(r, params, loaded.graph.num_edges(), setup_seconds));
  j.set("read_s", loaded.read_seconds)
      .set("build_s", loaded.build_seconds)
      .set("backend", Kokkos::DefaultExecutionSpace::name());
  print_result(j, args.has("json"));
  return 0;
}

}  // namespace tessera::cli
