// libFuzzer harness: partition files (one block id per line, plain or gzip) through
// read_partition. The expected node count is the number of line breaks in the input, so a
// well-formed file usually matches it and the reader goes past the count check.
#include <algorithm>

#include "io/text/partition_io.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  const fuzz::ScratchFile input(data, size, ".part");
  const std::string& path = input.path();
  const auto text = fuzz::as_text(data, size);
  const auto num_nodes = static_cast<vid_t>(std::count(text.begin(), text.end(), '\n'));
  fuzz::expect_clean_or_user_error([&] {
    const auto parts = io::read_partition(path, num_nodes);
    if (parts.size() != static_cast<std::size_t>(num_nodes)) fuzz::finding("partition of the wrong length accepted");
    for (const part_t p : parts)
      if (p < 0) fuzz::finding("negative block id accepted");
  });
  return 0;
}
