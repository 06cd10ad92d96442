// A Kokkos profiling tool that totals the wall time of every kernel by label, and counts device
// allocations and deep copies. For locating per-launch and per-level costs where no profiler is
// installed: run the program with CUDA_LAUNCH_BLOCKING=1 (every launch then returns when its
// kernel has finished, so begin..end is the kernel's time plus its launch) and
//   KOKKOS_PROFILE_LIBRARY=kernel_timer.so   (Kokkos 3.x; KOKKOS_TOOLS_LIBS on 4.x).
// The table goes to stderr when Kokkos finalizes (KERNEL_TIMER_ROWS rows, default 25). Build: g++ -O2 -shared -fPIC -o kernel_timer.so
// kokkos_kernel_timer.cpp. Uses only the C interface Kokkos calls, no Kokkos headers.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace {

using clock_type = std::chrono::steady_clock;

struct Totals {
  double seconds = 0;
  std::uint64_t calls = 0;
};

struct State {
  std::map<std::string, Totals> kernels;
  std::map<std::uint64_t, std::pair<std::string, clock_type::time_point>> running;
  std::uint64_t next_id = 0;
  Totals deep_copies, allocations;
  clock_type::time_point copy_start;
};

State& state() {
  static State s;
  return s;
}

void begin(const char* kind, const char* name, std::uint64_t* id) {
  State& s = state();
  *id = s.next_id++;
  s.running[*id] = {std::string(kind) + " " + name, clock_type::now()};
}

void end(std::uint64_t id) {
  State& s = state();
  const auto it = s.running.find(id);
  if (it == s.running.end()) return;
  Totals& t = s.kernels[it->second.first];
  t.seconds += std::chrono::duration<double>(clock_type::now() - it->second.second).count();
  ++t.calls;
  s.running.erase(it);
}

}  // namespace

struct Kokkos_Profiling_SpaceHandle {
  char name[64];
};

extern "C" {

void kokkosp_init_library(const int, const std::uint64_t, const std::uint32_t, void*) {}

void kokkosp_finalize_library() {
  State& s = state();
  std::vector<std::pair<std::string, Totals>> rows(s.kernels.begin(), s.kernels.end());
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second.seconds > b.second.seconds; });
  double total = 0;
  std::uint64_t calls = 0;
  for (const auto& r : rows) {
    total += r.second.seconds;
    calls += r.second.calls;
  }
  std::fprintf(stderr, "kernel timer: %.3f s in %llu kernels; deep copies %llu (%.3f s); device-visible allocations %llu\n",
               total, static_cast<unsigned long long>(calls), static_cast<unsigned long long>(s.deep_copies.calls),
               s.deep_copies.seconds, static_cast<unsigned long long>(s.allocations.calls));
  const char* env_rows = std::getenv("KERNEL_TIMER_ROWS");  // rows printed (default 25)
  const std::size_t shown = env_rows != nullptr ? std::strtoul(env_rows, nullptr, 10) : 25;
  for (std::size_t i = 0; i < rows.size() && i < shown; ++i)
    std::fprintf(stderr, "kernel timer: %8.2f ms %7llu  %.140s\n", rows[i].second.seconds * 1e3,
                 static_cast<unsigned long long>(rows[i].second.calls), rows[i].first.c_str());
}

void kokkosp_begin_parallel_for(const char* name, const std::uint32_t, std::uint64_t* id) { begin("for", name, id); }
void kokkosp_end_parallel_for(const std::uint64_t id) { end(id); }
void kokkosp_begin_parallel_scan(const char* name, const std::uint32_t, std::uint64_t* id) { begin("scan", name, id); }
void kokkosp_end_parallel_scan(const std::uint64_t id) { end(id); }
void kokkosp_begin_parallel_reduce(const char* name, const std::uint32_t, std::uint64_t* id) {
  begin("reduce", name, id);
}
void kokkosp_end_parallel_reduce(const std::uint64_t id) { end(id); }

void kokkosp_begin_deep_copy(Kokkos_Profiling_SpaceHandle, const char*, const void*, Kokkos_Profiling_SpaceHandle,
                             const char*, const void*, std::uint64_t) {
  state().copy_start = clock_type::now();
}
void kokkosp_end_deep_copy() {
  State& s = state();
  s.deep_copies.seconds += std::chrono::duration<double>(clock_type::now() - s.copy_start).count();
  ++s.deep_copies.calls;
}

void kokkosp_allocate_data(const Kokkos_Profiling_SpaceHandle space, const char*, const void*, const std::uint64_t) {
  if (std::string(space.name) != "Host") ++state().allocations.calls;
}

}  // extern "C"
