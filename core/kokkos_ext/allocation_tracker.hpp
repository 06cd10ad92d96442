#pragma once
// Bytes Kokkos holds per memory space, now and at peak, counted through the Kokkos Tools
// allocation callbacks: every View (ours and Kokkos Kernels') is seen, on every backend,
// without backend calls. Benchmarks use it to report the memory an algorithm needs beyond
// its input (peak during the run minus what was allocated before it).
//
// Process-wide and opt-in: nothing is counted until install(). It refuses (returns false)
// when a Kokkos profiling tool is already loaded, so a user's tool is never displaced.
// Allocations made before install() are not known; their frees are ignored.
#include <cstdint>
#include <string>

namespace tessera::kokkos_ext {

class AllocationTracker {
 public:
  // Starts counting (idempotent). False when another Kokkos tool owns the callbacks.
  static bool install();
  static bool installed();
  // Bytes currently allocated in the space named `space` (a memory space's name(), e.g.
  // Kokkos::CudaSpace::name() == "Cuda", Kokkos::HostSpace::name() == "Host").
  static std::uint64_t current_bytes(const std::string& space);
  // Highest current_bytes since install() or the last reset_peak().
  static std::uint64_t peak_bytes(const std::string& space);
  // peak_bytes of the default execution space's memory (what a command's run held on the
  // device, or on the host in CPU builds); 0 when not installed.
  static std::uint64_t peak_default_space_bytes();
  // Restarts every space's peak from its current value.
  static void reset_peak();
};

}  // namespace tessera::kokkos_ext
