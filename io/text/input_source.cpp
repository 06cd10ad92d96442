#include "io/text/input_source.hpp"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <new>
#include <vector>

#include "core/error.hpp"

namespace tessera::io::detail {

namespace {
// Compressed input read per block; large so that inflate runs on big chunks (fewer calls).
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

// gzip input through zlib's inflate (not gzread, which silently skips whatever follows the last
// gzip member): concatenated members are one stream, anything else after a member is an error.
struct ByteSource::Gzip {
  z_stream stream{};
  std::vector<unsigned char> input = std::vector<unsigned char>(k_gz_buffer_bytes);
  bool input_ended = false;   // the file has no more bytes
  bool member_ended = false;  // the last inflate finished a member
  std::uint64_t consumed = 0;  // compressed bytes handed to inflate, for messages
};

ByteSource::ByteSource(const std::string& path) : path_(path) {
  std::FILE* f = open_plain(path);
  file_ = f;
  unsigned char magic[2] = {0, 0};
  const std::size_t got = std::fread(magic, 1, 2, f);
  std::rewind(f);
  if (got == 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
    gz_ = std::make_unique<Gzip>();
    // 16 + MAX_WBITS: gzip framing (header, CRC and length checked by zlib).
    if (inflateInit2(&gz_->stream, 16 + MAX_WBITS) != Z_OK) {
      std::fclose(f);
      throw UserError("cannot read '" + path + "': zlib could not start");
    }
  }
}

ByteSource::~ByteSource() {
  if (gz_) inflateEnd(&gz_->stream);
  if (file_ != nullptr) std::fclose(static_cast<std::FILE*>(file_));
}

std::size_t ByteSource::read_plain(char* out, std::size_t size) {
  auto* f = static_cast<std::FILE*>(file_);
  const std::size_t got = std::fread(out, 1, size, f);
  if (got == 0 && std::ferror(f)) throw UserError("cannot read '" + path_ + "': " + std::strerror(errno));
  return got;
}

std::size_t ByteSource::read(char* out, std::size_t size) {
  if (!gz_) return read_plain(out, size);
  Gzip& g = *gz_;
  z_stream& z = g.stream;
  auto damaged = [&](const std::string& what) {
    return ParseError(path_, 0, what + "; re-download or re-compress the file");
  };
  while (true) {
    if (z.avail_in == 0 && !g.input_ended) {
      const std::size_t got = read_plain(reinterpret_cast<char*>(g.input.data()), g.input.size());
      g.input_ended = got == 0;
      z.next_in = g.input.data();
      z.avail_in = static_cast<uInt>(got);
    }
    if (g.member_ended) {  // between members: the end of the file, or the start of another member
      if (z.avail_in == 0) return 0;
      if (z.next_in[0] != 0x1f)
        throw ParseError(path_, 0, "unexpected data after the gzip stream (at compressed byte " +
                                       std::to_string(g.consumed) + "); the file is damaged or not one gzip file");
      inflateReset(&z);
      g.member_ended = false;
    }
    // inflate takes 32-bit counts: stay well below them.
    const uInt room = static_cast<uInt>(std::min<std::size_t>(size, 1u << 30));
    z.next_out = reinterpret_cast<Bytef*>(out);
    z.avail_out = room;
    const uInt before = z.avail_in;
    const int status = inflate(&z, Z_NO_FLUSH);
    g.consumed += before - z.avail_in;
    const std::size_t produced = room - z.avail_out;
    if (status == Z_STREAM_END) g.member_ended = true;
    else if (status == Z_DATA_ERROR || status == Z_NEED_DICT)
      throw damaged(std::string("corrupt gzip data (") + (z.msg ? z.msg : "invalid data") + ")");
    else if (status == Z_MEM_ERROR) throw std::bad_alloc();
    else if (g.input_ended && z.avail_in == 0 && produced == 0)
      throw damaged("truncated gzip data (the file ends inside a compressed member)");
    if (produced > 0) return produced;
  }
}

}  // namespace tessera::io::detail
