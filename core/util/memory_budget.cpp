#include "core/util/memory_budget.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <limits>
#include <optional>
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

// The first number in `file` ("max", a missing file or garbage: none).
std::optional<std::uint64_t> read_number(const std::string& file) {
  std::ifstream in(file);
  std::uint64_t value = 0;
  if (in >> value) return value;
  return std::nullopt;
}

// `key value` lines (memory.stat, /proc/self/status): the value of `key`, else 0.
std::uint64_t keyed_value(const std::string& file, const std::string& key) {
  std::ifstream in(file);
  std::string k;
  std::uint64_t value = 0;
  while (in >> k) {
    if (k == key && in >> value) return value;
    in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  return 0;
}

struct CgroupFiles {
  const char* limit;           // memory.max (v2), memory.limit_in_bytes (v1)
  const char* usage;           // memory.current, memory.usage_in_bytes
  const char* reclaimable;     // memory.stat key of the page cache the kernel drops first
};
constexpr CgroupFiles k_cgroup_v2{"memory.max", "memory.current", "inactive_file"};
constexpr CgroupFiles k_cgroup_v1{"memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file"};

// What one cgroup folder still allows: its limit less its usage, not counting inactive page
// cache (read files: dropped before the limit bites). UINT64_MAX without a limit.
std::uint64_t cgroup_folder_left(const std::string& dir, const CgroupFiles& files) {
  const auto limit = read_number(dir + "/" + files.limit);
  if (!limit) return UINT64_MAX;
  std::uint64_t used = read_number(dir + "/" + files.usage).value_or(0);
  const std::uint64_t cache = keyed_value(dir + "/memory.stat", files.reclaimable);
  used = used > cache ? used - cache : 0;
  return *limit > used ? *limit - used : 0;
}

// The tightest of the process's cgroup folder under `mount` and its ancestors (a parent's limit
// binds its children). Inside a container the path may not exist under the mount (it shows the
// container's own cgroup as the root); its ancestors, the mount root included, still count.
std::uint64_t cgroup_left(const std::string& mount, std::string path, const CgroupFiles& files) {
  std::uint64_t left = UINT64_MAX;
  while (true) {
    left = std::min(left, cgroup_folder_left(mount + path, files));
    if (path.empty() || path == "/") return left;
    const auto slash = path.find_last_of('/');
    path.resize(slash == std::string::npos ? 0 : slash);
  }
}

// RLIMIT_AS / RLIMIT_DATA (ulimit -v / -d) less what the process already has of it.
std::uint64_t rlimit_left(int resource, const char* status_key) {
  rlimit limit{};
  if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return UINT64_MAX;
  const std::uint64_t used = keyed_value("/proc/self/status", status_key) * 1024;  // kB
  return limit.rlim_cur > used ? limit.rlim_cur - used : 0;
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

std::uint64_t detail::cgroup_memory_left(const std::string& root) {
  std::ifstream membership(root + "/proc/self/cgroup");
  std::string line;
  std::uint64_t left = UINT64_MAX;
  // "ID:CONTROLLERS:PATH" per hierarchy; v2 is "0::PATH" (mounted at /sys/fs/cgroup, or at
  // /sys/fs/cgroup/unified beside v1 controllers).
  while (std::getline(membership, line)) {
    const auto first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string id = line.substr(0, first), controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    if (id == "0" && controllers.empty()) {
      for (const char* mount : {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"})
        left = std::min(left, cgroup_left(root + mount, path, k_cgroup_v2));
    } else if (("," + controllers + ",").find(",memory,") != std::string::npos) {
      left = std::min(left, cgroup_left(root + "/sys/fs/cgroup/memory", path, k_cgroup_v1));
    }
  }
  return left;
}

void cap_available_memory(std::uint64_t bytes) { memory_cap.store(bytes); }

std::uint64_t memory_budget_limit_bytes() {
  std::uint64_t budget = 0;
  for (const std::uint64_t limit : {environment_budget_bytes(), memory_cap.load()})
    if (limit != 0 && (budget == 0 || limit < budget)) budget = limit;
  return budget;
}

std::uint64_t available_memory_bytes() {
  std::uint64_t available = system_available_memory_bytes();
  for (const std::uint64_t limit : {environment_budget_bytes(), memory_cap.load(), detail::cgroup_memory_left(""),
                                    rlimit_left(RLIMIT_AS, "VmSize:"), rlimit_left(RLIMIT_DATA, "VmData:")})
    if (limit != 0 && limit < available) available = limit;
  return available;
}

void require_fits_in_memory(long double bytes, const std::string& what) {
  const std::uint64_t available = available_memory_bytes();
  TESSERA_USER_REQUIRE(bytes <= static_cast<long double>(available),
                       what << " needs at least " << gigabytes(bytes) << ", more than the " << gigabytes(available)
                            << " of memory available");
}

}  // namespace tessera
