// libFuzzer harness: Tessera's HDF5 files (graphs and hypergraphs) through the public entry
// points: holds_hypergraph picks the loader, as the CLI does; for graphs the header and the
// first rows are also read the way the distributed layer reads its share.
#include <algorithm>

#include "io/graph_io.hpp"
#include "io/hdf5/hdf5_graph.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  const fuzz::ScratchFile input(data, size, ".h5");
  const std::string& path = input.path();
  fuzz::expect_clean_or_user_error([&] {
    if (io::holds_hypergraph(path, io::FileFormat::hdf5)) {
      io::HypergraphLoadOptions options;
      options.format = io::FileFormat::hdf5;
      fuzz::check_hypergraph(io::load_hypergraph(path, options));
      return;
    }
    const auto options = fuzz::graph_options(io::FileFormat::hdf5, size);
    fuzz::expect_clean_or_user_error([&] {
      const auto info = io::read_graph_hdf5_info(path);
      io::read_graph_hdf5_rows(path, 0, std::min<vid_t>(info.num_vertices, 4));
    });
    // An HDF5 graph is stored built: its direction comes from the file, and self-loops are kept
    // when it was written with them.
    const auto loaded = io::load_graph(path, options);
    BuildOptions stored = options.build;
    stored.symmetrize = !loaded.graph.directed;
    stored.remove_self_loops = false;
    fuzz::check_graph(mirror_graph<Kokkos::HostSpace>(loaded.graph), stored);
  });
  return 0;
}
