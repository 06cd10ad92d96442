// Host threads per rank (distributed/mpi/host_threads.hpp): the node-share rule, and the
// choice main made for this suite before Kokkos started (ctest leaves OMP_NUM_THREADS unset).
// The GPU per rank (rank_device.hpp): node-local rank modulo the devices.
#include <doctest/doctest.h>
#include <mpi.h>

#include <Kokkos_Core.hpp>

#include "core/kokkos_ext/device_name.hpp"
#include "distributed/mpi/host_threads.hpp"
#include "distributed/mpi/rank_device.hpp"
#include "tests/distributed/mpi_world.hpp"

using namespace tessera;

TEST_CASE("a rank's host threads are its share of the node's cores") {
  CHECK(dist::node_share_threads(16, 4, 16) == 4);
  CHECK(dist::node_share_threads(16, 3, 16) == 5);
  CHECK(dist::node_share_threads(2, 4, 2) == 1);   // more ranks than cores: one thread each
  CHECK(dist::node_share_threads(16, 2, 1) == 1);  // a rank bound to one core
  CHECK(dist::node_share_threads(16, 2, 0) == 8);  // affinity unknown
  CHECK(dist::node_share_threads(0, 1, 0) == 1);
}

TEST_CASE("the ranks of a node never run more host threads than the node has cores") {
  const dist::HostThreads& choice = test::host_threads_choice();
  const int threads = Kokkos::DefaultHostExecutionSpace().concurrency();
  CHECK(threads >= 1);
  CHECK(choice.ranks_on_node >= 1);
  CHECK(choice.node_cores >= 1);
  if (choice.source != "node share") return;  // the user chose (OMP_NUM_THREADS, ...)
  CHECK(threads == choice.threads);
  MPI_Comm shared = MPI_COMM_NULL;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shared);
  int on_node = 0;
  MPI_Allreduce(&threads, &on_node, 1, MPI_INT, MPI_SUM, shared);
  MPI_Comm_free(&shared);
  CHECK(on_node <= std::max(choice.node_cores, choice.ranks_on_node));
  // Asked again, the setting main made is now the environment's and is left alone.
  const auto again = dist::set_host_threads_for_rank(MPI_COMM_WORLD, 0, nullptr);
  CHECK(again.source == "KOKKOS_NUM_THREADS");
  CHECK(again.threads == 0);
}

TEST_CASE("ranks take the node's GPUs in turn, several sharing one when there are more ranks") {
  CHECK(dist::device_for_local_rank(0, 1) == 0);
  CHECK(dist::device_for_local_rank(1, 1) == 0);  // two ranks on a one-GPU machine share it
  CHECK(dist::device_for_local_rank(3, 2) == 1);
  CHECK(dist::device_for_local_rank(5, 8) == 5);
  CHECK(dist::device_for_local_rank(2, 0) == -1);  // no GPU backend
  // A device the user chose is left alone.
  char name[] = "tessera", choice[] = "--kokkos-device-id=0";
  char* argv[] = {name, choice, nullptr};
  CHECK(dist::set_device_for_rank(MPI_COMM_WORLD, 2, argv) == -1);
  if (detail::visible_device_count() == 0) CHECK(dist::set_device_for_rank(MPI_COMM_WORLD, 1, argv) == -1);
}
