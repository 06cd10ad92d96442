#include "distributed/triangle_count/superstep_loop.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "algorithms/triangle_count/counting_dag.hpp"
#include "core/error.hpp"
#include "distributed/mpi/query_messenger.hpp"
#include "distributed/triangle_count/compact_format.hpp"
#include "distributed/triangle_count/gathered_dag.hpp"
#include "distributed/triangle_count/query_receiver.hpp"
#include "distributed/triangle_count/readable_rows.hpp"
#include "distributed/triangle_count/wedge_kernels.hpp"

// count_closed_wedges (the local count when some rank is not readable) is instantiated here
// only, for the host and the device space (core/kokkos_ext/instantiate.hpp).
namespace tessera::dist::detail {

namespace {

// The oriented rows on the host, for the remote scan.
struct HostDag {
  Kokkos::View<const eid_t*, host_memory> row_map;
  Kokkos::View<const vid_t*, host_memory> entries;
  Kokkos::View<const vid_t*, host_memory> vertex;
};

// The resumable scan over remote wedges: (v, i, j) is exactly where it stopped. For an
// out-edge (v → m) whose m is not readable here, every out-neighbour n of v after m in the
// global order (the entries after i: rows are ascending in it) gives the query (m, n): is
// n ∈ N+(m)? (n comes after m, so that is the edge {m, n}.) Queries carry positions in the
// order, which the receiver looks up in its oriented rows (query_receiver.hpp). Out-edges whose
// m is readable here (this rank, or node-local ranks with IPC) are counted by the kernels,
// which intersect N+(v) after m with N+(m): either way each closed pair {m, n} at v is counted
// once, at its earlier vertex. Reads a host copy of the oriented rows, made only when some
// rank is not readable.
struct RemoteScan {
  HostDag dag;
  vid_t v = 0;
  eid_t i = -1, j = -1;
  bool done = false;

  // Pushes up to `budget` queries; returns when done, out of budget, or a buffer is busy.
  void run(const DistGraph& g, const std::vector<char>& readable, QueryMessenger& messenger, std::size_t budget) {
    const vid_t n_local = g.end() - g.begin();
    while (v < n_local) {
      const eid_t rb = dag.row_map(v), re = dag.row_map(v + 1);
      if (i < rb) {
        i = rb;
        j = rb + 1;
      }
      for (; i < re; ++i, j = i + 1) {
        const vid_t m = dag.entries(i);
        const int dest = g.owner(dag.vertex(m));
        if (readable[static_cast<std::size_t>(dest)]) continue;
        for (; j < re; ++j) {
          if (budget == 0 || !messenger.push(dest, m, dag.entries(j))) return;
          --budget;
        }
      }
      ++v;
      i = -1;
    }
    done = true;
  }
};

// The rows format's scan (compact_format.hpp): per local row v and destination d, one record
// with the suffix of N+(v) from d's first owned out-neighbour and the indices of all of them.
// Resumes at (v, d); a row's destinations are visited in rank order.
struct RowScan {
  HostDag dag;
  vid_t v = 0;
  int next_dest = 0;
  bool done = false;
  vid_t owners_of = -1;        // the row whose owners `owner` holds
  std::vector<int> owner;      // per entry of that row: the owner of its out-neighbour
  std::vector<vid_t> record;   // built for (v, next_dest) and not pushed yet (both slots busy)
  std::size_t record_items = 0;

  void run(const DistGraph& g, const std::vector<char>& readable, QueryMessenger& messenger, std::size_t budget) {
    const vid_t n_local = g.end() - g.begin();
    const int p = static_cast<int>(readable.size());
    for (; v < n_local; ++v, next_dest = 0) {
      const eid_t rb = dag.row_map(v), re = dag.row_map(v + 1);
      if (re - rb < 2) continue;
      if (owners_of != v) {
        owner.resize(static_cast<std::size_t>(re - rb));
        for (eid_t i = rb; i < re; ++i) owner[static_cast<std::size_t>(i - rb)] = g.owner(dag.vertex(dag.entries(i)));
        owners_of = v;
      }
      for (; next_dest < p; ++next_dest) {
        if (readable[static_cast<std::size_t>(next_dest)]) continue;
        if (record.empty() && !build(rb, re)) continue;
        if (budget == 0 || !messenger.push_record(next_dest, record.data(), record.size(), record_items)) return;
        budget = record_items >= budget ? 0 : budget - record_items;
        record.clear();
      }
    }
    done = true;
  }

  // The record of row [rb, re) for next_dest; false when the destination owns no parent there.
  bool build(eid_t rb, eid_t re) {
    eid_t first = -1;
    std::size_t k = 0;
    record_items = 0;
    for (eid_t i = rb; i + 1 < re; ++i)
      if (owner[static_cast<std::size_t>(i - rb)] == next_dest) {
        if (first < 0) first = i;
        ++k;
        record_items += static_cast<std::size_t>(re - i - 1);
      }
    if (k == 0) return false;
    record.assign({encode_parent(static_cast<vid_t>(k)), static_cast<vid_t>(re - first)});
    for (eid_t i = first; i < re; ++i) record.push_back(dag.entries(i));
    for (eid_t i = first; i + 1 < re; ++i)
      if (owner[static_cast<std::size_t>(i - rb)] == next_dest) record.push_back(static_cast<vid_t>(i - first));
    return true;
  }
};

QueryFormat message_format(const DistTriangleParams& params) {
  switch (params.message_format) {
    case MessageFormat::flat: return QueryFormat::flat;
    case MessageFormat::compact: return QueryFormat::compact;
    case MessageFormat::rows: return QueryFormat::rows;
    case MessageFormat::automatic: break;
  }
  const bool host = params.variant == DistVariant::cpu || params.variant == DistVariant::shm;
  return host ? QueryFormat::compact : QueryFormat::flat;
}

// Algorithm 1 on one rank, with its kernels in Space: the setup (upload, order, orientation,
// readable rows) timed step by step, the local count, the super-steps.
template <class Space>
void run_rank(const Communicator& comm, const DistGraph& g, const DistTriangleParams& params,
              const NodeTopology& topology, RankMetrics& rm, count_t& local, count_t& remote) {
  const bool ipc = params.variant == DistVariant::ipc || params.variant == DistVariant::mpi_ipc;
  const RowsSharing sharing = ipc ? (params.ipc_rows == IpcRows::copy ? RowsSharing::cuda_ipc_copy : RowsSharing::cuda_ipc)
                              : params.variant == DistVariant::shm ? RowsSharing::node_window
                                                                   : RowsSharing::none;
  const auto readable = readable_ranks(params.variant, topology, comm.rank());
  Kokkos::Timer setup, timer;
  auto rows = upload_rows<Space>(g);
  Space().fence();
  rm.upload_seconds = timer.seconds();
  timer.reset();
  const VertexOrder<Space> order = global_order<Space>(comm, g, rows, params.orientation);
  rm.order_seconds = timer.seconds();
  timer.reset();
  auto dag = orient_on_rank<Space>(g, rows, order);
  rm.orient_seconds = timer.seconds();
  timer.reset();
  const ReadableRows<Space> readable_rows(comm, g, dag, readable, sharing, topology);
  Space().fence();
  rm.share_seconds = timer.seconds();
  timer.reset();
  rm.node_local_queries = static_cast<double>(count_node_local_queries<Space>(g, dag, topology));
  rm.estimated_work = static_cast<double>(estimated_work<Space>(rows, dag));
  rows = {};  // receivers answer from the oriented rows: the full ones are not needed any more
  rm.stats_seconds = timer.seconds();
  // Every rank readable (ipc or mpi+ipc or shm on one node, or one rank): no remote scan, and
  // unless the IPC rows are to be read in place (ipc-rows map or copy), the node's rows are
  // gathered into the single-node DAG and this rank's sources counted with the single-node
  // kernels. Otherwise the distributed kernel counts the readable out-edges and the scan sends
  // the rest.
  const QueryFormat format = message_format(params);
  RemoteScan scan;
  RowScan row_scan;  // the rows format's scan instead
  scan.done = std::all_of(readable.begin(), readable.end(), [](char r) { return r != 0; });
  row_scan.done = scan.done || format != QueryFormat::rows;
  if (format == QueryFormat::rows) scan.done = true;
  const bool every_rank_readable = scan.done && row_scan.done;
  const bool gathers = every_rank_readable && (!ipc || params.ipc_rows == IpcRows::gather);
  CsrGraph<typename Space::memory_space> gathered;
  timer.reset();
  if (gathers) {
    gathered = gather_dag<Space>(readable_rows.table(), dag.vertex);
  } else {
    add_task_list<Space>(dag);
    if (!every_rank_readable)
      scan.dag = row_scan.dag = HostDag{Kokkos::create_mirror_view_and_copy(host_memory{}, dag.row_map),
                                        Kokkos::create_mirror_view_and_copy(host_memory{}, dag.entries),
                                        Kokkos::create_mirror_view_and_copy(host_memory{}, dag.vertex)};
  }
  Space().fence();
  rm.gather_seconds = timer.seconds();
  rm.setup_seconds = setup.seconds();

  timer.reset();
  if (gathers)
    local = tessera::detail::count_oriented(Space(), gathered,
                                            tessera::detail::CountedSources<typename Space::memory_space>{
                                                dag.vertex, g.begin(), g.end()});
  else
    local = count_closed_wedges(Space(), dag, readable_rows.table());
  rm.local_seconds = timer.seconds();

  // Algorithm 1's super-steps: scan a chunk, test sends, flush when the scan is done, process
  // what has arrived, and terminate with the non-blocking barrier (NBX).
  MessengerParams mp;
  mp.items_per_message = params.buffer_size;
  mp.compress = params.compress;
  mp.format = format;
  QueryMessenger messenger(comm, mp);
  // Made when the first batch arrives: ranks that receive none (IPC on one node) create no
  // streams.
  std::optional<QueryReceiver<Space>> receiver;
  remote = 0;
  bool flushed = false;
  Kokkos::Timer loop;
  while (true) {
    if (!scan.done || !row_scan.done) {
      timer.reset();
      if (!scan.done) scan.run(g, readable, messenger, params.scan_chunk);
      if (!row_scan.done) row_scan.run(g, readable, messenger, params.scan_chunk);
      rm.scan_seconds += timer.seconds();
    }
    messenger.test_sends();
    if (scan.done && row_scan.done && !flushed) {
      messenger.flush_all();
      flushed = true;
    }
    messenger.poll([&](const vid_t* words, std::size_t count, int) {
      Kokkos::Timer t;
      if (!receiver) receiver.emplace(dag, g.begin(), g.end(), mp.format, params.receiver_streams);
      receiver->submit(words, count);
      rm.remote_seconds += t.seconds();
    });
    if (flushed && !messenger.sends_pending() && !messenger.barrier_entered()) messenger.enter_barrier();
    if (messenger.barrier_done()) break;
  }
  // The batches still counting when the barrier completed: waited for here (remote time).
  if (receiver) {
    Kokkos::Timer t;
    remote = receiver->finish();
    rm.remote_seconds += t.seconds();
  }
  rm.wait_seconds = std::max(0.0, loop.seconds() - rm.scan_seconds - rm.remote_seconds);

  const auto& st = messenger.stats();
  rm.messages_sent = static_cast<double>(st.messages_sent);
  rm.messages_received = static_cast<double>(st.messages_received);
  rm.queries_sent = static_cast<double>(st.items_sent);
  rm.queries_received = static_cast<double>(st.items_received);
  rm.bytes_sent_raw = static_cast<double>(st.bytes_sent_raw);
  rm.bytes_sent_wire = static_cast<double>(st.bytes_sent_wire);
  rm.bytes_received_raw = static_cast<double>(st.bytes_received_raw);
  rm.bytes_received_wire = static_cast<double>(st.bytes_received_wire);
  rm.messages_to_lower_ranks = static_cast<double>(st.messages_to_lower_ranks);
}

}  // namespace

void count_on_rank(const Communicator& comm, const DistGraph& g, const DistTriangleParams& params,
                   const NodeTopology& topology, bool on_device, RankMetrics& rm, count_t& local, count_t& remote) {
  if (on_device)
    run_rank<device_space>(comm, g, params, topology, rm, local, remote);
  else
    run_rank<host_space>(comm, g, params, topology, rm, local, remote);
}

}  // namespace tessera::dist::detail
