#include "io/text/vertex_labels_format.hpp"

#include <limits>

#include "core/error.hpp"
#include "io/text/line_reader.hpp"

namespace tessera::io {

std::vector<label_t> read_vertex_labels(const std::string& path, vid_t num_vertices) {
  detail::LineReader reader(path);
  constexpr label_t unlabelled = -1;
  std::vector<label_t> labels(static_cast<std::size_t>(num_vertices), unlabelled);
  std::vector<long long> line_of(static_cast<std::size_t>(num_vertices), 0);  // for "labelled twice"
  std::string_view line;
  while (reader.next(line)) {
    const char c = detail::first_visible(line);
    if (c == '\0' || c == '#') continue;
    detail::Tokenizer tok(line);
    std::string_view vt, lt;
    if (!tok.next(vt) || !tok.next(lt) || !tok.at_end())
      reader.fail("expected 'vertex label' (two integers), got " + detail::quote(line));
    std::uint64_t v = 0, l = 0;
    if (!detail::parse_uint(vt, v)) reader.fail("vertex id " + detail::quote(vt) + " is not a non-negative integer");
    if (v >= static_cast<std::uint64_t>(num_vertices))
      reader.fail("vertex id " + std::string(vt) + " outside [0, " + std::to_string(num_vertices) + ") of the graph");
    if (!detail::parse_uint(lt, l) || l > static_cast<std::uint64_t>(std::numeric_limits<label_t>::max()))
      reader.fail("label " + detail::quote(lt) + " of vertex " + std::string(vt) + " is not an integer in [0, " +
                  std::to_string(std::numeric_limits<label_t>::max()) + "]");
    const auto i = static_cast<std::size_t>(v);
    if (labels[i] != unlabelled)
      reader.fail("vertex " + std::string(vt) + " labelled twice (first on line " + std::to_string(line_of[i]) + ")");
    labels[i] = static_cast<label_t>(l);
    line_of[i] = reader.line_number();
  }
  vid_t missing = 0, first_missing = -1;
  for (vid_t v = 0; v < num_vertices; ++v)
    if (labels[static_cast<std::size_t>(v)] == unlabelled && missing++ == 0) first_missing = v;
  if (missing > 0)
    throw ParseError(path, 0, std::to_string(missing) + " of " + std::to_string(num_vertices) +
                                  " vertices have no label (first: vertex " + std::to_string(first_missing) +
                                  "); every vertex needs exactly one 'vertex label' line");
  return labels;
}

}  // namespace tessera::io
