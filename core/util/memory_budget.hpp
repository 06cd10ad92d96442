#pragma once
// Sizes that come from outside (a file header, an HDF5 attribute, a generator spec) are checked
// against the machine before anything is allocated: a request that cannot fit is a bad input
// with a one-line error naming what asked for it, not an allocation failure halfway through
// (or minutes of swapping first).
#include <cstdint>
#include <string>

namespace tessera {

// Memory the process can still get: the smallest of MemAvailable (Linux; else the physical
// memory), what RLIMIT_AS and RLIMIT_DATA (ulimit -v / -d) leave beside the process's current
// VmSize and VmData, what its cgroups leave (v2 memory.max, v1 memory.limit_in_bytes, each less
// the usage without inactive page cache, ancestors included), TESSERA_MEMORY_BUDGET_MB (a
// positive integer, in MiB, for a limit none of these shows; UserError when malformed) and the
// cap below.
std::uint64_t available_memory_bytes();

// The smallest of TESSERA_MEMORY_BUDGET_MB and the cap below, in bytes; 0 when neither is set
// (device memory is budgeted with it: core/kokkos_ext/device_memory.hpp).
std::uint64_t memory_budget_limit_bytes();

namespace detail {
// What the cgroups of this process leave, read under `root` ("" for the machine; a folder
// holding proc/self/cgroup and sys/fs/cgroup/... in tests). UINT64_MAX when none limits memory.
std::uint64_t cgroup_memory_left(const std::string& root);
}  // namespace detail

// Caps what available_memory_bytes() reports, for a process held to a limit the kernel does not
// show in /proc/meminfo (a fuzzing process's -rss_limit_mb, a test of the refusal itself).
// 0 removes the cap.
void cap_available_memory(std::uint64_t bytes);

// Throws UserError "<what> needs at least <N> GB, more than the <M> GB available" when
// `bytes` (a lower bound of what the request will allocate) exceeds available_memory_bytes().
// Computed in long double by callers, so a huge estimate cannot wrap around.
void require_fits_in_memory(long double bytes, const std::string& what);

}  // namespace tessera
