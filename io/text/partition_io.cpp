#include "io/text/partition_io.hpp"

#include <algorithm>
#include <limits>

#include "core/error.hpp"
#include "io/text/line_reader.hpp"
#include "io/text/output_sink.hpp"

namespace tessera::io {

std::vector<part_t> read_partition(const std::string& path, vid_t num_nodes) {
  TESSERA_USER_REQUIRE(num_nodes >= 0, "cannot read partition '" << path << "' for a negative node count " << num_nodes);
  detail::LineReader reader(path);
  std::vector<part_t> parts;
  parts.reserve(static_cast<std::size_t>(num_nodes));
  std::string_view line;
  while (reader.next(line)) {
    char first = detail::first_visible(line);
    if (first == '\0' || first == '#' || first == '%') continue;
    detail::Tokenizer tok(line);
    std::string_view t;
    tok.next(t);
    if (!tok.at_end()) reader.fail("partition line must hold exactly one block id");
    std::uint64_t b = 0;
    if (!detail::parse_uint(t, b)) reader.fail("block id " + detail::quote(t) + " is not a non-negative integer");
    if (b >= static_cast<std::uint64_t>(std::numeric_limits<part_t>::max()))
      reader.fail("block id " + std::string(t) + " is too large");
    if (parts.size() == static_cast<std::size_t>(num_nodes))
      reader.fail("more block ids than the " + std::to_string(num_nodes) +
                  " nodes of the graph (is this the partition of another graph?)");
    parts.push_back(static_cast<part_t>(b));
  }
  if (parts.size() != static_cast<std::size_t>(num_nodes))
    throw ParseError(path, reader.line_number(),
                     "expected " + std::to_string(num_nodes) + " block ids (one per node), found " +
                         std::to_string(parts.size()) + " (is this the partition of another graph?)");
  return parts;
}

void write_partition(const std::string& path, const std::vector<part_t>& parts) {
  for (std::size_t v = 0; v < parts.size(); ++v)
    TESSERA_USER_REQUIRE(parts[v] >= 0, "cannot write partition '" << path << "': node " << v << " has block id "
                                                                     << parts[v] << " (unassigned?)");
  detail::OutputSink out(path, detail::has_gz_suffix(path));
  for (part_t b : parts) {
    out.put_int(b);
    out.put('\n');
  }
  out.finish();
}

}  // namespace tessera::io
