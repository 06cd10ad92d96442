// libFuzzer harness: pattern files ("u v" edges, "label v L" lines) through read_pattern_file,
// edge- or vertex-induced by the input length; describe() must work on every accepted pattern.
#include "algorithms/pattern_mining/pattern/pattern.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  const fuzz::ScratchFile input(data, size, ".pattern");
  const std::string& path = input.path();
  const auto induced = (size & 1) != 0 ? mining::Induced::vertex : mining::Induced::edge;
  fuzz::expect_clean_or_user_error([&] {
    const auto pattern = mining::read_pattern_file(path, induced);
    if (mining::describe(pattern).empty()) fuzz::finding("empty description of an accepted pattern");
  });
  return 0;
}
