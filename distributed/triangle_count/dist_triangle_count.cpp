#include "distributed/triangle_count/dist_triangle_count.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <utility>
#include <vector>

#include "algorithms/triangle_count/kernels.hpp"
#include "algorithms/triangle_count/task_sources.hpp"
#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "core/kokkos_ext/ipc_memory.hpp"
#include "distributed/mpi/communicator.hpp"
#include "distributed/mpi/node_topology.hpp"
#include "distributed/mpi/query_messenger.hpp"
#include "distributed/triangle_count/compact_format.hpp"
#include "distributed/triangle_count/wedge_kernels.hpp"
#include "io/generators/random_graphs.hpp"

namespace tessera::dist {

const std::vector<DistMetricField>& dist_metric_fields() {
  static const std::vector<DistMetricField> fields = {
    DistMetricField{"setup_s", &RankMetrics::setup_seconds, &DistTriangleMetrics::setup_seconds},
    DistMetricField{"local_s", &RankMetrics::local_seconds, &DistTriangleMetrics::local_seconds},
    DistMetricField{"scan_s", &RankMetrics::scan_seconds, &DistTriangleMetrics::scan_seconds},
    DistMetricField{"remote_s", &RankMetrics::remote_seconds, &DistTriangleMetrics::remote_seconds},
    DistMetricField{"wait_s", &RankMetrics::wait_seconds, &DistTriangleMetrics::wait_seconds},
    DistMetricField{"total_s", &RankMetrics::total_seconds, &DistTriangleMetrics::total_seconds},
    DistMetricField{"local_triangles", &RankMetrics::local_triangles, &DistTriangleMetrics::local_triangles},
    DistMetricField{"remote_triangles", &RankMetrics::remote_triangles, &DistTriangleMetrics::remote_triangles},
    DistMetricField{"messages_sent", &RankMetrics::messages_sent, &DistTriangleMetrics::messages_sent},
    DistMetricField{"messages_received", &RankMetrics::messages_received, &DistTriangleMetrics::messages_received},
    DistMetricField{"queries_sent", &RankMetrics::queries_sent, &DistTriangleMetrics::queries_sent},
    DistMetricField{"queries_received", &RankMetrics::queries_received, &DistTriangleMetrics::queries_received},
    DistMetricField{"bytes_sent_raw", &RankMetrics::bytes_sent_raw, &DistTriangleMetrics::bytes_sent_raw},
    DistMetricField{"bytes_sent_wire", &RankMetrics::bytes_sent_wire, &DistTriangleMetrics::bytes_sent_wire},
    DistMetricField{"bytes_received_raw", &RankMetrics::bytes_received_raw, &DistTriangleMetrics::bytes_received_raw},
    DistMetricField{"bytes_received_wire", &RankMetrics::bytes_received_wire, &DistTriangleMetrics::bytes_received_wire},
    DistMetricField{"messages_to_lower_ranks", &RankMetrics::messages_to_lower_ranks, &DistTriangleMetrics::messages_to_lower_ranks},
    DistMetricField{"node_local_queries", &RankMetrics::node_local_queries, &DistTriangleMetrics::node_local_queries},
    DistMetricField{"on_device", &RankMetrics::on_device, &DistTriangleMetrics::on_device},
    DistMetricField{"speed_weight", &RankMetrics::speed_weight, &DistTriangleMetrics::speed_weight},
    DistMetricField{"host_threads", &RankMetrics::host_threads, &DistTriangleMetrics::host_threads},
  };
  return fields;
}

namespace {

using host_space = Kokkos::DefaultHostExecutionSpace;
using host_memory = Kokkos::HostSpace;
using device_space = Kokkos::DefaultExecutionSpace;
template <class T>
using HostUnmanaged = Kokkos::View<T*, host_memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

// Degrees of the non-owned neighbours (ghosts), fetched from their owners with two
// MPI_Alltoallv rounds. Ghost ids are sorted; owners are contiguous in id, so the requests to
// one owner are one contiguous run.
struct GhostDegrees {
  std::vector<vid_t> ids;
  std::vector<eid_t> degrees;
  eid_t at(vid_t w) const {
    const auto it = std::lower_bound(ids.begin(), ids.end(), w);
    TESSERA_REQUIRE(it != ids.end() && *it == w, "vertex " << w << " is not a known ghost");
    return degrees[static_cast<std::size_t>(it - ids.begin())];
  }
};

GhostDegrees exchange_ghost_degrees(const Communicator& comm, const DistGraph& g) {
  const int p = comm.size();
  GhostDegrees ghosts;
  const auto& e = g.local.entries;
  for (std::size_t i = 0; i < e.extent(0); ++i)
    if (!g.owns(e(i))) ghosts.ids.push_back(e(i));
  std::sort(ghosts.ids.begin(), ghosts.ids.end());
  ghosts.ids.erase(std::unique(ghosts.ids.begin(), ghosts.ids.end()), ghosts.ids.end());

  std::vector<int> send_counts(static_cast<std::size_t>(p), 0), send_displs(static_cast<std::size_t>(p), 0);
  for (vid_t w : ghosts.ids) ++send_counts[static_cast<std::size_t>(g.owner(w))];
  std::vector<int> recv_counts(static_cast<std::size_t>(p)), recv_displs(static_cast<std::size_t>(p), 0);
  TESSERA_MPI_CHECK(MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, comm.get()));
  for (int r = 1; r < p; ++r) {
    send_displs[r] = send_displs[r - 1] + send_counts[r - 1];
    recv_displs[r] = recv_displs[r - 1] + recv_counts[r - 1];
  }
  const std::size_t asked = static_cast<std::size_t>(recv_displs[p - 1] + recv_counts[p - 1]);
  std::vector<vid_t> requests(asked);
  TESSERA_MPI_CHECK(MPI_Alltoallv(ghosts.ids.data(), send_counts.data(), send_displs.data(), MPI_INT32_T,
                                  requests.data(), recv_counts.data(), recv_displs.data(), MPI_INT32_T, comm.get()));
  std::vector<eid_t> answers(asked);
  const vid_t b = g.begin();
  for (std::size_t i = 0; i < asked; ++i) {
    TESSERA_REQUIRE(g.owns(requests[i]), "degree request for vertex " << requests[i] << " not owned here");
    answers[i] = g.local.row_map(requests[i] - b + 1) - g.local.row_map(requests[i] - b);
  }
  ghosts.degrees.resize(ghosts.ids.size());
  TESSERA_MPI_CHECK(MPI_Alltoallv(answers.data(), recv_counts.data(), recv_displs.data(), MPI_INT64_T,
                                  ghosts.degrees.data(), send_counts.data(), send_displs.data(), MPI_INT64_T,
                                  comm.get()));
  return ghosts;
}

// The local rows oriented by the global order. Out-lists keep the rows' ascending id order:
// a triangle is found once, at its lowest vertex v, as the unordered pair {m, n} of N+(v)
// (positions i < j, so m is the smaller id), closed by n ∈ N(m). Id-sorted lists let the
// kernels intersect N+(v) after m with N(m) (shorter list searched in the longer) instead of
// searching every candidate.
struct LocalDag {
  std::vector<eid_t> row_map;
  std::vector<vid_t> entries;
};

LocalDag orient_local(const Communicator& comm, const DistGraph& g, Orientation orientation) {
  const vid_t n_local = g.end() - g.begin();
  const vid_t b = g.begin();
  const auto rm = g.local.row_map;
  const auto en = g.local.entries;
  const eid_t m = g.local.num_entries();
  // Per entry: the neighbour's order key (degree; the id breaks ties).
  std::vector<eid_t> key(static_cast<std::size_t>(m), 0);
  if (orientation == Orientation::degree) {
    const GhostDegrees ghosts = exchange_ghost_degrees(comm, g);
    eid_t* k = key.data();
    Kokkos::parallel_for(
        "tessera::dist::tc::neighbour_degrees", Kokkos::RangePolicy<host_space>(0, m), [&, k](const eid_t i) {
          const vid_t w = en(i);
          k[i] = g.owns(w) ? rm(w - b + 1) - rm(w - b) : ghosts.at(w);
        });
  }
  LocalDag dag;
  dag.row_map.assign(static_cast<std::size_t>(n_local) + 1, 0);
  const bool by_degree = orientation == Orientation::degree;
  auto later = [&](vid_t i, eid_t a) {  // is neighbour entry a after local vertex i in the order?
    const eid_t kv = by_degree ? rm(i + 1) - rm(i) : 0;
    const eid_t ka = key[static_cast<std::size_t>(a)];
    return kv < ka || (kv == ka && b + i < en(a));
  };
  std::vector<eid_t> out_degree(static_cast<std::size_t>(n_local), 0);
  eid_t* od = out_degree.data();
  Kokkos::parallel_for(
      "tessera::dist::tc::out_degree", Kokkos::RangePolicy<host_space>(0, n_local), [&, od](const vid_t i) {
        eid_t c = 0;
        for (eid_t a = rm(i); a < rm(i + 1); ++a) c += later(i, a) ? 1 : 0;
        od[i] = c;
      });
  for (vid_t i = 0; i < n_local; ++i) dag.row_map[i + 1] = dag.row_map[i] + out_degree[i];
  dag.entries.resize(static_cast<std::size_t>(dag.row_map.back()));
  const eid_t* drm = dag.row_map.data();
  vid_t* de = dag.entries.data();
  Kokkos::parallel_for(
      "tessera::dist::tc::orient", Kokkos::RangePolicy<host_space>(0, n_local), [&, drm, de](const vid_t i) {
        eid_t o = drm[i];
        for (eid_t a = rm(i); a < rm(i + 1); ++a)
          if (later(i, a)) de[o++] = en(a);
      });
  return dag;
}

// The resumable scan over remote wedges: (v, i, j) is exactly where it stopped. Wedges whose
// middle vertex lives on a rank readable here (this one, or node-local ranks with IPC) are
// counted by the kernels instead.
struct RemoteScan {
  vid_t v = 0;
  eid_t i = -1, j = -1;
  bool done = false;

  // Pushes up to `budget` queries; returns when done, out of budget, or a buffer is busy.
  void run(const DistGraph& g, const LocalDag& dag, const std::vector<char>& readable, QueryMessenger& messenger,
           std::size_t budget) {
    const vid_t n_local = g.end() - g.begin();
    while (v < n_local) {
      const eid_t rb = dag.row_map[v], re = dag.row_map[v + 1];
      if (i < rb) {
        i = rb;
        j = rb + 1;
      }
      for (; i < re; ++i, j = i + 1) {
        const vid_t m = dag.entries[i];
        const int dest = g.owner(m);
        if (readable[static_cast<std::size_t>(dest)]) continue;
        for (; j < re; ++j) {
          if (budget == 0 || !messenger.push(dest, m, dag.entries[j])) return;
          --budget;
        }
      }
      ++v;
      i = -1;
    }
    done = true;
  }
};

// Compact queries received by a CPU-variant rank: is {u, v} an edge here? Decoded to flat
// pairs and answered by the single-node split-edge kernel over FlatEdgeQueries.
struct CompactProcessor {
  const DistGraph& g;
  std::vector<vid_t> u, v;
  Kokkos::View<detail::tc_counter_t*, host_memory> no_per_vertex{"tessera::dist::tc::no_per_vertex", 0};

  count_t operator()(const vid_t* words, std::size_t count) {
    u.clear();
    v.clear();
    decode_compact(words, count, g.begin(), u, v);
    const vid_t n_local = g.end() - g.begin();
    for (vid_t row : u) TESSERA_REQUIRE(row >= 0 && row < n_local, "query for a vertex not owned here");
    FlatEdgeQueries<host_memory> queries{
        Kokkos::View<const vid_t*, host_memory, Kokkos::MemoryUnmanaged>(u.data(), u.size()),
        Kokkos::View<const vid_t*, host_memory, Kokkos::MemoryUnmanaged>(v.data(), v.size())};
    return detail::split_edge_kernel<false>(host_space(), g.local.row_map, g.local.entries, queries,
                                            Intersection::automatic, no_per_vertex);
  }
};

// Which ranks' rows this rank reads in place: itself, and with IPC every rank of its node.
std::vector<char> readable_ranks(DistVariant variant, const NodeTopology& topology, int me) {
  std::vector<char> readable(topology.node_of_rank.size(), 0);
  const bool ipc = variant == DistVariant::ipc || variant == DistVariant::mpi_ipc;
  for (std::size_t r = 0; r < readable.size(); ++r)
    readable[r] = static_cast<int>(r) == me || (ipc && topology.same_node(static_cast<int>(r)));
  return readable;
}

// Wedge lookups (v; m, n) whose middle vertex m lives on another rank of this node.
count_t count_node_local_queries(const DistGraph& g, const LocalDag& dag, const NodeTopology& topology) {
  count_t total = 0;
  const vid_t n_local = g.end() - g.begin();
  for (vid_t v = 0; v < n_local; ++v)
    for (eid_t i = dag.row_map[v]; i < dag.row_map[v + 1]; ++i) {
      const int owner = g.owner(dag.entries[i]);
      if (owner != g.rank && topology.same_node(owner)) total += static_cast<count_t>(dag.row_map[v + 1] - i - 1);
    }
  return total;
}

// The rows a rank's kernels read, in Space's memory: its own (aliased on the host, copied to
// a device; in an IPC-shared buffer for the IPC variants), and node-local ranks' rows mapped
// through IPC handles exchanged once with an all-gather (paper 1, §II-B3).
template <class Space>
class ReadableRows {
 public:
  using memory = typename Space::memory_space;

  ReadableRows(const Communicator& comm, const DistGraph& g, const std::vector<char>& readable, bool ipc) {
    const int p = comm.size();
    const vid_t n_local = g.end() - g.begin();
    const eid_t nnz = g.local.num_entries();
    if (ipc) {
      TESSERA_USER_REQUIRE(kokkos_ext::ipc_supported(),
                           "the ipc and mpi+ipc variants need the CUDA backend (zero-copy CUDA IPC); this build "
                           "runs on "
                               << Space::name() << ": use --variant gpu or cpu");
      shared_ = kokkos_ext::SharedDeviceBuffer(rows_bytes(n_local, nnz));
      char* base = static_cast<char*>(shared_.data());
      const Kokkos::View<eid_t*, memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>> row_map(
          reinterpret_cast<eid_t*>(base), static_cast<std::size_t>(n_local) + 1);
      const Kokkos::View<vid_t*, memory, Kokkos::MemoryTraits<Kokkos::Unmanaged>> entries(
          reinterpret_cast<vid_t*>(base + row_map_bytes(n_local)), static_cast<std::size_t>(nnz));
      Kokkos::deep_copy(row_map, g.local.row_map);
      Kokkos::deep_copy(entries, g.local.entries);
      row_map_ = row_map;
      entries_ = entries;
    } else {
      row_map_ = Kokkos::create_mirror_view_and_copy(memory{}, g.local.row_map);
      entries_ = Kokkos::create_mirror_view_and_copy(memory{}, g.local.entries);
    }

    std::vector<kokkos_ext::IpcHandle> handles(ipc ? static_cast<std::size_t>(p) : 0);
    if (ipc) {
      const kokkos_ext::IpcHandle mine = shared_.handle();
      TESSERA_MPI_CHECK(MPI_Allgather(&mine, sizeof mine, MPI_BYTE, handles.data(), sizeof mine, MPI_BYTE, comm.get()));
    }
    Kokkos::View<RowsRef*, host_memory> refs("tessera::dist::tc::rows_refs", static_cast<std::size_t>(p));
    for (int r = 0; r < p; ++r) {
      if (!readable[static_cast<std::size_t>(r)]) continue;
      RowsRef& ref = refs(r);
      ref.begin = g.vertex_offsets[static_cast<std::size_t>(r)];
      ref.end = g.vertex_offsets[static_cast<std::size_t>(r) + 1];
      if (r == g.rank) {
        ref.row_map = row_map_.data();
        ref.entries = entries_.data();
      } else {
        mapped_.emplace_back(handles[static_cast<std::size_t>(r)]);
        const char* base = static_cast<const char*>(mapped_.back().data());
        ref.row_map = reinterpret_cast<const eid_t*>(base);
        ref.entries = reinterpret_cast<const vid_t*>(base + row_map_bytes(ref.end - ref.begin));
      }
    }
    Kokkos::View<vid_t*, host_memory> offsets("tessera::dist::tc::offsets", g.vertex_offsets.size());
    std::copy(g.vertex_offsets.begin(), g.vertex_offsets.end(), offsets.data());
    table_.ranks = Kokkos::create_mirror_view_and_copy(memory{}, refs);
    table_.vertex_offsets = Kokkos::create_mirror_view_and_copy(memory{}, offsets);
  }

  const RowsTable<memory>& table() const { return table_; }
  const Kokkos::View<const eid_t*, memory>& row_map() const { return row_map_; }
  const Kokkos::View<const vid_t*, memory>& entries() const { return entries_; }

 private:
  // Layout of a shared buffer: row_map (n + 1 offsets), then the entries.
  static std::size_t row_map_bytes(vid_t n) { return (static_cast<std::size_t>(n) + 1) * sizeof(eid_t); }
  static std::size_t rows_bytes(vid_t n, eid_t nnz) { return row_map_bytes(n) + static_cast<std::size_t>(nnz) * sizeof(vid_t); }

  kokkos_ext::SharedDeviceBuffer shared_;
  std::vector<kokkos_ext::MappedDeviceBuffer> mapped_;
  Kokkos::View<const eid_t*, memory> row_map_;
  Kokkos::View<const vid_t*, memory> entries_;
  RowsTable<memory> table_;
};

// The rank's oriented rows in Space's memory, with the flattened task list (source row of
// every entry).
template <class Space>
OrientedRows<typename Space::memory_space> upload_dag(const LocalDag& dag) {
  using memory = typename Space::memory_space;
  std::vector<vid_t> source(dag.entries.size());
  for (std::size_t v = 0; v + 1 < dag.row_map.size(); ++v)
    std::fill(source.begin() + dag.row_map[v], source.begin() + dag.row_map[v + 1], static_cast<vid_t>(v));
  auto copy = [](const auto& vec, const char* label) {
    using T = typename std::decay_t<decltype(vec)>::value_type;
    Kokkos::View<T*, memory> out(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), vec.size());
    Kokkos::deep_copy(out, HostUnmanaged<const T>(vec.data(), vec.size()));
    return Kokkos::View<const T*, memory>(out);
  };
  return {copy(dag.row_map, "tessera::dist::tc::dag_row_map"), copy(dag.entries, "tessera::dist::tc::dag_entries"),
          copy(source, "tessera::dist::tc::dag_source")};
}

// Flat queries received by a GPU (or hybrid) rank: validated on the host, copied into Space's
// memory and answered by count_edge_queries.
template <class Space>
struct FlatProcessor {
  const DistGraph& g;
  const ReadableRows<Space>& rows;
  Kokkos::View<vid_t*, typename Space::memory_space> batch;

  count_t operator()(const vid_t* words, std::size_t count) {
    TESSERA_REQUIRE(count % 2 == 0, "flat message with an odd number of words");
    for (std::size_t i = 0; i < count; i += 2)
      TESSERA_REQUIRE(g.owns(words[i]), "query for vertex " << words[i] << ", not owned here");
    if (batch.extent(0) < count)
      batch = Kokkos::View<vid_t*, typename Space::memory_space>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::tc::batch"), count);
    const auto part = Kokkos::subview(batch, Kokkos::make_pair(std::size_t{0}, count));
    Kokkos::deep_copy(part, HostUnmanaged<const vid_t>(words, count));
    return count_edge_queries(Space(), rows.row_map(), rows.entries(),
                              Kokkos::View<const vid_t*, typename Space::memory_space>(part), g.begin());
  }
};

DistTriangleMetrics summarize(const Communicator& comm, const RankMetrics& mine) {
  const auto& fields = dist_metric_fields();
  const std::size_t n = fields.size();
  std::vector<double> values(n), lo(n), hi(n), sum(n);
  for (std::size_t k = 0; k < n; ++k) values[k] = mine.*(fields[k].value);
  TESSERA_MPI_CHECK(MPI_Allreduce(values.data(), lo.data(), int(n), MPI_DOUBLE, MPI_MIN, comm.get()));
  TESSERA_MPI_CHECK(MPI_Allreduce(values.data(), hi.data(), int(n), MPI_DOUBLE, MPI_MAX, comm.get()));
  TESSERA_MPI_CHECK(MPI_Allreduce(values.data(), sum.data(), int(n), MPI_DOUBLE, MPI_SUM, comm.get()));
  DistTriangleMetrics out;
  for (std::size_t k = 0; k < n; ++k) out.*(fields[k].summary) = {lo[k], sum[k] / comm.size(), hi[k]};
  return out;
}

bool counts_on_device(const DistGraph&, const DistTriangleParams& params, const NodeTopology& topology) {
  switch (params.variant) {
    case DistVariant::cpu: return false;
    case DistVariant::hybrid: return topology.local_rank < params.gpu_ranks_per_node;
    default: return true;
  }
}

// Algorithm 1 on one rank, with its kernels in Space.
template <class Space>
void run_rank(const Communicator& comm, const DistGraph& g, const DistTriangleParams& params,
              const NodeTopology& topology, const LocalDag& dag, RankMetrics& rm, count_t& local, count_t& remote) {
  const bool ipc = params.variant == DistVariant::ipc || params.variant == DistVariant::mpi_ipc;
  const auto readable = readable_ranks(params.variant, topology, comm.rank());
  Kokkos::Timer timer;
  const ReadableRows<Space> rows(comm, g, readable, ipc);
  const auto device_dag = upload_dag<Space>(dag);
  Space().fence();
  rm.setup_seconds += timer.seconds();

  timer.reset();
  local = count_closed_wedges(Space(), device_dag, rows.table());
  rm.local_seconds = timer.seconds();

  // Algorithm 1's super-steps: scan a chunk, test sends, flush when the scan is done, process
  // what has arrived, and terminate with the non-blocking barrier (NBX).
  MessengerParams mp;
  mp.items_per_message = params.buffer_size;
  mp.compress = params.compress;
  mp.format = params.variant == DistVariant::cpu ? QueryFormat::compact : QueryFormat::flat;
  QueryMessenger messenger(comm, mp);
  CompactProcessor compact{g, {}, {}};
  FlatProcessor<Space> flat{g, rows, {}};
  RemoteScan scan;
  remote = 0;
  bool flushed = false;
  Kokkos::Timer loop;
  while (true) {
    if (!scan.done) {
      timer.reset();
      scan.run(g, dag, readable, messenger, params.scan_chunk);
      rm.scan_seconds += timer.seconds();
    }
    messenger.test_sends();
    if (scan.done && !flushed) {
      messenger.flush_all();
      flushed = true;
    }
    messenger.poll([&](const vid_t* words, std::size_t count, int) {
      Kokkos::Timer t;
      remote += mp.format == QueryFormat::compact ? compact(words, count) : flat(words, count);
      rm.remote_seconds += t.seconds();
    });
    if (flushed && !messenger.sends_pending() && !messenger.barrier_entered()) messenger.enter_barrier();
    if (messenger.barrier_done()) break;
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

// Edges per second of the single-node kernel on this rank's space (a Kronecker scale-14
// graph): the weight of this rank in a hybrid partition.
double measure_speed(bool on_device) {
  auto speed = [](auto space) {
    using Space = decltype(space);
    gen::KroneckerParams kp;
    kp.scale = 14;
    kp.edge_factor = 16;
    const auto g = build_graph(space, gen::kronecker(space, kp));
    triangle_count(space, g);  // warm-up
    const auto r = triangle_count(space, g);
    return static_cast<double>(g.num_edges()) / std::max(r.count_seconds, 1e-9);
  };
  return on_device ? speed(device_space()) : speed(host_space());
}

}  // namespace

DistTriangleResult triangle_count(MPI_Comm user, const DistGraph& g, const DistTriangleParams& params) {
  Communicator comm(user);
  TESSERA_USER_REQUIRE(g.vertex_offsets.size() == static_cast<std::size_t>(comm.size()) + 1 && g.rank == comm.rank(),
                       "the distributed graph was made for " << g.vertex_offsets.size() - 1 << " ranks (rank "
                                                             << g.rank << "), the communicator has " << comm.size()
                                                             << " (rank " << comm.rank() << ")");
  TESSERA_USER_REQUIRE(!g.local.directed, "distributed triangle counting needs an undirected graph");
  TESSERA_USER_REQUIRE(params.scan_chunk >= 1, "scan_chunk must be >= 1");
  TESSERA_USER_REQUIRE(params.gpu_ranks_per_node >= 0, "gpu ranks per node must be >= 0");
  TESSERA_USER_REQUIRE(!params.compress || params.variant == DistVariant::cpu,
                       "LZ4 compression is for the cpu variant (paper 1, §III-B); the "
                           << to_string(params.variant) << " variant sends flat buffers uncompressed");
  const NodeTopology topology = node_topology(comm, params.ranks_per_node);
  TESSERA_USER_REQUIRE(params.variant != DistVariant::ipc || topology.num_nodes == 1,
                       "the ipc variant needs every rank on one node (found "
                           << topology.num_nodes << " nodes); use mpi+ipc across nodes");
  DistTriangleResult result;
  result.ranks = comm.size();
  result.variant = params.variant;
  result.nodes = topology.num_nodes;
  RankMetrics& rm = result.rank_metrics;
  rm.host_threads = host_space().concurrency();
  Kokkos::Timer total;

  Kokkos::Timer timer;
  const LocalDag dag = orient_local(comm, g, params.orientation);
  rm.setup_seconds = timer.seconds();
  rm.node_local_queries = static_cast<double>(count_node_local_queries(g, dag, topology));

  count_t local = 0, remote = 0;
  const bool on_device = counts_on_device(g, params, topology);
  rm.on_device = on_device ? 1 : 0;
  if (on_device)
    run_rank<device_space>(comm, g, params, topology, dag, rm, local, remote);
  else
    run_rank<host_space>(comm, g, params, topology, dag, rm, local, remote);

  count_t mine = local + remote;
  TESSERA_MPI_CHECK(MPI_Allreduce(&mine, &result.triangles, 1, MPI_UINT64_T, MPI_SUM, comm.get()));
  rm.total_seconds = total.seconds();
  rm.local_triangles = static_cast<double>(local);
  rm.remote_triangles = static_cast<double>(remote);
  result.metrics = summarize(comm, rm);
  result.partition = partition_stats(comm.get(), g);
  return result;
}

DistTriangleResult triangle_count(MPI_Comm user, const std::string& source, const DistTriangleParams& params,
                                  const io::GraphLoadOptions& load) {
  Kokkos::Timer timer;
  std::vector<double> weights;
  double my_speed = 0;
  if (params.variant == DistVariant::hybrid && params.weigh_partition) {
    Communicator comm(user);
    const NodeTopology topology = node_topology(comm, params.ranks_per_node);
    DistGraph probe;  // only the role matters here
    my_speed = measure_speed(counts_on_device(probe, params, topology));
    weights.resize(static_cast<std::size_t>(comm.size()));
    TESSERA_MPI_CHECK(MPI_Allgather(&my_speed, 1, MPI_DOUBLE, weights.data(), 1, MPI_DOUBLE, comm.get()));
  }
  const DistGraph g = load_distributed_graph(user, source, weights, load);
  const double read = timer.seconds();
  auto result = triangle_count(user, g, params);
  result.read_seconds = read;
  if (!weights.empty()) {
    result.rank_metrics.speed_weight = my_speed;
    Communicator comm(user);
    result.metrics = summarize(comm, result.rank_metrics);
  }
  return result;
}

}  // namespace tessera::dist
