#pragma once
// The parameters of distributed triangle counting and their options: every option is declared
// once here (name, help, default read from the struct, parser with its validation); the CLI
// (`tc --distributed`), the YAML `tc-distributed` task and the benchmarks read this table.
#include <cstddef>
#include <string>
#include <vector>

#include "core/graph/orientation.hpp"
#include "core/util/option_spec.hpp"
#include "distributed/triangle_count/partition.hpp"

namespace tessera::dist {

// Where each rank counts and how remote wedges are closed (distributed/README.md):
//   cpu      host kernels (OpenMP), compact messages over MPI
//   gpu      device kernels, rows records built on the device (or flat/compact queries scanned on
//            the host), batches counted on the device
//   hybrid   per node, the first `gpu_ranks_per_node` ranks run as gpu, the rest on the host;
//            rows messages everywhere; the source overload weights the partition by each
//            rank's measured counting speed
//   ipc      device kernels reading node-local ranks' rows in place (CUDA IPC); every rank on
//            one node, no messages at all
//   mpi_ipc  IPC within a node, gpu-style messages across nodes
//   shm      host kernels reading node-local ranks' oriented rows in place (MPI shared-memory
//            windows: the host counterpart of ipc), compact messages across nodes
// On a build without a GPU backend the "device" is the default (host) space: the gpu and
// hybrid code paths still run (that is how CI tests them); ipc and mpi_ipc need CUDA.
enum class DistVariant { cpu, gpu, hybrid, ipc, mpi_ipc, shm };

// How remote queries travel (query_receiver.hpp): flat (m, n) pairs, counted by the lookup
// kernel; compact runs (m; n1, n2, ...), decoded on the receiving space and counted by the
// split-edge kernel; rows: each out-list sent once per destination with the indices of the
// parents it owns (compact_format.hpp), volume ~ the lists instead of ~ the queries; automatic:
// compact for cpu and shm (paper 1, §II-A3), rows for the variants that count on a GPU (records
// built on the device: no host work per query; the paper's flat pairs were scanned on the host).
enum class MessageFormat { automatic, flat, compact, rows };

enum class IpcRows { gather, map, copy };
const char* to_string(IpcRows r);
const char* to_string(MessageFormat f);

const char* to_string(DistVariant v);
// "cpu", "gpu", "hybrid", "ipc", "mpi+ipc" (also "mpi_ipc"), "shm"; UserError otherwise.
DistVariant parse_dist_variant(const std::string& name);

struct DistTriangleParams {
  DistVariant variant = DistVariant::cpu;
  std::size_t buffer_size = 1 << 16;  // SIZE: queries per message (>= 1)
  bool compress = false;              // LZ4-compress every message
  Orientation orientation = Orientation::degree;  // degree: (degree, id) order; id: ids as given
  std::size_t scan_chunk = 1 << 14;   // queries generated per super-step before polling
  int ranks_per_node = 0;             // 0: real nodes; k > 0: nodes of k consecutive ranks (tests)
  int gpu_ranks_per_node = 1;         // hybrid: node-local ranks below this count on the device
  bool weigh_partition = true;        // hybrid, source overload: partition by measured speed
  // Source overload: what the contiguous split evens out (edges: paper 1 §II; work: estimated
  // wedges + edges per rank, partition.hpp).
  PartitionBalance partition = PartitionBalance::work;
  // ipc, mpi+ipc, shm with every rank readable (one node): how node-local ranks' oriented rows
  // are used. map (default): read in place through the IPC mapping or the shared window by the
  // distributed kernel (the paper's zero copy: no rank holds more than its own rows); copy
  // (ipc, mpi+ipc): peers' rows copied once into this GPU, then the distributed kernel; gather:
  // copied into one DAG per rank, counted by the single-node kernels (every rank then holds the
  // whole oriented graph and all n positions: the one replicated set-up, kept as an option).
  IpcRows ipc_rows = IpcRows::map;
  MessageFormat message_format = MessageFormat::automatic;
  // Execution space instances (CUDA streams) that count received batches concurrently with
  // communication (paper 1, §II-B2); on host backends the instances run in order.
  int receiver_streams = 4;
};

// The options of DistTriangleParams: `name` is the CLI option (--name) and the YAML parameter;
// `apply` parses and validates a value (UserError otherwise, whose message the caller prefixes
// with the option's name); `show` prints the field, so the defaults come from the struct.
using DistParamOption = OptionSpec<DistTriangleParams>;
const std::vector<DistParamOption>& dist_param_options();

}  // namespace tessera::dist
