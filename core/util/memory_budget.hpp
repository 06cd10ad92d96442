#pragma once
// Sizes that come from outside (a file header, an HDF5 attribute, a generator spec) are checked
// against the machine before anything is allocated: a request that cannot fit is a bad input
// with a one-line error naming what asked for it, not an allocation failure halfway through
// (or minutes of swapping first).
#include <cstdint>
#include <string>

namespace tessera {

// Memory the process can still get: MemAvailable (Linux), else the physical memory; never more
// than the environment's TESSERA_MEMORY_BUDGET_MB (a positive integer, in MiB: a container's
// limit that /proc/meminfo does not show; UserError when malformed) or the cap below.
std::uint64_t available_memory_bytes();

// The smallest of TESSERA_MEMORY_BUDGET_MB and the cap below, in bytes; 0 when neither is set
// (device memory is budgeted with it: core/kokkos_ext/device_memory.hpp).
std::uint64_t memory_budget_limit_bytes();

// Caps what available_memory_bytes() reports, for a process held to a limit the kernel does not
// show in /proc/meminfo (a fuzzing process's -rss_limit_mb, a test of the refusal itself).
// 0 removes the cap.
void cap_available_memory(std::uint64_t bytes);

// Throws UserError "<what> needs at least <N> GB, more than the <M> GB available" when
// `bytes` (a lower bound of what the request will allocate) exceeds available_memory_bytes().
// Computed in long double by callers, so a huge estimate cannot wrap around.
void require_fits_in_memory(long double bytes, const std::string& what);

}  // namespace tessera
