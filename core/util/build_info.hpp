#pragma once
// What every result records about where it came from: version, commit, backend, device.
#include <string>

namespace tessera {

struct BuildInfo {
  std::string version;         // Tessera version
  std::string git_commit;      // commit the binary was built from ("unknown" outside git)
  std::string kokkos_version;  // e.g. 3.4.1
  std::string backend;         // default execution space, e.g. "Cuda", "OpenMP"
  std::string host_backend;    // default host execution space
  std::string device;          // GPU name, or the host's CPU model
  int concurrency = 0;         // threads of the default execution space (GPU: its concurrency)
  int host_threads = 0;        // threads of the default host execution space (--kokkos-threads)
};

// Valid only between Kokkos::initialize and Kokkos::finalize.
BuildInfo build_info();

// Kokkos' own configuration report (print_configuration), for logs.
std::string kokkos_configuration();

}  // namespace tessera
