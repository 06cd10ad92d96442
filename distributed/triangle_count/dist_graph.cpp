#include "distributed/triangle_count/dist_graph.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <type_traits>

#include "core/error.hpp"
#include "distributed/mpi/communicator.hpp"
#include "distributed/triangle_count/generated_rows.hpp"
#include "distributed/triangle_count/rank_setup.hpp"
#include "distributed/triangle_count/split_order.hpp"
#include "io/graph_io.hpp"
#ifdef TESSERA_HAVE_HDF5
#include "io/hdf5/hdf5_graph.hpp"
#endif

namespace tessera::dist {

static_assert(std::is_same_v<vid_t, std::int32_t> && std::is_same_v<eid_t, std::int64_t>,
              "the MPI datatypes below assume 32-bit vertex ids and 64-bit offsets");

int DistGraph::owner(vid_t v) const {
  const auto it = std::upper_bound(vertex_offsets.begin(), vertex_offsets.end(), v);
  return static_cast<int>(it - vertex_offsets.begin()) - 1;
}

namespace {

int to_count(eid_t n, const char* what) {
  TESSERA_USER_REQUIRE(n <= std::numeric_limits<int>::max(),
                       what << ": " << n << " elements exceed MPI's int counts; use an HDF5 input (each rank "
                                "reads its own rows) or more ranks");
  return static_cast<int>(n);
}

// Runs `work` on `root`; its UserError/other failure is broadcast so every rank throws.
template <class Work>
void on_root(const Communicator& comm, int root, Work&& work) {
  std::string message;
  int failed = 0;
  if (comm.rank() == root) {
    try {
      work();
    } catch (const std::exception& e) {
      message = e.what();
      failed = 1;
    }
  }
  TESSERA_MPI_CHECK(MPI_Bcast(&failed, 1, MPI_INT, root, comm.get()));
  if (!failed) return;
  int length = static_cast<int>(message.size());
  TESSERA_MPI_CHECK(MPI_Bcast(&length, 1, MPI_INT, root, comm.get()));
  message.resize(static_cast<std::size_t>(length));
  TESSERA_MPI_CHECK(MPI_Bcast(message.data(), length, MPI_CHAR, root, comm.get()));
  throw UserError("rank " + std::to_string(root) + ": " + message);
}

HostGraph rows_from(const std::vector<eid_t>& degrees, std::vector<vid_t>&& entries) {
  HostGraph g;
  g.row_map = HostGraph::row_map_type("tessera::dist::row_map", degrees.size() + 1);
  for (std::size_t i = 0; i < degrees.size(); ++i) g.row_map(i + 1) = g.row_map(i) + degrees[i];
  g.entries = HostGraph::entries_type(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::dist::entries"),
                                      entries.size());
  std::copy(entries.begin(), entries.end(), g.entries.data());
  return g;
}

// Prefix sums of the per-vertex cost a split evens out, on the whole graph (the scatter root).
std::vector<eid_t> cost_prefix(const HostGraph& g, const SplitParams& split) {
  const vid_t n = g.num_vertices();
  std::vector<eid_t> prefix(static_cast<std::size_t>(n) + 1, 0);
  if (split.balance == PartitionBalance::edges) {
    for (vid_t v = 0; v <= n; ++v) prefix[static_cast<std::size_t>(v)] = n == 0 ? 0 : g.row_map(v);
    return prefix;
  }
  const bool by_degree = split.orientation == Orientation::degree;
  auto degree = [&](vid_t v) { return g.row_map(v + 1) - g.row_map(v); };
  eid_t* cost = prefix.data() + 1;
  Kokkos::parallel_for(
      "tessera::dist::vertex_work", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, n), [&, cost](const vid_t v) {
        const eid_t kv = by_degree ? degree(v) : 0;
        eid_t out = 0;
        for (eid_t a = g.row_map(v); a < g.row_map(v + 1); ++a) {
          const vid_t w = g.entries(a);
          const eid_t kw = by_degree ? degree(w) : 0;
          out += kv < kw || (kv == kw && v < w) ? 1 : 0;
        }
        cost[v] = vertex_work(degree(v), out);
      });
  for (vid_t v = 0; v < n; ++v) prefix[static_cast<std::size_t>(v) + 1] += prefix[static_cast<std::size_t>(v)];
  return prefix;
}

DistGraph scatter_impl(const Communicator& comm, const HostGraph& global, int root, std::vector<vid_t> offsets,
                       const SplitParams& split) {
  const auto& weights = split.rank_weights;
  const int p = comm.size();
  DistGraph out;
  out.rank = comm.rank();
  on_root(comm, root, [&] {
    TESSERA_USER_REQUIRE(!global.directed, "distributed triangle counting needs an undirected graph");
    const vid_t n = global.num_vertices();
    if (offsets.empty()) offsets = balance_edges(cost_prefix(global, split), p, weights);
    TESSERA_USER_REQUIRE(offsets.size() == static_cast<std::size_t>(p) + 1 && offsets.front() == 0 &&
                             offsets.back() == n && std::is_sorted(offsets.begin(), offsets.end()),
                         "vertex offsets must be " << p + 1 << " ascending values from 0 to " << n);
    to_count(global.num_entries(), "scatter of the adjacency");
  });
  out.vertex_offsets.resize(static_cast<std::size_t>(p) + 1);
  if (comm.rank() == root) out.vertex_offsets = offsets;
  TESSERA_MPI_CHECK(MPI_Bcast(out.vertex_offsets.data(), p + 1, MPI_INT32_T, root, comm.get()));
  out.num_vertices = out.vertex_offsets.back();

  std::vector<int> vcounts(static_cast<std::size_t>(p)), vdispls(static_cast<std::size_t>(p));
  std::vector<int> ecounts(static_cast<std::size_t>(p)), edispls(static_cast<std::size_t>(p));
  std::vector<eid_t> degrees_all;
  if (comm.rank() == root) {
    const vid_t n = out.num_vertices;
    degrees_all.resize(static_cast<std::size_t>(n));
    for (vid_t v = 0; v < n; ++v) degrees_all[static_cast<std::size_t>(v)] = global.row_map(v + 1) - global.row_map(v);
    for (int r = 0; r < p; ++r) {
      const vid_t b = out.vertex_offsets[r], e = out.vertex_offsets[r + 1];
      vdispls[r] = b;
      vcounts[r] = e - b;
      edispls[r] = static_cast<int>(n == 0 ? 0 : global.row_map(b));
      ecounts[r] = static_cast<int>(n == 0 ? 0 : global.row_map(e) - global.row_map(b));
    }
  }
  const int mine = out.end() - out.begin();
  std::vector<eid_t> degrees(static_cast<std::size_t>(mine));
  TESSERA_MPI_CHECK(MPI_Scatterv(degrees_all.data(), vcounts.data(), vdispls.data(), MPI_INT64_T, degrees.data(),
                                 mine, MPI_INT64_T, root, comm.get()));
  eid_t my_entries = 0;
  for (eid_t d : degrees) my_entries += d;
  std::vector<vid_t> entries(static_cast<std::size_t>(my_entries));
  TESSERA_MPI_CHECK(MPI_Scatterv(comm.rank() == root ? global.entries.data() : nullptr, ecounts.data(),
                                 edispls.data(), MPI_INT32_T, entries.data(), static_cast<int>(my_entries),
                                 MPI_INT32_T, root, comm.get()));
  out.local = rows_from(degrees, std::move(entries));
  out.input_entries = my_entries + (comm.rank() == root ? global.num_entries() : 0);  // the root holds it all
  return out;
}

// The cost of every vertex of this rank's block (`blocks`: ranks + 1 offsets; rows global ids):
// its degree, or its vertex_work, whose out-degrees need the global order (collective).
std::vector<eid_t> block_costs(const Communicator& comm, const HostGraph& block, const std::vector<vid_t>& blocks,
                               const SplitParams& split) {
  DistGraph g;
  g.num_vertices = blocks.back();
  g.rank = comm.rank();
  g.vertex_offsets = blocks;
  g.local = block;
  const vid_t rows_here = g.end() - g.begin();
  std::vector<eid_t> cost(static_cast<std::size_t>(rows_here));
  for (vid_t i = 0; i < rows_here; ++i) cost[i] = g.local.row_map(i + 1) - g.local.row_map(i);
  if (split.balance == PartitionBalance::work) {  // out-degrees in the global order (split_order.hpp)
    using space = detail::device_space;
    const auto rows = mirror_graph<space::memory_space>(block);
    const auto order = detail::split_order<space>(comm, g, rows, split.orientation);
    const auto out = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, detail::oriented_out_degrees<space>(order));
    for (vid_t i = 0; i < rows_here; ++i) cost[i] = vertex_work(cost[i], out(i));
  }
  return cost;
}

// The rows of this rank's block (vertices [b0, e0), row_map rebased) sent to their owners
// under `offsets` and this rank's own rows received, in two MPI_Alltoallv (degrees, entries):
// pass 1's rows are moved, not read a second time. `received`: the entries that came from
// other ranks.
HostGraph move_rows(const Communicator& comm, const HostGraph& block, const std::vector<vid_t>& blocks,
                    const std::vector<vid_t>& offsets, eid_t& received) {
  const int p = comm.size(), me = comm.rank();
  const vid_t b0 = blocks[static_cast<std::size_t>(me)], e0 = blocks[static_cast<std::size_t>(me) + 1];
  std::vector<int> vsend(static_cast<std::size_t>(p), 0), vsdispl(vsend), esend(vsend), esdispl(vsend);
  for (int r = 0; r < p; ++r) {
    const vid_t lo = std::max(b0, offsets[static_cast<std::size_t>(r)]), hi = std::min(e0, offsets[static_cast<std::size_t>(r) + 1]);
    if (lo >= hi) continue;
    vsend[r] = hi - lo;
    vsdispl[r] = lo - b0;
    esdispl[r] = to_count(block.row_map(lo - b0), "rows moved to their owners");
    esend[r] = to_count(block.row_map(hi - b0) - block.row_map(lo - b0), "rows moved to their owners");
  }
  std::vector<int> vrecv(static_cast<std::size_t>(p)), erecv(vrecv), vrdispl(static_cast<std::size_t>(p), 0), erdispl(vrdispl);
  TESSERA_MPI_CHECK(MPI_Alltoall(vsend.data(), 1, MPI_INT, vrecv.data(), 1, MPI_INT, comm.get()));
  TESSERA_MPI_CHECK(MPI_Alltoall(esend.data(), 1, MPI_INT, erecv.data(), 1, MPI_INT, comm.get()));
  for (int r = 1; r < p; ++r) {
    vrdispl[r] = vrdispl[r - 1] + vrecv[r - 1];
    erdispl[r] = erdispl[r - 1] + erecv[r - 1];
  }
  std::vector<eid_t> block_degrees(static_cast<std::size_t>(e0 - b0));
  for (vid_t i = 0; i < e0 - b0; ++i) block_degrees[static_cast<std::size_t>(i)] = block.row_map(i + 1) - block.row_map(i);
  std::vector<eid_t> degrees(static_cast<std::size_t>(vrdispl[p - 1] + vrecv[p - 1]));
  std::vector<vid_t> entries(static_cast<std::size_t>(erdispl[p - 1] + erecv[p - 1]));
  TESSERA_MPI_CHECK(MPI_Alltoallv(block_degrees.data(), vsend.data(), vsdispl.data(), MPI_INT64_T, degrees.data(), vrecv.data(),
                                  vrdispl.data(), MPI_INT64_T, comm.get()));
  TESSERA_MPI_CHECK(MPI_Alltoallv(block.entries.data(), esend.data(), esdispl.data(), MPI_INT32_T, entries.data(), erecv.data(),
                                  erdispl.data(), MPI_INT32_T, comm.get()));
  received = static_cast<eid_t>(entries.size()) - erecv[me];  // the rows it kept were read here already
  return rows_from(degrees, std::move(entries));
}

// Where a loader gets rows from (an HDF5 file, a counter-based generator). `all`: every row,
// for a rank alone (in the default space's memory when `on_device`, kept there as
// DistGraph::device_local). `block`: this rank's block of the equal-vertex split `blocks`
// (collective: a generator makes its share of the edges and sends them to the blocks' owners).
// Both add the entries they read, generated or received to `input`.
// `blocks`, when given, chooses pass 1's blocks (collective; equal vertex counts otherwise).
struct RowSource {
  std::function<std::vector<vid_t>()> blocks;
  std::function<DeviceGraph(vid_t n, eid_t& input)> all_on_device;
  std::function<HostGraph(vid_t n, eid_t& input)> all;
  std::function<HostGraph(const std::vector<vid_t>& blocks, eid_t& input)> block;
};

// Pass 1 reads (or generates) an equal-vertex block of rows to find the balanced offsets, then
// the block's rows are moved to their owners (move_rows). No rank ever holds more than a block
// and its own rows, and each input entry is read once.
DistGraph load_by_rows(const Communicator& comm, vid_t n, const RowSource& source, const SplitParams& split) {
  const auto& weights = split.rank_weights;
  const int p = comm.size(), r = comm.rank();
  if (p == 1) {  // one rank owns everything: no split to find
    DistGraph out;
    out.num_vertices = n;
    out.vertex_offsets = {0, n};
    if (source.all_on_device) {
      out.device_local = source.all_on_device(n, out.input_entries);
      out.local = mirror_graph<Kokkos::HostSpace>(out.device_local);
    } else {
      out.local = source.all(n, out.input_entries);
    }
    out.local.directed = false;
    return out;
  }
  // Pass 1: a block (equal vertex counts, or the source's) gives this rank's slice of the cost
  // prefix sums.
  std::vector<vid_t> blocks(static_cast<std::size_t>(p) + 1);
  for (int k = 0; k <= p; ++k) blocks[static_cast<std::size_t>(k)] = static_cast<vid_t>(static_cast<std::int64_t>(n) * k / p);
  if (source.blocks) blocks = source.blocks();
  const vid_t b0 = blocks[static_cast<std::size_t>(r)], e0 = blocks[static_cast<std::size_t>(r) + 1];
  std::vector<eid_t> prefix;  // prefix[v - b0] for v in [b0, e0]: the cost of the vertices before v
  eid_t total = 0, input = 0;
  HostGraph block = source.block(blocks, input);
  {
    const auto cost = block_costs(comm, block, blocks, split);
    eid_t before = 0, mine = 0;
    for (eid_t c : cost) mine += c;
    TESSERA_MPI_CHECK(MPI_Exscan(&mine, &before, 1, MPI_INT64_T, MPI_SUM, comm.get()));
    if (r == 0) before = 0;  // MPI_Exscan leaves rank 0's output undefined
    TESSERA_MPI_CHECK(MPI_Allreduce(&mine, &total, 1, MPI_INT64_T, MPI_SUM, comm.get()));
    prefix.resize(static_cast<std::size_t>(e0 - b0) + 1);
    prefix[0] = before;
    for (vid_t i = 0; i < e0 - b0; ++i) prefix[static_cast<std::size_t>(i) + 1] = prefix[i] + cost[i];
  }
  // The first v with prefix[v] >= target: the minimum over the ranks' local answers.
  std::vector<vid_t> first(static_cast<std::size_t>(p) + 1, n);
  for (int k = 1; k < p; ++k) {
    const eid_t t = split_target(total, k, p, weights);
    const auto it = std::lower_bound(prefix.begin(), prefix.end(), t);
    if (it != prefix.end()) first[k] = b0 + static_cast<vid_t>(it - prefix.begin());
  }
  TESSERA_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, first.data(), p + 1, MPI_INT32_T, MPI_MIN, comm.get()));
  // prefix[first - 1] and prefix[first] from whichever rank holds them.
  std::vector<eid_t> around(2 * (static_cast<std::size_t>(p) + 1), -1);
  for (int k = 1; k < p; ++k) {
    const vid_t f = first[k];
    if (f - 1 >= b0 && f - 1 <= e0) around[2 * k] = prefix[static_cast<std::size_t>(f - 1 - b0)];
    if (f >= b0 && f <= e0) around[2 * k + 1] = prefix[static_cast<std::size_t>(f - b0)];
  }
  TESSERA_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, around.data(), static_cast<int>(around.size()), MPI_INT64_T, MPI_MAX,
                                  comm.get()));
  DistGraph out;
  out.rank = r;
  out.num_vertices = n;
  out.vertex_offsets.assign(static_cast<std::size_t>(p) + 1, 0);
  out.vertex_offsets.back() = n;
  for (int k = 1; k < p; ++k) {
    const vid_t v = choose_split(split_target(total, k, p, weights), first[k], around[2 * k], around[2 * k + 1]);
    out.vertex_offsets[k] = std::clamp(v, out.vertex_offsets[k - 1], n);
  }
  // The block's rows to their owners.
  eid_t received = 0;
  out.local = move_rows(comm, block, blocks, out.vertex_offsets, received);
  out.local.directed = false;
  out.input_entries = input + received;
  return out;
}

bool is_hdf5_source(const std::string& source, const io::GraphLoadOptions& load) {
  if (source.rfind("gen:", 0) == 0) return false;
  if (load.format) return *load.format == io::FileFormat::hdf5;
  try {
    return io::format_from_path(source) == io::FileFormat::hdf5;
  } catch (const UserError&) {
    return false;  // load_graph will report the unknown format
  }
}

}  // namespace

DistGraph scatter_graph(MPI_Comm user, const HostGraph& global, int root, const std::vector<vid_t>& offsets,
                        const SplitParams& split) {
  Communicator comm(user);
  check_rank_weights(split.rank_weights, comm.size());
  return scatter_impl(comm, global, root, offsets, split);
}

DistGraph load_distributed_graph(MPI_Comm user, const std::string& source, const SplitParams& split,
                                 const io::GraphLoadOptions& load) {
  Communicator comm(user);
  check_rank_weights(split.rank_weights, comm.size());
  TESSERA_USER_REQUIRE(load.build.symmetrize && load.build.remove_self_loops,
                       "distributed triangle counting needs an undirected graph without self-loops");
  if (is_hdf5_source(source, load)) {
    TESSERA_USER_REQUIRE(!load.one_based && !load.build.compact_ids,
                         source << ": HDF5 graphs are read by row range as stored; --one-based and --compact-ids "
                                   "apply to text inputs only");
#ifdef TESSERA_HAVE_HDF5
    const auto info = io::read_graph_hdf5_info(source);
    TESSERA_USER_REQUIRE(!info.directed, source << ": distributed triangle counting needs an undirected graph");
    RowSource file;
    auto read = [&](vid_t b, vid_t e, eid_t& input) {
      auto rows = io::read_graph_hdf5_rows(source, b, e).local;
      input += rows.num_entries();
      return rows;
    };
    file.all = [&](vid_t n, eid_t& input) { return read(0, n, input); };
    file.blocks = [&] {  // pass 1 split by entries, from the offsets of an equal-vertex range per rank
      const int p = comm.size(), r = comm.rank();
      const vid_t n = info.num_vertices;
      const vid_t b = static_cast<vid_t>(std::int64_t(n) * r / p), e = static_cast<vid_t>(std::int64_t(n) * (r + 1) / p);
      const auto offsets = io::read_graph_hdf5_offsets(source, b, e);
      std::vector<vid_t> blocks(static_cast<std::size_t>(p) + 1, n);
      blocks[0] = 0;
      for (int k = 1; k < p; ++k) {  // the first vertex at or past k/p of the entries: the least local answer
        const auto it = std::lower_bound(offsets.begin(), offsets.end(), info.num_entries * k / p);
        if (it != offsets.end()) blocks[static_cast<std::size_t>(k)] = b + static_cast<vid_t>(it - offsets.begin());
      }
      TESSERA_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, blocks.data(), p + 1, MPI_INT32_T, MPI_MIN, comm.get()));
      for (int k = 1; k <= p; ++k) blocks[k] = std::max(blocks[k], blocks[k - 1]);
      return blocks;
    };
    file.block = [&](const std::vector<vid_t>& blocks, eid_t& input) {
      return read(blocks[static_cast<std::size_t>(comm.rank())], blocks[static_cast<std::size_t>(comm.rank()) + 1], input);
    };
    return load_by_rows(comm, info.num_vertices, file, split);
#else
    TESSERA_USER_REQUIRE(false, source << ": this Tessera was built without HDF5 (TESSERA_ENABLE_HDF5=OFF)");
#endif
  }
  gen::KroneckerParams kronecker;
  if (!load.build.compact_ids && kronecker_source(source, kronecker))
  {
    RowSource generator;
    generator.all_on_device = [&](vid_t n, eid_t& input) {  // the edges generated and the entries built
      auto rows = kronecker_rows_on_device(kronecker, 0, n);
      input += static_cast<eid_t>(n) * kronecker.edge_factor + static_cast<eid_t>(rows.entries.extent(0));
      return rows;
    };
    generator.block = [&](const std::vector<vid_t>& blocks, eid_t& input) {
      return kronecker_share_rows(comm.get(), kronecker, blocks, input);
    };
    return load_by_rows(comm, static_cast<vid_t>(eid_t{1} << kronecker.scale), generator, split);
  }
  HostGraph global;
  on_root(comm, 0, [&] {
    auto loaded = io::load_graph(source, load);
    global = mirror_graph<Kokkos::HostSpace>(loaded.graph);
  });
  return scatter_impl(comm, global, 0, {}, split);
}

PartitionStats partition_stats(MPI_Comm user, const DistGraph& g) {
  Communicator comm(user);
  std::vector<eid_t> entries(static_cast<std::size_t>(comm.size()));
  eid_t mine = g.local.num_entries();
  TESSERA_MPI_CHECK(MPI_Allgather(&mine, 1, MPI_INT64_T, entries.data(), 1, MPI_INT64_T, comm.get()));
  return make_partition_stats(g.vertex_offsets, std::move(entries));
}

}  // namespace tessera::dist
