// doctest main holding the Kokkos scope for the whole suite.
//
// `--requires-data` (used by the real-data ctest entry) exits with 77, which ctest reports as
// "skipped", when the shared data folder is absent, so missing data never counts as a pass.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <Kokkos_Core.hpp>

#include <cstring>
#include <iostream>
#include <vector>

#include "tests/support/test_support.hpp"

int main(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  if (tessera::test::skip_for_missing_data(args)) return 77;
  int kokkos_argc = static_cast<int>(args.size());
  Kokkos::initialize(kokkos_argc, args.data());
  int result = 0;
  {
    doctest::Context context;
    context.applyCommandLine(kokkos_argc, args.data());
    result = context.run();
  }
  Kokkos::finalize();
  return result;
}
