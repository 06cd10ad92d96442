#pragma once
// Kokkos reports a View allocation that failed as a std::runtime_error whose text names the label,
// the memory space and the size (worded differently in 3.4 and 4.x, below). The CLI and the
// experiment runner report it in one line, as bad input is reported, not as an internal error.
#include <exception>
#include <optional>
#include <string>

namespace tessera::kokkos_ext {

// "out of memory: 1.35 G for 'X' in Cuda memory"; nullopt when `e` is not an allocation failure.
// Kokkos 3.4: 'Kokkos failed to allocate memory for label "X".  Allocation using MemorySpace named
// "Cuda" failed with ...:  Allocation of size 1.35 G failed ...'; Kokkos 4.x: 'Kokkos ERROR: Cuda
// memory space failed to allocate 1.35 GiB (label="X").'
inline std::optional<std::string> allocation_failure_message(const std::exception& e) {
  const std::string text = e.what();
  auto between = [&](const std::string& before, const std::string& after) -> std::string {
    const auto start = text.find(before);
    if (start == std::string::npos) return "";
    const auto begin = start + before.size();
    const auto end = text.find(after, begin);
    return end == std::string::npos ? "" : text.substr(begin, end - begin);
  };
  std::string label = between("failed to allocate memory for label \"", "\"");  // 3.4
  std::string space = between("MemorySpace named \"", "\"");
  std::string size = between("Allocation of size ", " failed");
  if (label.empty()) {  // 4.x
    label = between("(label=\"", "\"");
    space = between("Kokkos ERROR: ", " memory space failed to allocate");
    size = between(" memory space failed to allocate ", " (label=");
  }
  if (label.empty()) return std::nullopt;
  return "out of memory: " + (size.empty() ? "" : size + " ") + "for '" + label + "'" +
         (space.empty() ? "" : " in " + space + " memory") + " (try a smaller input, or a machine with more memory)";
}

}  // namespace tessera::kokkos_ext
