#include "io/atomic_file.hpp"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include <unistd.h>

#include "core/error.hpp"

namespace tessera::io {

AtomicFile::AtomicFile(const std::string& target) : target_(target) {
  static std::atomic<unsigned> counter{0};
  namespace fs = std::filesystem;
  fs::path t(target);
  TESSERA_USER_REQUIRE(!t.filename().empty(), "output path '" << target << "' names no file");
  fs::path dir = t.has_parent_path() ? t.parent_path() : fs::path(".");
  TESSERA_USER_REQUIRE(fs::is_directory(dir), "cannot write '" << target << "': folder '" << dir.string()
                                                                 << "' does not exist");
  temp_ = (dir / ("." + t.filename().string() + ".tmp." + std::to_string(::getpid()) + "." +
                  std::to_string(counter++)))
              .string();
}

AtomicFile::~AtomicFile() {
  if (!committed_) std::remove(temp_.c_str());
}

void AtomicFile::commit() {
  if (std::rename(temp_.c_str(), target_.c_str()) != 0) {
    int err = errno;
    std::remove(temp_.c_str());
    throw UserError("cannot write '" + target_ + "': " + std::strerror(err));
  }
  committed_ = true;
}

void write_file_atomically(const std::string& path, const std::string& content) {
  AtomicFile file(path);
  {
    std::ofstream out(file.temp_path(), std::ios::binary | std::ios::trunc);
    TESSERA_USER_REQUIRE(out, "cannot open '" << file.temp_path() << "' for writing");
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    TESSERA_USER_REQUIRE(out, "write to '" << path << "' failed (disk full?)");
  }
  file.commit();
}

}  // namespace tessera::io
