// The memory budget that sizes from headers and specs are checked against, and its cap.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "core/util/memory_budget.hpp"
#include "tests/support/memory_cap.hpp"

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
