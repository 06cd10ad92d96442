#include "io/text/line_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <limits>

#include "core/error.hpp"

namespace tessera::io::detail {

namespace {
// A longer line is almost certainly a binary file or a broken export; refuse it instead of
// growing the buffer without bound.
constexpr std::size_t k_max_line_bytes = std::size_t(1) << 30;

// A plain file smaller than a block gets a buffer of its own size (one byte more, to see the
// end): reading a small file then does not zero a whole block first.
std::size_t initial_buffer_bytes(const ByteSource& source, std::size_t block_bytes) {
  std::size_t bytes = std::max<std::size_t>(64, block_bytes);
  if (!source.compressed()) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(source.path(), ec);
    if (!ec && size < bytes) bytes = std::max<std::size_t>(64, static_cast<std::size_t>(size) + 1);
  }
  return bytes;
}

}  // namespace

LineReader::LineReader(const std::string& path, std::size_t block_bytes)
    : source_(path), buffer_(initial_buffer_bytes(source_, block_bytes)) {}

std::size_t header_reservation(const LineReader& reader, std::uint64_t declared, std::size_t min_item_bytes) {
  std::uint64_t bound = std::uint64_t(1) << 20;
  if (!reader.compressed()) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(reader.path(), ec);
    if (!ec) bound = size / std::max<std::size_t>(1, min_item_bytes);
  }
  return static_cast<std::size_t>(std::min(declared, bound));
}

bool LineReader::refill() {
  // Keep the unfinished line, move it to the front and read behind it.
  std::size_t pending = end_ - begin_;
  if (begin_ > 0 && pending > 0) std::memmove(buffer_.data(), buffer_.data() + begin_, pending);
  begin_ = 0;
  end_ = pending;
  if (end_ == buffer_.size()) {
    if (buffer_.size() >= k_max_line_bytes) {
      line_ += 1;
      fail("line is longer than 1 GiB; this does not look like a text graph file");
    }
    buffer_.resize(buffer_.size() * 2);
  }
  std::size_t got = source_.read(buffer_.data() + end_, buffer_.size() - end_);
  end_ += got;
  return got > 0;
}

bool LineReader::next(std::string_view& line) {
  for (;;) {
    if (begin_ < end_) {
      const char* start = buffer_.data() + begin_;
      const void* nl = std::memchr(start, '\n', end_ - begin_);
      if (nl != nullptr) {
        std::size_t len = static_cast<std::size_t>(static_cast<const char*>(nl) - start);
        begin_ += len + 1;
        if (len > 0 && start[len - 1] == '\r') --len;
        line = std::string_view(start, len);
        ++line_;
        return true;
      }
    }
    if (eof_) {
      if (begin_ == end_) return false;
      // The last line has no terminating newline.
      const char* start = buffer_.data() + begin_;
      std::size_t len = end_ - begin_;
      begin_ = end_;
      if (start[len - 1] == '\r') --len;
      line = std::string_view(start, len);
      ++line_;
      return true;
    }
    if (!refill()) eof_ = true;
  }
}

void LineReader::fail(const std::string& what) const { throw ParseError(path(), line_, what); }

bool parse_int(std::string_view token, std::int64_t& value) {
  bool negative = false;
  if (!token.empty() && (token[0] == '-' || token[0] == '+')) {
    negative = token[0] == '-';
    token.remove_prefix(1);
  }
  std::uint64_t magnitude = 0;
  if (!parse_uint(token, magnitude)) return false;
  constexpr auto max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (magnitude > max + (negative ? 1 : 0)) return false;
  value = negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
  return true;
}

bool parse_real(std::string_view token, double& value) {
  // from_chars rejects a leading '+', which some exporters write.
  if (!token.empty() && token[0] == '+') {
    token.remove_prefix(1);
    if (!token.empty() && token[0] == '-') return false;  // "+-1"
  }
  if (token.empty()) return false;
  const char* end = token.data() + token.size();
  auto [ptr, ec] = std::from_chars(token.data(), end, value, std::chars_format::general);
  return ec == std::errc() && ptr == end;
}

std::string quote(std::string_view token) {
  constexpr std::size_t k_max = 40;
  std::string out = "'";
  if (token.size() > k_max) {
    out.append(token.substr(0, k_max));
    out += "...";
  } else {
    out.append(token);
  }
  out += "'";
  return out;
}

}  // namespace tessera::io::detail
