#pragma once
// Existence checks on paths users type. std::filesystem's plain overloads throw
// filesystem_error when the system refuses the name itself (longer than NAME_MAX, a component
// that is a file), which would escape as an internal error; these never throw, and such a name
// counts as absent, so callers report their usual "no such file" UserError.
#include <filesystem>
#include <string>
#include <system_error>

namespace tessera {

inline bool path_exists(const std::string& path) noexcept {
  std::error_code ec;
  return std::filesystem::exists(path, ec);
}

inline bool is_folder(const std::filesystem::path& path) noexcept {
  std::error_code ec;
  return std::filesystem::is_directory(path, ec);
}

}  // namespace tessera
