#include "io/text/binary_reader.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>

namespace tessera::io::detail {

namespace {

// Read in blocks of 4 MiB, or the file's size when it is smaller.
constexpr std::uint64_t k_block_bytes = std::uint64_t(4) << 20;

}  // namespace

BinaryReader::BinaryReader(const std::string& path) : source_(path) {
  if (!source_.compressed()) {
    std::error_code ec;
    const auto file_bytes = std::filesystem::file_size(path, ec);
    if (!ec) size_ = file_bytes;
  }
  const std::uint64_t block_bytes = std::min(k_block_bytes, size_.value_or(k_block_bytes));
  buffer_.resize(static_cast<std::size_t>(std::max<std::uint64_t>(4, block_bytes)));
}

bool BinaryReader::at_end() {
  if (pos_ < end_) return false;
  fill();
  return pos_ == end_;
}

bool BinaryReader::read_u32(std::uint32_t& value) {
  if (end_ - pos_ < 4) {
    fill();
    if (end_ - pos_ < 4) return false;
  }
  const auto* b = reinterpret_cast<const unsigned char*>(buffer_.data() + pos_);
  value = std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 | std::uint32_t(b[2]) << 16 | std::uint32_t(b[3]) << 24;
  pos_ += 4;
  return true;
}

std::uint64_t BinaryReader::skip_to_end() {
  std::uint64_t skipped = 0;
  while (!at_end()) {
    skipped += end_ - pos_;
    pos_ = end_;
  }
  return skipped;
}

void BinaryReader::fill() {
  const std::size_t pending = end_ - pos_;
  if (pending > 0 && pos_ > 0) std::memmove(buffer_.data(), buffer_.data() + pos_, pending);
  consumed_ += pos_;
  pos_ = 0;
  end_ = pending;
  while (end_ < buffer_.size()) {
    const std::size_t got = source_.read(buffer_.data() + end_, buffer_.size() - end_);
    if (got == 0) break;
    end_ += got;
  }
}

}  // namespace tessera::io::detail
