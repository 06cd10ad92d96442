#pragma once
// Kokkos reports a View allocation that failed as a std::runtime_error whose several-line text
// names the label, the memory space and the size ("Kokkos failed to allocate memory for label
// "X".  Allocation using MemorySpace named "Cuda" failed with the following error:  Allocation
// of size 1.35 G failed ..."; 3.4 and 4.x alike). The CLI and the experiment runner report it in
// one line, as bad input is reported, instead of as an internal error.
#include <exception>
#include <optional>
#include <string>

namespace tessera::kokkos_ext {

// "out of memory: 1.35 G for 'X' in Cuda memory"; nullopt when `e` is not an allocation failure.
inline std::optional<std::string> allocation_failure_message(const std::exception& e) {
  const std::string text = e.what();
  auto quoted_after = [&](const std::string& key) -> std::string {
    const auto start = text.find(key);
    if (start == std::string::npos) return "";
    const auto begin = start + key.size();
    const auto end = text.find('"', begin);
    return end == std::string::npos ? "" : text.substr(begin, end - begin);
  };
  const std::string label = quoted_after("failed to allocate memory for label \"");
  if (label.empty()) return std::nullopt;
  const std::string space = quoted_after("MemorySpace named \"");
  std::string size;
  const std::string size_key = "Allocation of size ";
  if (const auto at = text.find(size_key); at != std::string::npos)
    size = text.substr(at + size_key.size(), text.find(" failed", at) - at - size_key.size()) + " ";
  return "out of memory: " + size + "for '" + label + "'" + (space.empty() ? "" : " in " + space + " memory") +
         " (try a smaller input, or a machine with more memory)";
}

}  // namespace tessera::kokkos_ext
