// tessera generate <spec> <output>: a synthetic graph, built and written to a file.
#include <iostream>

#include "apps/cli/arguments.hpp"
#include "apps/commands/commands.hpp"
#include "core/util/json.hpp"
#include "core/util/progress.hpp"
#include "io/generators/generator_spec.hpp"
#include "io/generators/hgr_augment.hpp"
#include "io/generators/nn_hypergraph.hpp"
#include "io/graph_io.hpp"

namespace tessera::cli {

int generate_command(const Args& argv) {
  Arguments args("generate",
                 "Generate a graph and write it (format from the output extension).\n"
                 "<spec> examples: kronecker:scale=16,edge_factor=16,seed=1  rmat:scale=12,a=0.45,b=0.15,c=0.15\n"
                 "er:n=1000,m=5000,seed=3  clique:n=10  star:n=10  grid:rows=3,cols=4  bipartite:a=3,b=4\n"
                 "path:n=5  cycle:n=5; neural-network hypergraphs (write .dhg, .snn, .axh): nn:lenet,input=28  nn:alexnet,input=64,width=0.25\n"
                 "nn:vgg,input=32,width=0.25  nn:mobilenet,input=224,width=1  nn:random,neurons=10000,fanout=64,seed=1\n"
                 "nn:model,neurons=262144,fanout=256  nn:model-rand,neurons=14000,fanout=62,rewire=0.1  nn:allen,neurons=231000,fanout=300\n"
                 "nn:table1=NAME (paper 3's Table I: lenet alexnet mobilenet vgg11 16k-rand 64k-rand 256k-rand 1M allen-v1\n"
                 "16k-model 64k-model 256k-model). The same spec gives the same graph on every backend and thread count.");
  args.positional("spec", "generator spec");
  args.positional("output", "file to write (.el[.gz] or .h5; nn: hypergraphs .dhg, .snn, .axh, .h5)");
  args.flag("json", "print one JSON object on stdout");
  if (!args.parse(argv)) return 0;
  const std::string spec = args.get("spec");
  const std::string& output = args.get("output");
  if (gen::is_nn_spec(spec) || gen::is_hgr_augment_spec(spec)) {  // hypergraph (nn_hypergraph.hpp, hgr_augment.hpp)
    Kokkos::Timer timer;
    const auto h = io::load_hypergraph(spec);
    const double generate_s = timer.seconds();
    timer.reset();
    progress::report("writing", output);
    io::save_hypergraph(output, h);
    Json j = Json::object();
    j.set("spec", spec).set("output", output).set("nodes", static_cast<long long>(h.num_nodes))
        .set("nets", static_cast<long long>(h.num_nets())).set("pins", static_cast<long long>(h.num_pins()))
        .set("generate_s", generate_s).set("write_s", timer.seconds());
    if (args.has("json")) std::cout << j.dump() << "\n";
    else std::cerr << "wrote " << output << " (nodes=" << h.num_nodes << ", pins=" << h.num_pins() << ")\n";
    return 0;
  }
  // Accept the spec with or without the gen: prefix used elsewhere.
  const std::string source = spec.rfind("gen:", 0) == 0 ? spec : "gen:" + spec;
  auto loaded = io::load_graph(source);
  auto host = mirror_graph<Kokkos::HostSpace>(loaded.graph);
  Kokkos::Timer timer;
  progress::report("writing", output);
  io::save_graph(output, host);
  Json j = Json::object();
  j.set("spec", gen::to_string(gen::parse_generator_spec(source.substr(4))))
      .set("output", output)
      .set("n", host.num_vertices())
      .set("m", host.num_edges())
      .set("self_loops_removed", loaded.report.self_loops_removed)
      .set("duplicates_removed", loaded.report.duplicates_removed)
      .set("generate_s", loaded.read_seconds)
      .set("build_s", loaded.build_seconds)
      .set("write_s", timer.seconds());
  if (args.has("json"))
    std::cout << j.dump() << "\n";
  else
    std::cerr << "wrote " << output << " (n=" << host.num_vertices() << ", m=" << host.num_edges() << ")\n";
  return 0;
}

}  // namespace tessera::cli
