#pragma once
// Line-by-line streaming over a plain or gzip text file, plus the token and number parsing
// every text reader shares.
//
// Lines are returned as views into a large block buffer (4 MiB by default), so reading costs
// one memchr per line and no allocation; a view stays valid until the next call to next().
// Line numbers are 1-based and count every line, including comments and blank lines, so error
// messages point at the line an editor shows.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "io/text/input_source.hpp"

namespace tessera::io::detail {

class LineReader {
 public:
  explicit LineReader(const std::string& path, std::size_t block_bytes = std::size_t(4) << 20);

  // The next line without its "\n" or "\r\n"; false at the end of the file.
  bool next(std::string_view& line);
  // The number of the line last returned by next() (0 before the first).
  long long line_number() const { return line_; }
  const std::string& path() const { return source_.path(); }
  bool compressed() const { return source_.compressed(); }
  // Throws ParseError "path:line: what" for the line last returned.
  [[noreturn]] void fail(const std::string& what) const;

 private:
  bool refill();

  ByteSource source_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;  // first unread byte
  std::size_t end_ = 0;    // one past the last valid byte
  bool eof_ = false;
  long long line_ = 0;
};

// How many items to reserve for a count that a header declares: no more than the file can hold
// when each item takes at least `min_item_bytes` bytes of text (for gzip, whose size says little,
// at most 2^20; the containers grow past a reservation as items arrive). A corrupt header in a
// short file then reserves nothing it cannot fill.
std::size_t header_reservation(const LineReader& reader, std::uint64_t declared, std::size_t min_item_bytes);

// Splits a line into tokens separated by blanks (space, tab, \r, \v, \f) and, when
// `commas` is true, also by commas.
class Tokenizer {
 public:
  explicit Tokenizer(std::string_view line, bool commas = false)
      : p_(line.data()), end_(line.data() + line.size()), commas_(commas) {}
  // The next token; false when the line has no more.
  bool next(std::string_view& token) {
    while (p_ != end_ && is_separator(*p_)) ++p_;
    if (p_ == end_) return false;
    const char* start = p_;
    while (p_ != end_ && !is_separator(*p_)) ++p_;
    token = std::string_view(start, static_cast<std::size_t>(p_ - start));
    return true;
  }
  // True when only separators remain.
  bool at_end() {
    while (p_ != end_ && is_separator(*p_)) ++p_;
    return p_ == end_;
  }

 private:
  bool is_separator(char c) const {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || (commas_ && c == ',');
  }
  const char* p_;
  const char* end_;
  bool commas_;
};

// The first character that is not a blank, or '\0' for a blank line.
inline char first_visible(std::string_view line) {
  for (char c : line)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f') return c;
  return '\0';
}

// Whole-token number parsing: false unless the entire token is a valid number.
// Unsigned decimal integer (digits only), with overflow detection.
inline bool parse_uint(std::string_view token, std::uint64_t& value) {
  if (token.empty() || token.size() > 20) return false;
  std::uint64_t v = 0;
  for (char c : token) {
    unsigned d = static_cast<unsigned>(c) - static_cast<unsigned>('0');
    if (d > 9) return false;
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  value = v;
  return true;
}
// Signed decimal integer ("-12", "+3", "7").
bool parse_int(std::string_view token, std::int64_t& value);
// Decimal or scientific real ("2.5", ".5", "1e-3", "+4"); also accepts "inf"/"nan", which
// callers reject explicitly so they can say why.
bool parse_real(std::string_view token, double& value);

// A token quoted for an error message, shortened when very long.
std::string quote(std::string_view token);

}  // namespace tessera::io::detail
