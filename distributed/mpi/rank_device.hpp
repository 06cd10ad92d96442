#pragma once
// The GPU of a rank: ranks of a node take the node's GPUs in turn (node-local rank modulo the
// visible devices), so several ranks share one GPU when there are more ranks than GPUs (issue
// 26: every distributed variant runs with two ranks on a one-GPU machine).
#include <mpi.h>

namespace tessera::dist {

// The rule: node-local rank modulo the visible devices; -1 without devices.
int device_for_local_rank(int local_rank, int devices);

// Collective over `comm`; call after MPI_Init and before Kokkos::initialize. Unless the user
// chose a device (KOKKOS_DEVICE_ID or KOKKOS_NUM_DEVICES in the environment, --kokkos-device-id
// or --kokkos-num-devices in argv), sets KOKKOS_DEVICE_ID to the node-local rank modulo the
// visible GPUs. Returns the device chosen, or -1 (left to the user, or no GPU backend).
int set_device_for_rank(MPI_Comm comm, int argc, char** argv);

}  // namespace tessera::dist
