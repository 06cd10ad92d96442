#include "core/kokkos_ext/kokkos_arguments.hpp"

#include <Kokkos_Core.hpp>

#include <cctype>
#include <cstring>

#include "core/error.hpp"

namespace tessera::kokkos_ext {

namespace {

enum class Value { none, count, counts, text };  // none: a flag; counts: INT[,INT]

struct KokkosOption {
  const char* name;      // after "--kokkos-"
  const char* kokkos3;   // the spelling Kokkos 3.x reads
  const char* kokkos4;   // the spelling Kokkos 4.x reads
  Value value;
};

// Both spellings of the renamed options (Kokkos 4.0 renamed threads -> num-threads, device ->
// device-id, ndevices -> num-devices; 3.4 reads device-id and num-devices already).
constexpr KokkosOption k_options[] = {
    {"threads", "threads", "num-threads", Value::count},
    {"num-threads", "threads", "num-threads", Value::count},
    {"numa", "numa", "numa", Value::count},
    {"device", "device-id", "device-id", Value::count},
    {"device-id", "device-id", "device-id", Value::count},
    {"ndevices", "num-devices", "num-devices", Value::counts},
    {"num-devices", "num-devices", "num-devices", Value::counts},
    {"disable-warnings", "disable-warnings", "disable-warnings", Value::none},
    {"tune-internals", "tune-internals", "tune-internals", Value::none},
    {"tools-library", "tools-library", "tools-library", Value::text},
    {"tools-args", "tools-args", "tools-args", Value::text},
    {"tools-help", "tools-help", "tools-help", Value::none},
    {"help", "help", "help", Value::none},
};

bool is_count(const std::string& text) {
  if (text.empty() || text.size() > 9) return false;  // fits an int, as Kokkos parses it
  for (char c : text)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

bool is_counts(const std::string& text) {
  const auto comma = text.find(',');
  if (comma == std::string::npos) return is_count(text);
  return is_count(text.substr(0, comma)) && is_count(text.substr(comma + 1));
}

const KokkosOption& find_option(const std::string& name) {
  for (const auto& o : k_options)
    if (name == o.name) return o;
  throw UserError("unknown Kokkos option --kokkos-" + name + " (known: " + kokkos_options_help() + ")");
}

std::string checked(const std::string& argument) {
  const std::string body = argument.substr(std::strlen("--kokkos-"));
  const auto eq = body.find('=');
  const std::string name = body.substr(0, eq);
  const KokkosOption& o = find_option(name);
  const bool has_value = eq != std::string::npos;
  const std::string value = has_value ? body.substr(eq + 1) : "";
  switch (o.value) {
    case Value::none:
      TESSERA_USER_REQUIRE(!has_value, "--kokkos-" << name << " takes no value");
      break;
    case Value::count:
      TESSERA_USER_REQUIRE(has_value && is_count(value),
                           "--kokkos-" << name << " expects =N, a non-negative integer, got '" << argument << "'");
      break;
    case Value::counts:
      TESSERA_USER_REQUIRE(has_value && is_counts(value),
                           "--kokkos-" << name << " expects =N or =N,M (non-negative integers), got '" << argument
                                       << "'");
      break;
    case Value::text:
      TESSERA_USER_REQUIRE(has_value, "--kokkos-" << name << " expects =TEXT");
      break;
  }
  // Kokkos core's own version macro (Kokkos Kernels' is resolved in kokkos_kernels_compat.hpp).
  const char* spelling = KOKKOS_VERSION >= 40000 ? o.kokkos4 : o.kokkos3;
  return std::string("--kokkos-") + spelling + (has_value ? "=" + value : "");
}

}  // namespace

const char* kokkos_options_help() {
  return "--kokkos-num-threads=N (or --kokkos-threads=N), --kokkos-numa=N, --kokkos-device-id=N, "
         "--kokkos-num-devices=N[,M], --kokkos-disable-warnings, --kokkos-tune-internals, "
         "--kokkos-tools-library=LIB, --kokkos-tools-args=ARGS, --kokkos-tools-help, --kokkos-help";
}

std::vector<std::string> kokkos_arguments(int argc, const char* const* argv) {
  std::vector<std::string> kept;
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], "--kokkos-", 9) == 0) kept.push_back(checked(argv[i]));
  return kept;
}

}  // namespace tessera::kokkos_ext
