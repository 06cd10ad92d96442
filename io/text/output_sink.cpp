#include "io/text/output_sink.hpp"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/error.hpp"

namespace tessera::io::detail {

namespace {
constexpr std::size_t k_buffer_bytes = std::size_t(1) << 20;
}

OutputSink::OutputSink(const std::string& path, bool gzip) : file_(path), buffer_(k_buffer_bytes) {
  if (gzip) {
    // Level 6 (zlib's default) balances size and speed for graph text.
    gzFile gz = gzopen(file_.temp_path().c_str(), "wb6");
    TESSERA_USER_REQUIRE(gz != nullptr, "cannot create '" << file_.temp_path() << "' to write '" << path << "'");
    gzbuffer(gz, 1u << 20);
    gz_ = gz;
  } else {
    std::FILE* f = std::fopen(file_.temp_path().c_str(), "wb");
    if (f == nullptr) {
      int err = errno;
      throw UserError("cannot create '" + file_.temp_path() + "' to write '" + path + "': " + std::strerror(err));
    }
    plain_ = f;
  }
}

OutputSink::~OutputSink() { close_handles(); }

void OutputSink::close_handles() {
  if (gz_ != nullptr) gzclose(static_cast<gzFile>(gz_));
  if (plain_ != nullptr) std::fclose(static_cast<std::FILE*>(plain_));
  gz_ = nullptr;
  plain_ = nullptr;
}

void OutputSink::put(std::string_view s) {
  if (used_ + s.size() > buffer_.size()) flush();
  if (s.size() > buffer_.size()) {
    put_bytes(s.data(), s.size());
    return;
  }
  std::memcpy(buffer_.data() + used_, s.data(), s.size());
  used_ += s.size();
}

void OutputSink::put_bytes(const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    if (used_ == buffer_.size()) flush();
    std::size_t n = std::min(size, buffer_.size() - used_);
    std::memcpy(buffer_.data() + used_, p, n);
    used_ += n;
    p += n;
    size -= n;
  }
}

void OutputSink::flush() {
  if (used_ == 0) return;
  bool ok;
  if (gz_ != nullptr)
    ok = gzwrite(static_cast<gzFile>(gz_), buffer_.data(), static_cast<unsigned>(used_)) == static_cast<int>(used_);
  else
    ok = std::fwrite(buffer_.data(), 1, used_, static_cast<std::FILE*>(plain_)) == used_;
  TESSERA_USER_REQUIRE(ok, "write to '" << file_.target_path() << "' failed (disk full?)");
  used_ = 0;
}

void OutputSink::finish() {
  flush();
  bool ok;
  if (gz_ != nullptr) {
    ok = gzclose(static_cast<gzFile>(gz_)) == Z_OK;
    gz_ = nullptr;
  } else {
    ok = std::fclose(static_cast<std::FILE*>(plain_)) == 0;
    plain_ = nullptr;
  }
  TESSERA_USER_REQUIRE(ok, "write to '" << file_.target_path() << "' failed (disk full?)");
  file_.commit();
}

}  // namespace tessera::io::detail
