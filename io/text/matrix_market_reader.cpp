#include "io/text/matrix_market_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <vector>

#include "core/error.hpp"
#include "core/util/memory_budget.hpp"
#include "io/text/line_reader.hpp"

namespace tessera::io {

namespace {

using detail::LineReader;
using detail::Tokenizer;

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

enum class Field { pattern, real, integer };

}  // namespace

EdgeList read_matrix_market(const std::string& path) {
  LineReader reader(path);
  std::string_view line;
  if (!reader.next(line)) throw ParseError(path, 1, "empty file; expected a '%%MatrixMarket' banner line");

  // Banner: %%MatrixMarket object format field symmetry (keywords are case-insensitive).
  std::vector<std::string> banner;
  {
    Tokenizer tok(line);
    std::string_view t;
    while (tok.next(t)) banner.push_back(lower(t));
  }
  if (banner.empty() || banner[0] != "%%matrixmarket")
    reader.fail("missing '%%MatrixMarket' banner; this is not a Matrix Market file");
  if (banner.size() != 5)
    reader.fail("banner must be '%%MatrixMarket matrix coordinate <field> <symmetry>'");
  if (banner[1] != "matrix") reader.fail("unsupported Matrix Market object '" + banner[1] + "'; only 'matrix'");
  if (banner[2] != "coordinate")
    reader.fail("unsupported Matrix Market format '" + banner[2] +
                "'; only sparse 'coordinate' files can be read as graphs");
  Field field;
  if (banner[3] == "pattern")
    field = Field::pattern;
  else if (banner[3] == "real")
    field = Field::real;
  else if (banner[3] == "integer")
    field = Field::integer;
  else
    reader.fail("unsupported Matrix Market field '" + banner[3] + "'; supported: pattern, real, integer");
  bool symmetric;
  if (banner[4] == "general")
    symmetric = false;
  else if (banner[4] == "symmetric")
    symmetric = true;
  else
    reader.fail("unsupported Matrix Market symmetry '" + banner[4] + "'; supported: general, symmetric");

  // Size line, after comments and blank lines.
  std::uint64_t rows = 0, cols = 0, nnz = 0;
  bool have_size = false;
  while (!have_size && reader.next(line)) {
    char first = detail::first_visible(line);
    if (first == '\0' || first == '%') continue;
    Tokenizer tok(line);
    std::string_view a, b, c;
    tok.next(a);
    if (!tok.next(b) || !tok.next(c) || !tok.at_end())
      reader.fail("size line must be 'rows cols entries'");
    if (!detail::parse_uint(a, rows) || !detail::parse_uint(b, cols) || !detail::parse_uint(c, nnz))
      reader.fail("size line must hold three non-negative integers 'rows cols entries'");
    have_size = true;
  }
  if (!have_size) throw ParseError(path, reader.line_number(), "file ends before the size line 'rows cols entries'");
  if (rows != cols)
    reader.fail("matrix is " + std::to_string(rows) + " x " + std::to_string(cols) +
                "; only square matrices describe graphs");
  if (rows > static_cast<std::uint64_t>(max_vertices))
    reader.fail(std::to_string(rows) + " rows exceed the " + std::to_string(max_vertices) +
                " vertices that 32-bit ids allow");
  // The size line fixes the vertex count, however few entries follow: the graph built from it
  // takes about 24 bytes per vertex, so a short file declaring billions must not get that far.
  require_fits_in_memory(24.0L * rows, path + ": the size line's " + std::to_string(rows) + " vertices");

  EdgeList edges;
  edges.num_vertices = static_cast<vid_t>(rows);
  edges.directed = !symmetric;
  // A corrupt size line must not reserve memory the file cannot fill: an entry is at least "1 1\n".
  edges.reserve(header_reservation(reader, nnz, 4));
  if (field != Field::pattern) edges.weights.reserve(edges.src.capacity());

  const int expected_columns = field == Field::pattern ? 2 : 3;
  std::uint64_t read = 0;
  auto parse_index = [&](std::string_view token, const char* which) -> vid_t {
    std::uint64_t v = 0;
    if (!detail::parse_uint(token, v))
      reader.fail(std::string(which) + " index " + detail::quote(token) + " is not a positive integer");
    if (v < 1 || v > rows)
      reader.fail(std::string(which) + " index " + std::string(token) + " is outside [1, " + std::to_string(rows) +
                  "] (Matrix Market indices are 1-based)");
    return static_cast<vid_t>(v - 1);
  };
  while (reader.next(line)) {
    char first = detail::first_visible(line);
    if (first == '\0' || first == '%') continue;
    if (read == nnz)
      reader.fail("more entries than the " + std::to_string(nnz) + " declared on the size line");
    Tokenizer tok(line);
    std::string_view t[3];
    int n = 0;
    while (n < 3 && tok.next(t[n])) ++n;
    if (n != expected_columns || !tok.at_end())
      reader.fail(std::string("entry must have ") + (field == Field::pattern ? "2 columns 'row col'" : "3 columns 'row col value'") +
                  " for a '" + banner[3] + "' matrix");
    edges.src.push_back(parse_index(t[0], "row"));
    edges.dst.push_back(parse_index(t[1], "column"));
    if (field == Field::integer) {
      std::int64_t v = 0;
      if (!detail::parse_int(t[2], v)) reader.fail("value " + detail::quote(t[2]) + " is not an integer");
      if (v < 0) reader.fail("negative value " + std::string(t[2]) + "; edge weights must be >= 0");
      edges.weights.push_back(static_cast<weight_t>(v));
    } else if (field == Field::real) {
      double v = 0;
      if (!detail::parse_real(t[2], v)) reader.fail("value " + detail::quote(t[2]) + " is not a real number");
      if (!std::isfinite(v)) reader.fail("value " + detail::quote(t[2]) + " is not finite");
      if (v < 0) reader.fail("negative value " + std::string(t[2]) + "; edge weights must be >= 0");
      edges.weights.push_back(v);
    }
    ++read;
  }
  if (read != nnz)
    throw ParseError(path, reader.line_number(),
                     "truncated file: the size line declares " + std::to_string(nnz) + " entries but only " +
                         std::to_string(read) + " were found");
  return edges;
}

}  // namespace tessera::io
