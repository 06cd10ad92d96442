#include "core/kokkos_ext/allocation_tracker.hpp"

#include <Kokkos_Core.hpp>

#include <map>
#include <mutex>
#include <unordered_map>

namespace tessera::kokkos_ext {
namespace {

struct SpaceBytes {
  std::uint64_t current = 0;
  std::uint64_t peak = 0;
};

// Callbacks are plain function pointers, hence the process-wide state. Allocation is a host
// call already serialised by the backends' allocators; one mutex is cheap beside it.
struct TrackerState {
  std::mutex mutex;
  bool installed = false;
  std::map<std::string, SpaceBytes> spaces;
  std::unordered_map<const void*, std::pair<std::string, std::uint64_t>> live;
};

TrackerState& state() {
  static TrackerState s;
  return s;
}

void on_allocate(const Kokkos::Tools::SpaceHandle handle, const char*, const void* ptr, const std::uint64_t size) {
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto& bytes = s.spaces[handle.name];
  bytes.current += size;
  if (bytes.current > bytes.peak) bytes.peak = bytes.current;
  s.live[ptr] = {handle.name, size};
}

void on_deallocate(const Kokkos::Tools::SpaceHandle, const char*, const void* ptr, const std::uint64_t) {
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  const auto it = s.live.find(ptr);
  if (it == s.live.end()) return;  // allocated before install()
  s.spaces[it->second.first].current -= it->second.second;
  s.live.erase(it);
}

}  // namespace

bool AllocationTracker::install() {
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.installed) return true;
  if (Kokkos::Tools::profileLibraryLoaded()) return false;
  Kokkos::Tools::Experimental::set_allocate_data_callback(on_allocate);
  Kokkos::Tools::Experimental::set_deallocate_data_callback(on_deallocate);
  s.installed = true;
  return true;
}

bool AllocationTracker::installed() {
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.installed;
}

std::uint64_t AllocationTracker::current_bytes(const std::string& space) {
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  const auto it = s.spaces.find(space);
  return it == s.spaces.end() ? 0 : it->second.current;
}

std::uint64_t AllocationTracker::peak_bytes(const std::string& space) {
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  const auto it = s.spaces.find(space);
  return it == s.spaces.end() ? 0 : it->second.peak;
}

std::uint64_t AllocationTracker::peak_default_space_bytes() {
  return peak_bytes(Kokkos::DefaultExecutionSpace::memory_space::name());
}

void AllocationTracker::reset_peak() {
  auto& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  for (auto& [name, bytes] : s.spaces) bytes.peak = bytes.current;
}

}  // namespace tessera::kokkos_ext
