// The memory budget that sizes from headers and specs are checked against, and its cap.
#include <doctest/doctest.h>

#include <sys/resource.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "core/util/memory_budget.hpp"
#include "tests/support/memory_cap.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

TEST_CASE("require_fits_in_memory refuses more than the budget, with what asked and how much") {
  REQUIRE(available_memory_bytes() > (std::uint64_t(1) << 20));
  {
    test::MemoryCap cap(std::uint64_t(1) << 20);
    CHECK(available_memory_bytes() == (std::uint64_t(1) << 20));
    CHECK_NOTHROW(require_fits_in_memory(1e6L, "x"));
    CHECK_THROWS_WITH_AS(require_fits_in_memory(2e6L, "x.el: the header's 83334 vertices"),
                         "x.el: the header's 83334 vertices needs at least 0.002 GB, more than the 0.00105 GB of "
                         "memory available",
                         UserError);
    // No estimate wraps around: computed in long double.
    CHECK_THROWS_AS(require_fits_in_memory(1e30L, "x"), UserError);
  }
  // The cap is gone with the guard; a cap above the machine's memory changes nothing.
  CHECK(available_memory_bytes() > (std::uint64_t(1) << 20));
  test::MemoryCap huge(UINT64_MAX);
  CHECK(available_memory_bytes() < UINT64_MAX);
}

TEST_CASE("TESSERA_MEMORY_BUDGET_MB lowers the budget; a malformed value is an error") {
  setenv("TESSERA_MEMORY_BUDGET_MB", "2", 1);
  CHECK(available_memory_bytes() == (std::uint64_t(2) << 20));
  {
    test::MemoryCap cap(std::uint64_t(1) << 20);  // the lower of the two wins
    CHECK(available_memory_bytes() == (std::uint64_t(1) << 20));
  }
  for (const char* bad : {"0", "-1", "1.5", "2GB", "99999999999999999999"}) {
    setenv("TESSERA_MEMORY_BUDGET_MB", bad, 1);
    CHECK_THROWS_WITH_AS(available_memory_bytes(),
                         (std::string("TESSERA_MEMORY_BUDGET_MB must be a positive number of MiB, got '") + bad + "'").c_str(),
                         UserError);
  }
  unsetenv("TESSERA_MEMORY_BUDGET_MB");
  CHECK(available_memory_bytes() > (std::uint64_t(2) << 20));
}

namespace {
void write_text(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text;
}
}  // namespace

TEST_CASE("cgroup limits: v2 memory.max and v1 memory.limit_in_bytes, less usage without inactive cache, ancestors too") {
  test::TempDir dir;
  const std::filesystem::path root = dir.path();
  CHECK(detail::cgroup_memory_left(root.string()) == UINT64_MAX);  // no /proc/self/cgroup: no limit
  SUBCASE("v2: the tightest of the folder and its parents; 'max' is no limit") {
    write_text(root / "proc/self/cgroup", "0::/job/step\n");
    write_text(root / "sys/fs/cgroup/job/step/memory.max", "max\n");
    write_text(root / "sys/fs/cgroup/job/memory.max", "4000000000\n");
    write_text(root / "sys/fs/cgroup/job/memory.current", "1500000000\n");
    write_text(root / "sys/fs/cgroup/job/memory.stat", "anon 1000000000\ninactive_file 500000000\nactive_file 0\n");
    CHECK(detail::cgroup_memory_left(root.string()) == 3000000000ULL);  // 4e9 - (1.5e9 - 0.5e9)
    write_text(root / "sys/fs/cgroup/job/step/memory.max", "1000\n");
    write_text(root / "sys/fs/cgroup/job/step/memory.current", "5000\n");
    CHECK(detail::cgroup_memory_left(root.string()) == 0);  // over its limit: nothing left
  }
  SUBCASE("v1 beside v2 (hybrid): the memory controller's line, a container's root folder") {
    write_text(root / "proc/self/cgroup", "4:cpu,memory:/not/visible/here\n3:pids:/\n0::/\n");
    write_text(root / "sys/fs/cgroup/memory/memory.limit_in_bytes", "2147483648\n");
    write_text(root / "sys/fs/cgroup/memory/memory.usage_in_bytes", "1073741824\n");
    write_text(root / "sys/fs/cgroup/memory/memory.stat", "cache 5\ntotal_inactive_file 73741824\n");
    CHECK(detail::cgroup_memory_left(root.string()) == 2147483648ULL - 1000000000ULL);
    write_text(root / "sys/fs/cgroup/unified/memory.max", "100\n");  // v2 at the hybrid mount point
    CHECK(detail::cgroup_memory_left(root.string()) == 100);
  }
}

TEST_CASE("RLIMIT_DATA (ulimit -d) bounds the budget") {
  rlimit old{};
  REQUIRE(getrlimit(RLIMIT_DATA, &old) == 0);
  const std::uint64_t before = available_memory_bytes();
  std::uint64_t vm_data_kb = 0;
  {
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key)
      if (key == "VmData:" && status >> vm_data_kb) break;
  }
  REQUIRE(vm_data_kb > 0);
  const std::uint64_t room = std::uint64_t(256) << 20;
  rlimit tight = old;
  tight.rlim_cur = vm_data_kb * 1024 + room;
  if (old.rlim_cur != RLIM_INFINITY && old.rlim_cur < tight.rlim_cur) tight.rlim_cur = old.rlim_cur;
  REQUIRE(setrlimit(RLIMIT_DATA, &tight) == 0);
  const std::uint64_t limited = available_memory_bytes();
  REQUIRE(setrlimit(RLIMIT_DATA, &old) == 0);
  CHECK(limited <= room);
  CHECK(limited > room / 2);  // VmData moves a little between the two reads, not by 128 MiB
  CHECK(available_memory_bytes() >= std::min(before, limited));
}
