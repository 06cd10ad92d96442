#include "core/util/memory_budget.hpp"

#include <unistd.h>

#include <atomic>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "core/error.hpp"

namespace tessera {

namespace {

std::atomic<std::uint64_t> memory_cap{0};  // 0: no cap

std::uint64_t system_available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page_size > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size)
                                    : UINT64_MAX;
}

// TESSERA_MEMORY_BUDGET_MB in bytes; 0 when unset.
std::uint64_t environment_budget_bytes() {
  const char* text = std::getenv("TESSERA_MEMORY_BUDGET_MB");
  if (text == nullptr || *text == '\0') return 0;
  std::uint64_t mib = 0;
  const char* end = text + std::strlen(text);
  const auto [ptr, ec] = std::from_chars(text, end, mib);
  TESSERA_USER_REQUIRE(ec == std::errc() && ptr == end && mib > 0 && mib < (std::uint64_t(1) << 44),
                       "TESSERA_MEMORY_BUDGET_MB must be a positive number of MiB, got '" << text << "'");
  return mib << 20;
}

std::string gigabytes(long double bytes) {
  std::ostringstream os;
  os << std::setprecision(3) << static_cast<double>(bytes / 1e9) << " GB";
  return os.str();
}

}  // namespace

void cap_available_memory(std::uint64_t bytes) { memory_cap.store(bytes); }

std::uint64_t memory_budget_limit_bytes() {
  std::uint64_t budget = 0;
  for (const std::uint64_t limit : {environment_budget_bytes(), memory_cap.load()})
    if (limit != 0 && (budget == 0 || limit < budget)) budget = limit;
  return budget;
}

std::uint64_t available_memory_bytes() {
  const std::uint64_t available = system_available_memory_bytes(), budget = memory_budget_limit_bytes();
  return budget != 0 && budget < available ? budget : available;
}

void require_fits_in_memory(long double bytes, const std::string& what) {
  const std::uint64_t available = available_memory_bytes();
  TESSERA_USER_REQUIRE(bytes <= static_cast<long double>(available),
                       what << " needs at least " << gigabytes(bytes) << ", more than the " << gigabytes(available)
                            << " of memory available");
}

}  // namespace tessera
