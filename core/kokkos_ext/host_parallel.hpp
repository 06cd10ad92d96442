#pragma once
// Host-side loops on the default host execution space's threads (OpenMP in every build, beside
// CUDA in GPU builds): the partitioner's host steps (initial trials, the constrained FM's
// evaluations) run their independent pieces side by side.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <exception>
#include <vector>

namespace tessera::detail {

// Calls f(i) for every i in [0, n) on the host's threads, taken dynamically. An exception (out of
// memory, a failed trial) must not leave a host thread: the first by index is rethrown here once
// every call has returned.
template <class F>
void host_parallel_for(const char* label, std::int64_t n, F&& f) {
  std::vector<std::exception_ptr> failed(static_cast<std::size_t>(n > 0 ? n : 0));
  Kokkos::parallel_for(
      label, Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace, Kokkos::Schedule<Kokkos::Dynamic>>(0, n),
      [&](const std::int64_t i) {
        try {
          f(i);
        } catch (...) {
          failed[static_cast<std::size_t>(i)] = std::current_exception();
        }
      });
  Kokkos::DefaultHostExecutionSpace().fence();
  for (const auto& e : failed)
    if (e) std::rethrow_exception(e);
}

}  // namespace tessera::detail
