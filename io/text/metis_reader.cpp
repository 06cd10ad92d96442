#include "io/text/metis_reader.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "io/text/line_reader.hpp"

namespace tessera::io {

using detail::LineReader;
using detail::Tokenizer;

EdgeList read_metis(const std::string& path) {
  LineReader reader(path);
  std::string_view line;

  // Header: the first line that is neither a comment nor blank.
  bool have_header = false;
  std::uint64_t n = 0, m = 0, fmt = 0, ncon = 0;
  while (!have_header && reader.next(line)) {
    char first = detail::first_visible(line);
    if (first == '\0' || first == '%') continue;
    Tokenizer tok(line);
    std::string_view t[4];
    int count = 0;
    while (count < 4 && tok.next(t[count])) ++count;
    if (!tok.at_end() || count < 2) reader.fail("METIS header must be 'n m [fmt [ncon]]'");
    if (!detail::parse_uint(t[0], n)) reader.fail("vertex count " + detail::quote(t[0]) + " is not a non-negative integer");
    if (!detail::parse_uint(t[1], m)) reader.fail("edge count " + detail::quote(t[1]) + " is not a non-negative integer");
    if (count >= 3 && (!detail::parse_uint(t[2], fmt) || fmt > 111 || fmt % 10 > 1 || fmt / 10 % 10 > 1))
      reader.fail("unknown METIS fmt " + detail::quote(t[2]) + "; expected one of 0, 1, 10, 11, 100, 101, 110, 111");
    if (count == 4) {
      if (fmt / 10 % 10 != 1) reader.fail("ncon is given but fmt " + std::string(t[2]) + " has no vertex weights");
      if (!detail::parse_uint(t[3], ncon) || ncon < 1 || ncon > 1024)
        reader.fail("ncon " + detail::quote(t[3]) + " must be an integer between 1 and 1024");
    }
    have_header = true;
  }
  if (!have_header) throw ParseError(path, reader.line_number(), "file has no METIS header line 'n m [fmt [ncon]]'");
  if (n > static_cast<std::uint64_t>(max_vertices))
    reader.fail("header declares " + std::to_string(n) + " vertices, more than the " + std::to_string(max_vertices) +
                " that 32-bit ids allow");
  if (m > (std::uint64_t(1) << 60)) reader.fail("edge count " + std::to_string(m) + " is implausibly large");
  const bool has_sizes = fmt / 100 == 1;
  const bool has_vertex_weights = fmt / 10 % 10 == 1;
  const bool has_edge_weights = fmt % 10 == 1;
  if (has_vertex_weights && ncon == 0) ncon = 1;
  const std::uint64_t header_line = static_cast<std::uint64_t>(reader.line_number());

  EdgeList edges;
  edges.num_vertices = static_cast<vid_t>(n);
  edges.directed = false;
  // Each edge is listed at both ends; a corrupt header must not reserve what the file cannot hold
  // (an adjacency entry is at least "1 ").
  const std::size_t expected = header_reservation(reader, 2 * m, 2);
  edges.reserve(expected);
  if (has_edge_weights) edges.weights.reserve(expected);

  auto parse_nonneg = [&](std::string_view token, const std::string& what) -> std::uint64_t {
    std::uint64_t v = 0;
    if (!detail::parse_uint(token, v)) reader.fail(what + " " + detail::quote(token) + " is not a non-negative integer");
    return v;
  };

  std::uint64_t vertex = 0;  // vertex lines read so far
  while (reader.next(line)) {
    char first = detail::first_visible(line);
    if (first == '%') continue;
    if (vertex == n) {
      // Trailing blank lines are harmless; anything else means the header's n is wrong.
      if (first == '\0') continue;
      reader.fail("more than the " + std::to_string(n) + " vertex lines declared in the header (line " +
                  std::to_string(header_line) + ")");
    }
    const auto u = static_cast<vid_t>(vertex);
    ++vertex;
    Tokenizer tok(line);
    std::string_view t;
    if (has_sizes) {
      if (!tok.next(t)) reader.fail("vertex " + std::to_string(vertex) + " has no size (fmt " + std::to_string(fmt) + ")");
      parse_nonneg(t, "vertex size");
    }
    for (std::uint64_t c = 0; has_vertex_weights && c < ncon; ++c) {
      if (!tok.next(t))
        reader.fail("vertex " + std::to_string(vertex) + " has fewer than " + std::to_string(ncon) + " vertex weights");
      parse_nonneg(t, "vertex weight");
    }
    while (tok.next(t)) {
      std::uint64_t v = 0;
      if (!detail::parse_uint(t, v)) reader.fail("neighbour " + detail::quote(t) + " is not a positive integer");
      if (v < 1 || v > n)
        reader.fail("neighbour " + std::string(t) + " is outside [1, " + std::to_string(n) +
                    "] (METIS vertex ids are 1-based)");
      edges.src.push_back(u);
      edges.dst.push_back(static_cast<vid_t>(v - 1));
      if (has_edge_weights) {
        if (!tok.next(t))
          reader.fail("neighbour " + std::to_string(v) + " has no edge weight (fmt " + std::to_string(fmt) +
                      " expects 'neighbour weight' pairs)");
        edges.weights.push_back(static_cast<weight_t>(parse_nonneg(t, "edge weight")));
      }
    }
  }
  if (vertex != n)
    throw ParseError(path, reader.line_number(),
                     "expected " + std::to_string(n) + " vertex lines, found " + std::to_string(vertex) +
                         " (the file is truncated or the header's vertex count is wrong)");
  if (edges.src.size() != 2 * m)
    throw ParseError(path, reader.line_number(),
                     "header declares " + std::to_string(m) + " edges, so " + std::to_string(2 * m) +
                         " adjacency entries are expected, but the vertex lines hold " +
                         std::to_string(edges.src.size()) + " (each undirected edge must be listed at both ends)");
  return edges;
}

}  // namespace tessera::io
