#include "distributed/triangle_count/dist_triangle_count.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "algorithms/triangle_count/kernels.hpp"
#include "algorithms/triangle_count/task_sources.hpp"
#include "core/error.hpp"
#include "distributed/mpi/communicator.hpp"
#include "distributed/mpi/query_messenger.hpp"
#include "distributed/triangle_count/compact_format.hpp"

namespace tessera::dist {

namespace {

using host_space = Kokkos::DefaultHostExecutionSpace;
using host_memory = Kokkos::HostSpace;

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

// The local rows oriented by the global order, each out-list sorted by that order, so the
// wedges (v; m, n) with m < n are the position pairs i < j of N+(v).
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
  auto less = [&](eid_t ka, vid_t a, eid_t kb, vid_t bb) { return ka < kb || (ka == kb && a < bb); };
  std::vector<eid_t> out_degree(static_cast<std::size_t>(n_local), 0);
  eid_t* od = out_degree.data();
  Kokkos::parallel_for(
      "tessera::dist::tc::out_degree", Kokkos::RangePolicy<host_space>(0, n_local), [&, od](const vid_t i) {
        const eid_t kv = by_degree ? rm(i + 1) - rm(i) : 0;
        eid_t c = 0;
        for (eid_t a = rm(i); a < rm(i + 1); ++a)
          if (less(kv, b + i, key[static_cast<std::size_t>(a)], en(a))) ++c;
        od[i] = c;
      });
  for (vid_t i = 0; i < n_local; ++i) dag.row_map[i + 1] = dag.row_map[i] + out_degree[i];
  dag.entries.resize(static_cast<std::size_t>(dag.row_map.back()));
  const eid_t* drm = dag.row_map.data();
  vid_t* de = dag.entries.data();
  Kokkos::parallel_for(
      "tessera::dist::tc::orient", Kokkos::RangePolicy<host_space>(0, n_local), [&, drm, de](const vid_t i) {
        const eid_t kv = by_degree ? rm(i + 1) - rm(i) : 0;
        std::vector<std::pair<eid_t, vid_t>> out;
        out.reserve(static_cast<std::size_t>(drm[i + 1] - drm[i]));
        for (eid_t a = rm(i); a < rm(i + 1); ++a)
          if (less(kv, b + i, key[static_cast<std::size_t>(a)], en(a))) out.emplace_back(key[static_cast<std::size_t>(a)], en(a));
        std::sort(out.begin(), out.end());
        for (std::size_t j = 0; j < out.size(); ++j) de[drm[i] + static_cast<eid_t>(j)] = out[j].second;
      });
  return dag;
}

// Wedges (v; m, n) whose closing edge {m, n} is local: m owned here, n looked up in N(m).
count_t count_local(const DistGraph& g, const LocalDag& dag) {
  const vid_t n_local = g.end() - g.begin();
  const vid_t b = g.begin(), e = g.end();
  const auto rm = g.local.row_map;
  const auto en = g.local.entries;
  const eid_t* drm = dag.row_map.data();
  const vid_t* de = dag.entries.data();
  count_t total = 0;
  Kokkos::parallel_reduce(
      "tessera::dist::tc::local", Kokkos::RangePolicy<host_space>(0, n_local),
      [=](const vid_t i, count_t& sum) {
        for (eid_t a = drm[i]; a < drm[i + 1]; ++a) {
          const vid_t m = de[a];
          if (m < b || m >= e) continue;
          const vid_t* first = en.data() + rm(m - b);
          const vid_t* last = en.data() + rm(m - b + 1);
          for (eid_t c = a + 1; c < drm[i + 1]; ++c)
            if (std::binary_search(first, last, de[c])) ++sum;
        }
      },
      total);
  return total;
}

// The resumable scan over remote wedges: (v, i, j) is exactly where it stopped.
struct RemoteScan {
  vid_t v = 0;
  eid_t i = -1, j = -1;
  bool done = false;

  // Pushes up to `budget` queries; returns when done, out of budget, or a buffer is busy.
  void run(const DistGraph& g, const LocalDag& dag, QueryMessenger& messenger, std::size_t budget) {
    const vid_t n_local = g.end() - g.begin();
    while (v < n_local) {
      const eid_t rb = dag.row_map[v], re = dag.row_map[v + 1];
      if (i < rb) {
        i = rb;
        j = rb + 1;
      }
      for (; i < re; ++i, j = i + 1) {
        const vid_t m = dag.entries[i];
        if (g.owns(m)) continue;
        const int dest = g.owner(m);
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

// Queries received from other ranks: is {u, v} an edge here? The single-node split-edge
// kernel over FlatEdgeQueries does the lookups.
struct RemoteProcessor {
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

constexpr std::size_t k_num_metrics = 18;

std::array<double, k_num_metrics> as_array(const RankMetrics& m) {
  return {m.setup_seconds,   m.local_seconds,          m.scan_seconds,       m.remote_seconds,
          m.wait_seconds,    m.total_seconds,          m.local_triangles,    m.remote_triangles,
          m.messages_sent,   m.messages_received,      m.queries_sent,       m.queries_received,
          m.bytes_sent_raw,  m.bytes_sent_wire,        m.bytes_received_raw, m.bytes_received_wire,
          m.messages_to_lower_ranks, 0.0};
}

DistTriangleMetrics summarize(const Communicator& comm, const RankMetrics& mine) {
  const auto values = as_array(mine);
  std::array<double, k_num_metrics> lo{}, hi{}, sum{};
  const int n = static_cast<int>(k_num_metrics);
  TESSERA_MPI_CHECK(MPI_Allreduce(values.data(), lo.data(), n, MPI_DOUBLE, MPI_MIN, comm.get()));
  TESSERA_MPI_CHECK(MPI_Allreduce(values.data(), hi.data(), n, MPI_DOUBLE, MPI_MAX, comm.get()));
  TESSERA_MPI_CHECK(MPI_Allreduce(values.data(), sum.data(), n, MPI_DOUBLE, MPI_SUM, comm.get()));
  auto s = [&](std::size_t k) { return MetricSummary{lo[k], sum[k] / comm.size(), hi[k]}; };
  DistTriangleMetrics out;
  out.setup_seconds = s(0);
  out.local_seconds = s(1);
  out.scan_seconds = s(2);
  out.remote_seconds = s(3);
  out.wait_seconds = s(4);
  out.total_seconds = s(5);
  out.local_triangles = s(6);
  out.remote_triangles = s(7);
  out.messages_sent = s(8);
  out.messages_received = s(9);
  out.queries_sent = s(10);
  out.queries_received = s(11);
  out.bytes_sent_raw = s(12);
  out.bytes_sent_wire = s(13);
  out.bytes_received_raw = s(14);
  out.bytes_received_wire = s(15);
  out.messages_to_lower_ranks = s(16);
  return out;
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
  DistTriangleResult result;
  result.ranks = comm.size();
  RankMetrics& rm = result.rank_metrics;
  Kokkos::Timer total;

  Kokkos::Timer timer;
  const LocalDag dag = orient_local(comm, g, params.orientation);
  rm.setup_seconds = timer.seconds();

  timer.reset();
  const count_t local = count_local(g, dag);
  rm.local_seconds = timer.seconds();

  // Algorithm 1's super-steps: scan a chunk, test sends, flush when the scan is done, process
  // what has arrived, and terminate with the non-blocking barrier (NBX).
  MessengerParams mp;
  mp.items_per_message = params.buffer_size;
  mp.compress = params.compress;
  QueryMessenger messenger(comm, mp);
  RemoteProcessor process{g, {}, {}};
  RemoteScan scan;
  count_t remote = 0;
  bool flushed = false;
  Kokkos::Timer loop;
  while (true) {
    if (!scan.done) {
      timer.reset();
      scan.run(g, dag, messenger, params.scan_chunk);
      rm.scan_seconds += timer.seconds();
    }
    messenger.test_sends();
    if (scan.done && !flushed) {
      messenger.flush_all();
      flushed = true;
    }
    messenger.poll([&](const vid_t* words, std::size_t count, int) {
      Kokkos::Timer t;
      remote += process(words, count);
      rm.remote_seconds += t.seconds();
    });
    if (flushed && !messenger.sends_pending() && !messenger.barrier_entered()) messenger.enter_barrier();
    if (messenger.barrier_done()) break;
  }
  rm.wait_seconds = std::max(0.0, loop.seconds() - rm.scan_seconds - rm.remote_seconds);

  count_t mine = local + remote;
  TESSERA_MPI_CHECK(MPI_Allreduce(&mine, &result.triangles, 1, MPI_UINT64_T, MPI_SUM, comm.get()));
  rm.total_seconds = total.seconds();

  const auto& st = messenger.stats();
  rm.local_triangles = static_cast<double>(local);
  rm.remote_triangles = static_cast<double>(remote);
  rm.messages_sent = static_cast<double>(st.messages_sent);
  rm.messages_received = static_cast<double>(st.messages_received);
  rm.queries_sent = static_cast<double>(st.items_sent);
  rm.queries_received = static_cast<double>(st.items_received);
  rm.bytes_sent_raw = static_cast<double>(st.bytes_sent_raw);
  rm.bytes_sent_wire = static_cast<double>(st.bytes_sent_wire);
  rm.bytes_received_raw = static_cast<double>(st.bytes_received_raw);
  rm.bytes_received_wire = static_cast<double>(st.bytes_received_wire);
  rm.messages_to_lower_ranks = static_cast<double>(st.messages_to_lower_ranks);
  result.metrics = summarize(comm, rm);
  result.partition = partition_stats(comm.get(), g);
  return result;
}

DistTriangleResult triangle_count(MPI_Comm comm, const std::string& source, const DistTriangleParams& params) {
  Kokkos::Timer timer;
  const DistGraph g = load_distributed_graph(comm, source);
  const double read = timer.seconds();
  auto result = triangle_count(comm, g, params);
  result.read_seconds = read;
  return result;
}

}  // namespace tessera::dist
