#pragma once
// Kokkos' own command-line options (--kokkos-*), checked and spelled for the Kokkos this build
// uses before Kokkos sees them. Kokkos 3.4 aborts the process on `--kokkos-threads=abc` (its
// std::stoi throws before its own check) and silently ignores `--kokkos-num-threads` (Kokkos 4's
// name of --kokkos-threads); Kokkos 4 warns on the old spellings. Here a malformed value is a
// UserError naming the option, and the thread, device and device-count options are accepted in
// either spelling and handed to Kokkos in the one it reads.
#include <string>
#include <vector>

namespace tessera::kokkos_ext {

// The --kokkos-* arguments of argv[1..argc), in order, respelled for this Kokkos; throws
// UserError for an unknown --kokkos-* option or a value that is not what the option takes.
std::vector<std::string> kokkos_arguments(int argc, const char* const* argv);

// The options kokkos_arguments() accepts, for help texts and errors.
const char* kokkos_options_help();

}  // namespace tessera::kokkos_ext
