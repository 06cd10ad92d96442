// libFuzzer harness: edge lists (plain or gzip, SNAP headers, weights) through load_graph (parse and CSR build), with
// the build options varied by the input length; a graph it returns must satisfy build_graph's
// promises (fuzz_support.hpp).
#include "io/graph_io.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  const fuzz::ScratchFile input(data, size, ".el");
  const std::string& path = input.path();
  const auto options = fuzz::graph_options(io::FileFormat::edge_list, size);
  fuzz::expect_clean_or_user_error([&] {
    const auto loaded = io::load_graph(path, options);
    fuzz::check_graph(mirror_graph<Kokkos::HostSpace>(loaded.graph), options.build);
  });
  return 0;
}
