#pragma once
// Streaming byte input shared by the text and binary readers.
//
// A ByteSource reads a file in large blocks, transparently decompressing gzip. Compression is
// detected from the gzip magic bytes (1f 8b), never from the file name, so "graph.txt" that is
// really gzip and "graph.gz" that is really plain text both work.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace tessera::io::detail {

class ByteSource {
 public:
  // Opens `path`; throws UserError when it is missing, a folder or unreadable.
  explicit ByteSource(const std::string& path);
  ~ByteSource();
  ByteSource(const ByteSource&) = delete;
  ByteSource& operator=(const ByteSource&) = delete;

  // Reads up to `size` bytes into `out`; returns 0 only at the end of the data. Throws
  // ParseError (no line number) when the gzip stream is corrupt, truncated or followed by data
  // that is not another gzip member.
  std::size_t read(char* out, std::size_t size);

  const std::string& path() const { return path_; }
  bool compressed() const { return gz_ != nullptr; }

 private:
  struct Gzip;  // inflate state, when the file is gzip
  std::size_t read_plain(char* out, std::size_t size);
  std::string path_;
  void* file_ = nullptr;      // std::FILE*
  std::unique_ptr<Gzip> gz_;  // null for plain files
};

// True when `path` names a file that starts with the gzip magic bytes.
bool is_gzip_file(const std::string& path);

}  // namespace tessera::io::detail
