// libFuzzer harness: AxonCUDA's binary spiking-network nets (.snn)
// through load_hypergraph (fuzz_support.hpp: fuzz_hypergraph_reader).
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tessera::fuzz::fuzz_hypergraph_reader(data, size, tessera::io::FileFormat::snn, false);
  return 0;
}
