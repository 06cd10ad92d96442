#pragma once
// Output files are written completely or not at all: data goes to a temporary file next to
// the target, which is renamed over it only by commit(). A writer that throws leaves the
// target untouched and the temporary removed; so does SIGINT or SIGTERM (a handler removes the
// temporaries being written, then the signal ends the process as it would have).
#include <filesystem>
#include <string>

namespace tessera::io {

class AtomicFile {
 public:
  explicit AtomicFile(const std::string& target);
  ~AtomicFile();  // removes the temporary unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // Where to write (a sibling of the target, same file system, so the rename is atomic).
  const std::string& temp_path() const { return temp_; }
  const std::string& target_path() const { return target_; }
  // Renames the temporary over the target; throws UserError when that fails.
  void commit();

 private:
  std::string target_;
  std::string temp_;
  bool committed_ = false;
  int slot_ = -1;  // in the signal handler's table of temporaries (-1: not tracked)
};

// Writes `content` to `path` atomically.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace tessera::io
