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
  std::vector<char*> args;
  bool requires_data = false;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--requires-data") == 0)
      requires_data = true;
    else
      args.push_back(argv[i]);
  }
  if (requires_data && !tessera::test::data_available()) {
    std::cout << "SKIPPED: shared data not found at '" << tessera::test::data_dir()
              << "' (set TESSERA_DATA_DIR)\n";
    return 77;
  }
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
