#pragma once
// Buffered, atomic text output shared by the writers.
//
// Everything goes to an AtomicFile's temporary (gzip-compressed when asked); finish() flushes,
// checks for write errors and renames the temporary over the target. A sink destroyed without
// finish() (because the writer threw) leaves the target untouched and no temporary behind.
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/atomic_file.hpp"

namespace tessera::io::detail {

class OutputSink {
 public:
  // Throws UserError when the folder of `path` does not exist or the file cannot be created.
  OutputSink(const std::string& path, bool gzip);
  ~OutputSink();
  OutputSink(const OutputSink&) = delete;
  OutputSink& operator=(const OutputSink&) = delete;

  void put(char c) {
    if (used_ + 1 > buffer_.size()) flush();
    buffer_[used_++] = c;
  }
  void put(std::string_view s);
  void put_int(std::int64_t v) {
    if (used_ + 24 > buffer_.size()) flush();
    auto r = std::to_chars(buffer_.data() + used_, buffer_.data() + buffer_.size(), v);
    used_ = static_cast<std::size_t>(r.ptr - buffer_.data());
  }
  // Shortest text that reads back to exactly the same double.
  void put_real(double v) {
    if (used_ + 32 > buffer_.size()) flush();
    auto r = std::to_chars(buffer_.data() + used_, buffer_.data() + buffer_.size(), v);
    used_ = static_cast<std::size_t>(r.ptr - buffer_.data());
  }
  void put_bytes(const void* data, std::size_t size);

  // Flushes, closes and commits; throws UserError on any write error.
  void finish();

 private:
  void flush();
  void close_handles();

  AtomicFile file_;
  std::vector<char> buffer_;
  std::size_t used_ = 0;
  void* plain_ = nullptr;  // std::FILE*
  void* gz_ = nullptr;     // gzFile
};

// True when `path` ends with ".gz" (writers compress such outputs).
inline bool has_gz_suffix(const std::string& path) {
  return path.size() >= 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
}

}  // namespace tessera::io::detail
