#include "io/atomic_file.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <mutex>

#include <signal.h>
#include <unistd.h>

#include "core/error.hpp"
#include "core/util/path_exists.hpp"

namespace tessera::io {

namespace {

// The temporaries being written, for a SIGINT/SIGTERM handler that removes them before the
// process dies: fixed slots of fixed-size paths, since a handler may only call
// async-signal-safe functions (unlink, signal, raise). A path that does not fit a slot is not
// tracked (it is still removed on every normal or exceptional exit).
constexpr int k_slots = 64;
constexpr std::size_t k_path_bytes = 4096;
char g_paths[k_slots][k_path_bytes];
std::atomic<bool> g_claimed[k_slots];
std::atomic<bool> g_live[k_slots];

extern "C" void remove_temporaries_and_die(int sig) {
  for (int i = 0; i < k_slots; ++i)
    if (g_live[i].load()) ::unlink(g_paths[i]);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

// Installs the handler for SIGINT and SIGTERM unless the program already handles them.
void install_cleanup_handler() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int sig : {SIGINT, SIGTERM}) {
      struct sigaction current {};
      if (sigaction(sig, nullptr, &current) != 0 || current.sa_handler != SIG_DFL) continue;
      struct sigaction action {};
      action.sa_handler = remove_temporaries_and_die;
      sigemptyset(&action.sa_mask);
      sigaction(sig, &action, nullptr);
    }
  });
}

int track_temporary(const std::string& path) {
  install_cleanup_handler();
  if (path.size() >= k_path_bytes) return -1;
  for (int i = 0; i < k_slots; ++i) {
    bool free_slot = false;
    if (!g_claimed[i].compare_exchange_strong(free_slot, true)) continue;
    std::memcpy(g_paths[i], path.c_str(), path.size() + 1);
    g_live[i].store(true);
    return i;
  }
  return -1;
}

void untrack_temporary(int slot) {
  if (slot < 0) return;
  g_live[slot].store(false);
  g_claimed[slot].store(false);
}

}  // namespace

AtomicFile::AtomicFile(const std::string& target) : target_(target) {
  static std::atomic<unsigned> counter{0};
  namespace fs = std::filesystem;
  fs::path t(target);
  TESSERA_USER_REQUIRE(!t.filename().empty(), "output path '" << target << "' names no file");
  fs::path dir = t.has_parent_path() ? t.parent_path() : fs::path(".");
  TESSERA_USER_REQUIRE(is_folder(dir), "cannot write '" << target << "': folder '" << dir.string()
                                                                 << "' does not exist");
  temp_ = (dir / ("." + t.filename().string() + ".tmp." + std::to_string(::getpid()) + "." +
                  std::to_string(counter++)))
              .string();
  slot_ = track_temporary(temp_);
}

AtomicFile::~AtomicFile() {
  if (!committed_) std::remove(temp_.c_str());
  untrack_temporary(slot_);
}

void AtomicFile::commit() {
  if (std::rename(temp_.c_str(), target_.c_str()) != 0) {
    int err = errno;
    std::remove(temp_.c_str());
    throw UserError("cannot write '" + target_ + "': " + std::strerror(err));
  }
  committed_ = true;
  untrack_temporary(slot_);
  slot_ = -1;
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
