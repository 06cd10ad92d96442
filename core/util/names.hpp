#pragma once
// Option values and preset names are matched as users type them: case and punctuation do not
// matter ("loihi64" is "Loihi-64", "MPI_IPC" is "mpi+ipc", "One-Pass" is "one-pass"). The
// canonical spelling is what results and JSON report.
#include <cctype>
#include <string>
#include <string_view>

namespace tessera {

// Lower-case letters and digits only.
inline std::string name_key(std::string_view name) {
  std::string key;
  for (const char c : name)
    if (std::isalnum(static_cast<unsigned char>(c))) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

inline bool same_name(std::string_view given, std::string_view canonical) { return name_key(given) == name_key(canonical); }

}  // namespace tessera
