#include "distributed/mpi/rank_device.hpp"

#include <cstdlib>
#include <cstring>
#include <string>

#include "core/error.hpp"
#include "core/kokkos_ext/device_name.hpp"
#include "distributed/mpi/communicator.hpp"

namespace tessera::dist {

namespace {

bool device_chosen_by_user(int argc, char** argv) {
  if (std::getenv("KOKKOS_DEVICE_ID") != nullptr || std::getenv("KOKKOS_NUM_DEVICES") != nullptr) return true;
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], "--kokkos-device-id", 18) == 0 || std::strncmp(argv[i], "--kokkos-num-devices", 20) == 0)
      return true;
  return false;
}

}  // namespace

int device_for_local_rank(int local_rank, int devices) { return devices > 0 ? local_rank % devices : -1; }

int set_device_for_rank(MPI_Comm comm, int argc, char** argv) {
  MPI_Comm shared = MPI_COMM_NULL;
  TESSERA_MPI_CHECK(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &shared));
  int local_rank = 0;
  const int status = MPI_Comm_rank(shared, &local_rank);
  MPI_Comm_free(&shared);
  TESSERA_MPI_CHECK(status);
  if (device_chosen_by_user(argc, argv)) return -1;
  const int device = device_for_local_rank(local_rank, detail::visible_device_count());
  if (device < 0) return -1;
  setenv("KOKKOS_DEVICE_ID", std::to_string(device).c_str(), 1);
  return device;
}

}  // namespace tessera::dist
