// Benchmark main: holds the Kokkos scope and records the build context in every report.
#include <benchmark/benchmark.h>

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench/support/bench_registry.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/allocation_tracker.hpp"
#include "core/util/build_info.hpp"

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  int status = 0;
  try {
    for (const auto registrar : tessera::bench::registrars()) registrar();
  } catch (const tessera::UserError& e) {  // a bad TESSERA_BENCH_* setting
    std::fprintf(stderr, "tessera_bench: %s\n", e.what());
    status = 2;
  }
  if (status == 0) {
    // Memory counters (peak bytes beyond the input) need every allocation from the start.
    const bool tracking = tessera::kokkos_ext::AllocationTracker::install();
    benchmark::AddCustomContext("allocation_tracking", tracking ? "on" : "off (a Kokkos tool is loaded)");
    auto info = tessera::build_info();
    benchmark::AddCustomContext("tessera_version", info.version);
    benchmark::AddCustomContext("git_commit", info.git_commit);
    benchmark::AddCustomContext("kokkos_version", info.kokkos_version);
    benchmark::AddCustomContext("backend", info.backend);
    benchmark::AddCustomContext("device", info.device);
    benchmark::AddCustomContext("concurrency", std::to_string(info.concurrency));
    if (const char* omp = std::getenv("OMP_NUM_THREADS")) benchmark::AddCustomContext("OMP_NUM_THREADS", omp);
    if (const char* bind = std::getenv("OMP_PROC_BIND")) benchmark::AddCustomContext("OMP_PROC_BIND", bind);
    benchmark::Initialize(&argc, argv);
    if (!benchmark::ReportUnrecognizedArguments(argc, argv)) benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
  }
  Kokkos::finalize();
  return status;
}
