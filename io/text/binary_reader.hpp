#pragma once
// Buffered little-endian reader for the binary formats (.snn, .axh), plain or gzip. Binary files
// have no lines, so it counts bytes: errors name the offset a value starts at.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/text/input_source.hpp"

namespace tessera::io::detail {

class BinaryReader {
 public:
  explicit BinaryReader(const std::string& path);

  // Bytes consumed so far (of the uncompressed data).
  std::uint64_t offset() const { return consumed_ + pos_; }
  // The uncompressed size when it is known before reading (plain files); empty for gzip, whose
  // size is only known at its end.
  std::optional<std::uint64_t> size() const { return size_; }
  // True when no byte is left.
  bool at_end();
  // Reads a little-endian u32; false (nothing consumed) when fewer than 4 bytes remain.
  bool read_u32(std::uint32_t& value);
  // Reads and counts every remaining byte.
  std::uint64_t skip_to_end();

 private:
  // Moves the unread tail to the front and reads behind it until the buffer is full or the
  // data ends.
  void fill();

  ByteSource source_;
  std::optional<std::uint64_t> size_;
  std::vector<char> buffer_;
  std::size_t pos_ = 0, end_ = 0;
  std::uint64_t consumed_ = 0;  // bytes before buffer_[0]
};

}  // namespace tessera::io::detail
