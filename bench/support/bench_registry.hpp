#pragma once
// Benchmark files register their cases from main, after Kokkos is up, not from static
// initialisers: their TESSERA_BENCH_* settings are read then, so a bad setting is a usage error
// (bench/main.cpp: one line, exit 2) instead of std::terminate before main.
#include <vector>

namespace tessera::bench {

using Registrar = void (*)();

inline std::vector<Registrar>& registrars() {
  static std::vector<Registrar> list;
  return list;
}

// Queues `registrar` for main; returns true so that a file can call it from a namespace-scope
// initialiser (`const bool queued = defer_registration(register_all);`).
inline bool defer_registration(Registrar registrar) {
  registrars().push_back(registrar);
  return true;
}

}  // namespace tessera::bench
