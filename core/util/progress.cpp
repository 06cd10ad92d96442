#include "core/util/progress.hpp"

#include <chrono>
#include <cstdio>

namespace tessera::progress {
namespace {

using clock = std::chrono::steady_clock;

struct State {
  bool on = false;
  clock::time_point start = clock::now();
  clock::time_point last_line{};
  std::string last_phase;
};

State& state() {
  static State s;
  return s;
}

}  // namespace

void enable(bool on) {
  State& s = state();
  s.on = on;
  s.start = clock::now();
  s.last_phase.clear();
}

bool enabled() { return state().on; }

void report(const std::string& phase, const std::string& detail) {
  State& s = state();
  if (!s.on) return;
  const clock::time_point now = clock::now();
  if (phase == s.last_phase && now - s.last_line < std::chrono::milliseconds(500)) return;
  s.last_phase = phase;
  s.last_line = now;
  const double elapsed = std::chrono::duration<double>(now - s.start).count();
  // One fprintf per line: lines of concurrent ranks do not interleave mid-line.
  std::fprintf(stderr, "tessera: [%7.1f s] %s%s%s\n", elapsed, phase.c_str(), detail.empty() ? "" : ": ",
               detail.c_str());
}

}  // namespace tessera::progress
