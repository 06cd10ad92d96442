// libFuzzer harness: vertex label files ("v label" lines, plain or gzip) through
// read_vertex_labels, expecting as many vertices as the input has line breaks.
#include <algorithm>

#include "io/text/vertex_labels_format.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tessera;
  const fuzz::ScratchFile input(data, size, ".labels");
  const std::string& path = input.path();
  const auto text = fuzz::as_text(data, size);
  const auto num_vertices = static_cast<vid_t>(std::count(text.begin(), text.end(), '\n'));
  fuzz::expect_clean_or_user_error([&] {
    const auto labels = io::read_vertex_labels(path, num_vertices);
    if (labels.size() != static_cast<std::size_t>(num_vertices)) fuzz::finding("label count differs from the vertex count");
    for (const label_t l : labels)
      if (l < 0) fuzz::finding("negative label accepted");
  });
  return 0;
}
