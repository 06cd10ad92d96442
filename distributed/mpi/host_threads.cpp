#include "distributed/mpi/host_threads.hpp"

#include <sched.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "distributed/mpi/communicator.hpp"

namespace tessera::dist {

namespace {

// This process's affinity mask as 64-bit words (empty when the OS does not say).
std::vector<std::uint64_t> own_cpu_mask() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return {};
  std::vector<std::uint64_t> words((CPU_SETSIZE + 63) / 64, 0);
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) words[static_cast<std::size_t>(c / 64)] |= std::uint64_t{1} << (c % 64);
  return words;
}

int popcount(const std::vector<std::uint64_t>& words) {
  int n = 0;
  for (std::uint64_t w : words) n += static_cast<int>(__builtin_popcountll(w));
  return n;
}

bool set_in_environment(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && value[0] != '\0';
}

bool threads_in_arguments(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], "--kokkos-threads", 16) == 0 || std::strncmp(argv[i], "--kokkos-num-threads", 20) == 0)
      return true;
  return false;
}

}  // namespace

int node_share_threads(int node_cores, int ranks_on_node, int own_cpus) {
  const int share = node_cores / std::max(1, ranks_on_node);
  return std::max(1, own_cpus > 0 ? std::min(share, own_cpus) : share);
}

HostThreads set_host_threads_for_rank(MPI_Comm comm, int argc, char** argv) {
  HostThreads t;
  MPI_Comm shared = MPI_COMM_NULL;
  TESSERA_MPI_CHECK(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shared));
  std::vector<std::uint64_t> mask = own_cpu_mask();
  int have_mask = mask.empty() ? 0 : 1, all_have_mask = 0;
  int status = MPI_Comm_size(shared, &t.ranks_on_node);
  if (status == MPI_SUCCESS) status = MPI_Allreduce(&have_mask, &all_have_mask, 1, MPI_INT, MPI_MIN, shared);
  if (status == MPI_SUCCESS && all_have_mask) {
    t.rank_cpus = popcount(mask);
    std::vector<std::uint64_t> node(mask.size());
    status = MPI_Allreduce(mask.data(), node.data(), static_cast<int>(mask.size()), MPI_UINT64_T, MPI_BOR, shared);
    t.node_cores = popcount(node);
  } else {
    t.node_cores = static_cast<int>(std::thread::hardware_concurrency());
  }
  MPI_Comm_free(&shared);
  TESSERA_MPI_CHECK(status);

  if (set_in_environment("OMP_NUM_THREADS")) {
    t.source = "OMP_NUM_THREADS";
  } else if (set_in_environment("KOKKOS_NUM_THREADS")) {
    t.source = "KOKKOS_NUM_THREADS";
  } else if (threads_in_arguments(argc, argv)) {
    t.source = "--kokkos-threads";
  } else {
    t.source = "node share";
    t.threads = node_share_threads(t.node_cores, t.ranks_on_node, t.rank_cpus);
    setenv("KOKKOS_NUM_THREADS", std::to_string(t.threads).c_str(), 1);
  }
  return t;
}

}  // namespace tessera::dist
