// A failed Kokkos allocation becomes one line naming the View, the size and the memory space.
#include <doctest/doctest.h>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <stdexcept>

#include "core/kokkos_ext/allocation_failure.hpp"

TEST_CASE("allocation_failure_message: a real failed host allocation, and other exceptions") {
  bool thrown = false;
  try {
    // 2^62 bytes: refused at once by every allocator (no overcommit reaches that).
    Kokkos::View<char*, Kokkos::HostSpace> v("tessera::test::huge", std::size_t(1) << 62);
  } catch (const std::exception& e) {
    thrown = true;
    const auto message = tessera::kokkos_ext::allocation_failure_message(e);
    REQUIRE(message.has_value());
    INFO(*message);
    CHECK(message->rfind("out of memory: ", 0) == 0);
    CHECK(message->find("for 'tessera::test::huge' in Host memory") != std::string::npos);
    CHECK(message->find('\n') == std::string::npos);
  }
  CHECK(thrown);
  CHECK_FALSE(tessera::kokkos_ext::allocation_failure_message(std::runtime_error("something else")).has_value());
}
