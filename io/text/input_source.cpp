#include "io/text/input_source.hpp"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace tessera::io::detail {

namespace {
// zlib's internal buffer; large so that inflate runs on big chunks (fewer calls, better speed).
constexpr unsigned k_gz_buffer_bytes = 1u << 20;

std::FILE* open_plain(const std::string& path) {
  std::error_code ec;
  TESSERA_USER_REQUIRE(!std::filesystem::is_directory(path, ec),
                       "cannot read '" << path << "': it is a folder, not a file");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    int err = errno;
    throw UserError("cannot open '" + path + "': " + std::strerror(err));
  }
  return f;
}
}  // namespace

bool is_gzip_file(const std::string& path) {
  std::FILE* f = open_plain(path);
  unsigned char magic[2] = {0, 0};
  std::size_t got = std::fread(magic, 1, 2, f);
  std::fclose(f);
  return got == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
}

ByteSource::ByteSource(const std::string& path) : path_(path) {
  std::FILE* f = open_plain(path);
  unsigned char magic[2] = {0, 0};
  std::size_t got = std::fread(magic, 1, 2, f);
  if (got == 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
    std::fclose(f);
    gzFile gz = gzopen(path.c_str(), "rb");
    if (gz == nullptr) throw UserError("cannot open '" + path + "' as gzip");
    gzbuffer(gz, k_gz_buffer_bytes);
    gz_ = gz;
  } else {
    std::rewind(f);
    file_ = f;
  }
}

ByteSource::~ByteSource() {
  if (gz_ != nullptr) gzclose(static_cast<gzFile>(gz_));
  if (file_ != nullptr) std::fclose(static_cast<std::FILE*>(file_));
}

std::size_t ByteSource::read(char* out, std::size_t size) {
  if (file_ != nullptr) {
    auto* f = static_cast<std::FILE*>(file_);
    std::size_t got = std::fread(out, 1, size, f);
    if (got == 0 && std::ferror(f))
      throw UserError("cannot read '" + path_ + "': " + std::strerror(errno));
    return got;
  }
  auto gz = static_cast<gzFile>(gz_);
  // gzread takes an unsigned count; stay well below INT_MAX so the result fits an int.
  unsigned chunk = static_cast<unsigned>(std::min<std::size_t>(size, 1u << 30));
  int got = gzread(gz, out, chunk);
  int errnum = Z_OK;
  const char* msg = gzerror(gz, &errnum);
  // A truncated stream shows up as Z_BUF_ERROR ("unexpected end of file") after the data that
  // could be decoded; corrupt data as Z_DATA_ERROR.
  if (got < 0 || (errnum != Z_OK && errnum != Z_STREAM_END)) {
    throw ParseError(path_, 0,
                     std::string("corrupt or truncated gzip data (") + (msg ? msg : "unknown zlib error") +
                         "); re-download or re-compress the file");
  }
  return static_cast<std::size_t>(got);
}

}  // namespace tessera::io::detail
