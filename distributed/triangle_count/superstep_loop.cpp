#include "distributed/triangle_count/superstep_loop.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "algorithms/triangle_count/counting_dag.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/allocation_tracker.hpp"
#include "distributed/mpi/query_messenger.hpp"
#include "distributed/triangle_count/compact_format.hpp"
#include "distributed/triangle_count/gathered_dag.hpp"
#include "distributed/triangle_count/query_receiver.hpp"
#include "distributed/triangle_count/readable_rows.hpp"
#include "distributed/triangle_count/row_records.hpp"
#include "distributed/triangle_count/split_order.hpp"
#include "distributed/triangle_count/wedge_kernels.hpp"

// count_closed_wedges (the local count when some rank is not readable) is instantiated here
// only, for the host and the device space (core/kokkos_ext/instantiate.hpp).
namespace tessera::dist::detail {

namespace {

// The oriented rows on the host, for the remote scan.
struct HostDag {
  Kokkos::View<const eid_t*, host_memory> row_map;
  Kokkos::View<const vid_t*, host_memory> entries;
  KnownVertices<host_memory> vertex;
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

// The rows format's scan (compact_format.hpp): the records of every destination are built at
// once, in parallel (row_records.hpp); the scan hands them to the messenger in spans of whole
// records of at most a message's queries, resuming at (destination, row). Both walks are binary
// searches over the records' prefix sums (every record has words and at least one query, rows
// without one have neither), so the host's work is per message, not per row.
struct RowScan {
  RowRecords records;
  int dest = 0;
  vid_t v = 0, span_end = -1;  // span_end: the span from v found before a refused push (or -1)
  bool done = false;

  // The first row at or after `from` with a record for `dest` (records.rows when none).
  vid_t next_record(vid_t from) const {
    const eid_t* begin = records.offset.data() + static_cast<std::size_t>(dest) * records.rows;
    const eid_t* past = std::upper_bound(begin + from + 1, begin + records.rows + 1, begin[from]);
    return static_cast<vid_t>(past - begin) - 1;
  }

  // The end of the longest span of records from row `from` within `message_queries` queries (at
  // least its own record).
  vid_t span_from(vid_t from, std::size_t message_queries) const {
    const std::uint64_t* queries = records.queries_before.data() + static_cast<std::size_t>(dest) * records.rows;
    const std::uint64_t* past = std::upper_bound(queries + from + 1, queries + records.rows + 1, queries[from] + message_queries);
    return std::max<vid_t>(from + 1, static_cast<vid_t>(past - queries) - 1);
  }

  void run(QueryMessenger& messenger, std::size_t message_queries, std::size_t budget) {
    const vid_t n = records.rows;
    for (; dest < records.ranks; ++dest, v = 0) {
      while ((v = next_record(v)) < n) {
        if (budget == 0) return;
        if (span_end < 0) span_end = span_from(v, message_queries);
        const std::uint64_t items = records.queries(dest, span_end) - records.queries(dest, v);
        const eid_t b = records.begin(dest, v), e = records.begin(dest, span_end);
        if (!messenger.push_record(dest, records.words.data() + b, static_cast<std::size_t>(e - b), items)) return;
        budget = items >= budget ? 0 : budget - static_cast<std::size_t>(items);
        v = span_end;
        span_end = -1;
      }
    }
    done = true;
  }
};

QueryFormat message_format(const DistTriangleParams& params) {
  switch (params.message_format) {
    case MessageFormat::flat: return QueryFormat::flat;
    case MessageFormat::compact: return QueryFormat::compact;
    case MessageFormat::rows: return QueryFormat::rows;
    case MessageFormat::automatic: break;
  }
  // Host variants: compact (paper 1 §II-A3). GPU variants: rows records built on the device, so
  // no host work per query (the paper's flat pairs were scanned on the host, §II-A3).
  const bool host = params.variant == DistVariant::cpu || params.variant == DistVariant::shm;
  return host ? QueryFormat::compact : QueryFormat::rows;
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
  auto order = split_order<Space>(comm, g, rows, params.orientation);
  rm.order_seconds = timer.seconds();
  rm.setup_bytes_sent = static_cast<double>(order.bytes_sent);
  timer.reset();
  auto dag = orient_on_rank<Space>(order);
  order = {};  // the renamed rows: the oriented ones are what counting reads
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
  // Every rank readable (ipc or mpi+ipc or shm on one node, or one rank): no remote scan. One
  // rank, or `--ipc-rows gather`, gathers the node's rows into the single-node DAG and counts
  // this rank's sources with the single-node kernels (with several ranks each then holds the
  // whole oriented graph and every vertex's position: the one replicated path, kept as an
  // option). Otherwise the distributed kernel counts the readable out-edges, reading node-local
  // rows in place, and the scan sends the rest.
  const QueryFormat format = message_format(params);
  RemoteScan scan;
  RowScan row_scan;  // the rows format's scan instead
  scan.done = std::all_of(readable.begin(), readable.end(), [](char r) { return r != 0; });
  row_scan.done = scan.done || format != QueryFormat::rows;
  if (format == QueryFormat::rows) scan.done = true;
  const bool every_rank_readable = scan.done && row_scan.done;
  const bool gathers = every_rank_readable && (comm.size() == 1 || params.ipc_rows == IpcRows::gather);
  CsrGraph<typename Space::memory_space> gathered;
  timer.reset();
  KnownVertices<typename Space::memory_space> all;  // every position (the gathered DAG only)
  if (gathers) {
    all = all_positions<Space>(comm, g, dag);
    gathered = gather_dag<Space>(readable_rows.table(), all.id);
  } else {
    add_task_list<Space>(dag);
    if (!scan.done)  // flat and compact queries: the host scan reads a host copy
      scan.dag = HostDag{Kokkos::create_mirror_view_and_copy(host_memory{}, dag.row_map),
                         Kokkos::create_mirror_view_and_copy(host_memory{}, dag.entries),
                         mirror_known<host_memory>(dag.vertex)};
    if (!row_scan.done)  // rows records: built where the rank counts (the device for GPU ranks)
      row_scan.records = build_row_records<Space>(dag.row_map, dag.entries, dag.vertex, g, readable);
  }
  Space().fence();
  rm.gather_seconds = timer.seconds();
  rm.setup_seconds = setup.seconds();
  rm.setup_edges = static_cast<double>(g.input_entries + static_cast<eid_t>(dag.entries.extent(0)) +
                                       static_cast<eid_t>(gathered.entries.extent(0)));
  rm.setup_bytes = static_cast<double>(kokkos_ext::AllocationTracker::peak_bytes(Space::memory_space::name()));

  timer.reset();
  if (gathers)
    local = tessera::detail::count_oriented(Space(), gathered,
                                            tessera::detail::CountedSources<typename Space::memory_space>{
                                                all.id, g.begin(), g.end()});
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
      if (!row_scan.done) row_scan.run(messenger, params.buffer_size, params.scan_chunk);
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
