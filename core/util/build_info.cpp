#include "core/util/build_info.hpp"

#include <Kokkos_Core.hpp>

#include <fstream>
#include <sstream>

#include "core/kokkos_ext/device_name.hpp"
#include "core/util/git_commit.hpp"

namespace tessera {

BuildInfo build_info() {
  BuildInfo info;
  info.version = TESSERA_VERSION_STRING;
  info.git_commit = detail::git_commit();
  std::ostringstream kv;
  kv << KOKKOS_VERSION / 10000 << '.' << (KOKKOS_VERSION / 100) % 100 << '.' << KOKKOS_VERSION % 100;
  info.kokkos_version = kv.str();
  info.backend = Kokkos::DefaultExecutionSpace::name();
  info.host_backend = Kokkos::DefaultHostExecutionSpace::name();
  info.device = detail::default_device_name();
  info.concurrency = Kokkos::DefaultExecutionSpace().concurrency();
  info.host_threads = Kokkos::DefaultHostExecutionSpace().concurrency();
  return info;
}

std::string kokkos_configuration() {
  std::ostringstream os;
  Kokkos::print_configuration(os, false);
  return os.str();
}

}  // namespace tessera
