#include "io/text/edge_list_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/error.hpp"
#include "core/util/memory_budget.hpp"
#include "io/text/line_reader.hpp"
#include "io/text/output_sink.hpp"

namespace tessera::io {

namespace {

using detail::LineReader;
using detail::Tokenizer;

// "# n N m M" (ours: write_edge_list, the shared data): M, the number of edge lines that follow;
// -1 for any other line. SNAP's "Edges:" is not one: real SNAP files disagree with it (CA-HepPh
// declares 237010 edges and lists 237011).
std::int64_t header_edge_count(std::string_view line) {
  Tokenizer tok(line);
  std::string_view t, n, key, m;
  if (!tok.next(t)) return -1;
  if (t == "#" && !tok.next(t)) return -1;
  if (t != "n" && t != "#n") return -1;
  std::uint64_t value = 0;
  if (!tok.next(n) || !tok.next(key) || key != "m" || !tok.next(m) || !tok.at_end() || !detail::parse_uint(m, value))
    return -1;
  return static_cast<std::int64_t>(std::min<std::uint64_t>(value, UINT64_MAX >> 1));
}

// Recognizes "# Nodes: N Edges: M" (SNAP) and "# n N m M" (shared data); returns N or -1.
std::int64_t header_vertex_count(std::string_view line) {
  Tokenizer tok(line);
  std::string_view t;
  if (!tok.next(t)) return -1;
  // The comment marker may be glued to the keyword ("#n 5 m 3") or stand alone.
  if (t == "#" || t == "%") {
    if (!tok.next(t)) return -1;
  } else {
    t.remove_prefix(1);
  }
  if (t != "Nodes:" && t != "n") return -1;
  std::string_view value;
  std::uint64_t n = 0;
  if (!tok.next(value) || !detail::parse_uint(value, n)) return -1;
  std::string_view key;
  if (!tok.next(key) || (key != "Edges:" && key != "m")) return -1;
  return static_cast<std::int64_t>(std::min<std::uint64_t>(n, UINT64_MAX >> 1));
}

}  // namespace

EdgeList read_edge_list(const std::string& path, const EdgeListReadOptions& opts) {
  LineReader reader(path);
  EdgeList edges;
  edges.directed = false;
  std::int64_t declared_n = -1;
  std::int64_t declared_m = -1;  // from our own header only (header_edge_count)
  std::int64_t header_line = 0;
  std::int64_t max_id = -1;
  int columns = 0;  // fixed by the first edge line: 2 or 3
  const std::uint64_t offset = opts.one_based ? 1 : 0;
  // Largest id in the file such that the 0-based id + 1 still fits vid_t.
  const std::uint64_t id_limit = static_cast<std::uint64_t>(max_vertices) - 1 + offset;

  auto parse_id = [&](std::string_view token, const char* which) -> vid_t {
    std::uint64_t v = 0;
    if (!detail::parse_uint(token, v)) {
      if (!token.empty() && token[0] == '-')
        reader.fail(std::string("negative ") + which + " vertex id " + detail::quote(token));
      reader.fail(std::string(which) + " vertex id " + detail::quote(token) +
                  " is not a non-negative integer (comment lines must start with '#' or '%')");
    }
    if (v < offset) reader.fail(std::string(which) + " vertex id 0 in a file read as 1-based; read it as 0-based");
    if (v > id_limit)
      reader.fail(std::string(which) + " vertex id " + std::string(token) + " is too large (ids must be at most " +
                  std::to_string(id_limit) + ")");
    return static_cast<vid_t>(v - offset);
  };

  std::string_view line;
  while (reader.next(line)) {
    char first = detail::first_visible(line);
    if (first == '\0') continue;
    if (first == '#' || first == '%') {
      if (columns == 0) {
        std::int64_t n = header_vertex_count(line);
        if (n >= 0) {
          if (n > max_vertices)
            reader.fail("header declares " + std::to_string(n) + " vertices, more than the " +
                        std::to_string(max_vertices) + " that 32-bit ids allow");
          declared_n = std::max(declared_n, n);
        }
        if (const std::int64_t m = header_edge_count(line); m >= 0) {
          declared_m = m;
          header_line = reader.line_number();
        }
      }
      continue;
    }
    Tokenizer tok(line, /*commas=*/true);
    std::string_view t_u, t_v, t_w;
    tok.next(t_u);
    if (!tok.next(t_v)) reader.fail("edge line has only one column; expected \"u v\" or \"u v w\"");
    bool has_w = tok.next(t_w);
    if (!tok.at_end()) reader.fail("edge line has more than 3 columns; expected \"u v\" or \"u v w\"");
    int cols = has_w ? 3 : 2;
    if (columns == 0) {
      columns = cols;
    } else if (cols != columns) {
      reader.fail("edge line has " + std::to_string(cols) + " columns but the first edge line had " +
                  std::to_string(columns) + "; either every edge has a weight or none does");
    }
    vid_t u = parse_id(t_u, "source");
    vid_t v = parse_id(t_v, "target");
    edges.src.push_back(u);
    edges.dst.push_back(v);
    max_id = std::max<std::int64_t>(max_id, std::max(u, v));
    if (has_w) {
      double w = 0;
      if (!detail::parse_real(t_w, w)) reader.fail("edge weight " + detail::quote(t_w) + " is not a number");
      if (!std::isfinite(w)) reader.fail("edge weight " + detail::quote(t_w) + " is not finite");
      if (w < 0) reader.fail("edge weight " + detail::quote(t_w) + " is negative; weights must be >= 0");
      edges.weights.push_back(w);
    }
  }
  // Our header counts the edge lines: fewer means the file was cut (at a line boundary, or it
  // would not have parsed), more means data was appended or the header is wrong.
  if (declared_m >= 0 && static_cast<std::uint64_t>(declared_m) != edges.src.size())
    throw ParseError(path, reader.line_number(),
                     "the header (line " + std::to_string(header_line) + ") declares " + std::to_string(declared_m) +
                         " edges but " + std::to_string(edges.src.size()) +
                         " edge lines follow (the file is truncated, or the header is wrong)");
  // A declared vertex count beyond the largest id adds isolated vertices: honoured when the graph
  // they make fits (about 24 bytes per vertex once built), an error before any allocation if not.
  if (declared_n > max_id + 1)
    require_fits_in_memory(24.0L * declared_n, path + ": the header's " + std::to_string(declared_n) + " vertices");
  edges.num_vertices = static_cast<vid_t>(std::max(declared_n, max_id + 1));
  return edges;
}

void write_edge_list(const std::string& path, const EdgeList& edges) {
  const std::size_t m = edges.src.size();
  TESSERA_USER_REQUIRE(edges.dst.size() == m, "cannot write '" << path << "': edge list has " << m
                                                                << " sources but " << edges.dst.size() << " targets");
  TESSERA_USER_REQUIRE(edges.weights.empty() || edges.weights.size() == m,
                       "cannot write '" << path << "': edge list has " << m << " edges but "
                                        << edges.weights.size() << " weights");
  for (std::size_t e = 0; e < m; ++e) {
    TESSERA_USER_REQUIRE(edges.src[e] >= 0 && edges.src[e] < edges.num_vertices && edges.dst[e] >= 0 &&
                             edges.dst[e] < edges.num_vertices,
                         "cannot write '" << path << "': edge " << e << " (" << edges.src[e] << ", " << edges.dst[e]
                                          << ") has an id outside [0, " << edges.num_vertices << ")");
  }
  detail::OutputSink out(path, detail::has_gz_suffix(path));
  out.put("# n ");
  out.put_int(edges.num_vertices);
  out.put(" m ");
  out.put_int(static_cast<std::int64_t>(m));
  out.put('\n');
  const bool weighted = edges.has_weights();
  for (std::size_t e = 0; e < m; ++e) {
    out.put_int(edges.src[e]);
    out.put(' ');
    out.put_int(edges.dst[e]);
    if (weighted) {
      out.put(' ');
      out.put_real(edges.weights[e]);
    }
    out.put('\n');
  }
  out.finish();
}

}  // namespace tessera::io
