#pragma once
// Distributed exact triangle counting (paper 1, §II-A Algorithm 1, §II-B3, §III): CPU, GPU,
// hybrid CPU/GPU, zero-copy IPC and mixed MPI+IPC variants, chosen at run time.
//
// Input: a DistGraph (dist_graph.hpp) or a source that load_distributed_graph reads. Every
// triangle is counted once across ranks: edges are oriented by a global vertex order (degree:
// (degree, id), or id), a triangle a < b < c is found at the owner of a as the wedge (a; b, c)
// with b < c in N+(a), and closed by looking c up in N(b): locally when the rank owns b,
// otherwise as a query (b, c) sent to b's owner. See distributed/README.md for the rank-order
// rule and why, with degree order, queries may go to lower ranks.
#include <mpi.h>

#include <cstddef>
#include <string>
#include <vector>

#include "distributed/triangle_count/dist_graph.hpp"
#include "distributed/triangle_count/dist_params.hpp"
#include "distributed/triangle_count/partition.hpp"

namespace tessera::dist {

// min / avg / max over the ranks.
struct MetricSummary {
  double min = 0, avg = 0, max = 0;
  double imbalance() const { return avg > 0 ? max / avg : 0.0; }  // 1 = perfectly even
};

// One rank's measurements.
struct RankMetrics {
  double setup_seconds = 0;   // everything before counting: the six steps below
  double upload_seconds = 0;  // the rank's rows copied to the space it counts in
  double order_seconds = 0;   // the global order: degrees all-gathered, numbered there
  double orient_seconds = 0;  // the rank's rows oriented there, the task list
  double share_seconds = 0;   // readable rows: IPC buffer and handles, peers' rows, shared window
  double stats_seconds = 0;   // node-local queries and estimated work
  double gather_seconds = 0;  // every rank readable: the node's rows gathered into one DAG; else the task list and the scan's host copy
  double local_seconds = 0;   // wedges closed inside the rank (Algorithm 1, lines 23-25)
  double scan_seconds = 0;    // generating remote queries into buffers (lines 28-34)
  double remote_seconds = 0;  // processing received queries (lines 38-43)
  double wait_seconds = 0;    // in the communication loop, neither scanning nor processing
  double total_seconds = 0;   // setup to the final reduction
  double local_triangles = 0, remote_triangles = 0;
  double messages_sent = 0, messages_received = 0;
  double queries_sent = 0, queries_received = 0;
  double bytes_sent_raw = 0, bytes_sent_wire = 0;          // wire = after compression
  double bytes_received_raw = 0, bytes_received_wire = 0;
  double messages_to_lower_ranks = 0;
  // Wedge lookups whose middle vertex lives on another rank of the same node: what IPC can
  // serve without messages (paper 1, Fig. 10-11). Counted for every variant.
  double node_local_queries = 0;
  double on_device = 0;      // 1 when this rank counted with device kernels
  double speed_weight = 0;   // hybrid: measured edges/s the partition was weighted by (0: none)
  double host_threads = 0;   // the threads of this rank's host execution space
  double counting_seconds = 0;  // local + scan + remote: the rank's own counting work
  double estimated_work = 0;    // Σ vertex_work over its vertices (partition.hpp)
  // Peak bytes the rank held in its default space's memory (the device on GPU builds) from the
  // moment the caller installed kokkos_ext::AllocationTracker (tessera tc does before reading
  // the input): the input rows included; 0 when not installed.
  double peak_device_bytes = 0;
  // The set-up's size (issue 26): adjacency entries this rank read, generated or received as
  // input (DistGraph::input_entries) plus those it built (its oriented rows, and the gathered
  // DAG where one is built); the peak bytes of its counting space's memory at the end of set-up
  // (as peak_device_bytes: 0 without the tracker; the input included); the bytes it sent to
  // find the global order (degree histograms, ghost position requests and answers).
  double setup_edges = 0;
  double setup_bytes = 0;
  double setup_bytes_sent = 0;
};

struct DistTriangleMetrics {
  MetricSummary setup_seconds, upload_seconds, order_seconds, orient_seconds, share_seconds, stats_seconds,
      gather_seconds;
  MetricSummary local_seconds, scan_seconds, remote_seconds, wait_seconds, total_seconds;
  MetricSummary local_triangles, remote_triangles;
  MetricSummary messages_sent, messages_received, queries_sent, queries_received;
  MetricSummary bytes_sent_raw, bytes_sent_wire, bytes_received_raw, bytes_received_wire;
  MetricSummary messages_to_lower_ranks, node_local_queries, on_device, speed_weight, host_threads;
  MetricSummary counting_seconds, estimated_work, peak_device_bytes;
  MetricSummary setup_edges, setup_bytes, setup_bytes_sent;
};

// Every per-rank metric: its report name (seconds end in `_s`), where it is measured and
// where its min/avg/max summary goes. Reporting code iterates this instead of naming fields.
// `headline`, when set, also puts `<headline>_max` and `<headline>_imbalance` (max / avg) at
// the top of a run's JSON.
struct DistMetricField {
  const char* name;
  double RankMetrics::*value;
  MetricSummary DistTriangleMetrics::*summary;
  const char* headline = nullptr;
};
const std::vector<DistMetricField>& dist_metric_fields();

struct DistTriangleResult {
  count_t triangles = 0;  // the global total, identical on every rank (MPI_Allreduce)
  int ranks = 1;
  PartitionStats partition;     // identical on every rank
  RankMetrics rank_metrics;     // this rank's own
  DistTriangleMetrics metrics;  // min / avg / max over ranks, identical on every rank
  double read_seconds = 0;      // loading and distributing (source overload only; this rank)
  DistVariant variant = DistVariant::cpu;
  int nodes = 1;
};

// Collective over `comm` (which is duplicated, never used directly).
DistTriangleResult triangle_count(MPI_Comm comm, const DistGraph& graph, const DistTriangleParams& params = {});
// `load`: the input options of io::load_graph (see load_distributed_graph).
DistTriangleResult triangle_count(MPI_Comm comm, const std::string& source, const DistTriangleParams& params = {},
                                  const io::GraphLoadOptions& load = {});

}  // namespace tessera::dist
