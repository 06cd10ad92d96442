// libFuzzer harness: binary spiking-network nets (.snn) through load_hypergraph (parse, checks and
// build); a hypergraph it returns must be consistent (fuzz_support.hpp).
#include "io/graph_io.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  const fuzz::ScratchFile input(data, size, ".snn");
  const std::string& path = input.path();
  io::HypergraphLoadOptions options;
  options.format = io::FileFormat::snn;
  options.first_pin_is_source = false;
  fuzz::expect_clean_or_user_error([&] { fuzz::check_hypergraph(io::load_hypergraph(path, options)); });
  return 0;
}
