// The split set-up (issue 26): positions in the global order found without any rank holding all
// n degrees (split_order.hpp) equal the single-node numbering; a rank generates only its share
// of a Kronecker graph's edges; and the set-up's size per rank (setup_edges) shrinks with the
// ranks while every count stays exact.
#include <doctest/doctest.h>
#include <mpi.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/graph/builder.hpp"
#include "core/graph/orientation.hpp"
#include "distributed/mpi/communicator.hpp"
#include "distributed/triangle_count/dist_triangle_count.hpp"
#include "distributed/triangle_count/generated_rows.hpp"
#include "distributed/triangle_count/rank_setup.hpp"
#include "distributed/triangle_count/split_order.hpp"
#include "io/generators/random_graphs.hpp"
#include "io/graph_io.hpp"
#ifdef TESSERA_HAVE_HDF5
#include "io/hdf5/hdf5_graph.hpp"
#endif
#include "tests/distributed/mpi_world.hpp"
#include "tests/support/test_support.hpp"

using namespace tessera;

namespace {

using Space = Kokkos::DefaultExecutionSpace;

HostGraph kronecker_graph(int scale, int edge_factor, std::uint64_t seed) {
  gen::KroneckerParams kp;
  kp.scale = scale;
  kp.edge_factor = edge_factor;
  kp.seed = seed;
  return mirror_graph<Kokkos::HostSpace>(build_graph(Space{}, gen::kronecker(Space{}, kp)));
}

// The single-node numbering: position of every vertex in the (degree, id) order, serially.
std::vector<vid_t> reference_positions(const HostGraph& g) {
  const vid_t n = g.num_vertices();
  std::vector<vid_t> by_order(static_cast<std::size_t>(n)), position(static_cast<std::size_t>(n));
  for (vid_t v = 0; v < n; ++v) by_order[static_cast<std::size_t>(v)] = v;
  auto degree = [&](vid_t v) { return g.row_map(v + 1) - g.row_map(v); };
  std::sort(by_order.begin(), by_order.end(),
            [&](vid_t a, vid_t b) { return degree(a) != degree(b) ? degree(a) < degree(b) : a < b; });
  for (vid_t k = 0; k < n; ++k) position[static_cast<std::size_t>(by_order[static_cast<std::size_t>(k)])] = k;
  return position;
}

}  // namespace

TEST_CASE("split order: every known vertex at its single-node position, only own vertices and ghosts known") {
  const HostGraph whole = kronecker_graph(10, 8, 5);
  const std::vector<vid_t> reference = reference_positions(whole);
  const dist::Communicator comm(MPI_COMM_WORLD);
  const auto g = dist::scatter_graph(MPI_COMM_WORLD, whole);
  std::set<vid_t> ghosts;
  for (eid_t a = 0; a < g.local.num_entries(); ++a)
    if (!g.owns(g.local.entries(a))) ghosts.insert(g.local.entries(a));
  for (auto orientation : {Orientation::degree, Orientation::id}) {
    INFO("orientation " << (orientation == Orientation::degree ? "degree" : "id") << ", ranks " << test::world_size());
    const auto rows = dist::detail::upload_rows<Space>(g);
    const auto order = dist::detail::split_order<Space>(comm, g, rows, orientation);
    CHECK(order.ghosts == static_cast<std::int64_t>(ghosts.size()));
    const auto known = dist::detail::mirror_known<Kokkos::HostSpace>(order.known);
    CHECK(known.count == static_cast<std::int64_t>(g.end() - g.begin() + ghosts.size()));
    auto expected = [&](vid_t v) { return orientation == Orientation::degree ? reference[static_cast<std::size_t>(v)] : v; };
    std::size_t wrong = 0, seen = 0;
    for (std::size_t k = 0; k < known.id.extent(0); ++k) {
      const vid_t v = known.id(k);
      const vid_t pos = known.dense() ? static_cast<vid_t>(k) : known.position(k);
      if (v < 0) continue;  // a dense map's hole
      ++seen;
      const bool is_known = g.owns(v) || ghosts.count(v) > 0;
      wrong += is_known && expected(v) == pos && known(pos) == v ? 0 : 1;
    }
    CHECK(seen == static_cast<std::size_t>(known.count));
    // A position of a vertex the rank does not know maps to -1.
    for (vid_t v = 0; v < whole.num_vertices(); ++v)
      if (!g.owns(v) && ghosts.count(v) == 0) wrong += known(expected(v)) == -1 ? 0 : 1;
    CHECK(wrong == 0);
    // The oriented rows: the later neighbours' positions, ascending.
    const auto dag = dist::detail::orient_on_rank<Space>(order);
    const auto row_map = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, dag.row_map);
    const auto entries = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, dag.entries);
    std::size_t bad_rows = 0;
    for (vid_t v = g.begin(); v < g.end(); ++v) {
      std::vector<vid_t> want;
      for (eid_t a = whole.row_map(v); a < whole.row_map(v + 1); ++a)
        if (expected(whole.entries(a)) > expected(v)) want.push_back(expected(whole.entries(a)));
      std::sort(want.begin(), want.end());
      const vid_t i = v - g.begin();
      bad_rows += std::vector<vid_t>(entries.data() + row_map(i), entries.data() + row_map(i + 1)) == want ? 0 : 1;
    }
    CHECK(bad_rows == 0);
  }
}

TEST_CASE("a rank generates only its share of a Kronecker graph's edges: its block's rows are the single-node build's") {
  gen::KroneckerParams kp;
  kp.scale = 10;
  kp.edge_factor = 8;
  kp.seed = 6;
  const HostGraph whole = kronecker_graph(10, 8, 6);
  const int p = test::world_size(), r = test::world_rank();
  const vid_t n = whole.num_vertices();
  // Even blocks, and uneven ones (block k ends at n k^2 / p^2) whose first block is empty when
  // p > 1; chunks smaller than the share (several routed chunks) and larger (one).
  std::vector<vid_t> even(static_cast<std::size_t>(p) + 1), uneven(even);
  for (int k = 0; k <= p; ++k) {
    even[static_cast<std::size_t>(k)] = static_cast<vid_t>(std::int64_t(n) * k / p);
    uneven[static_cast<std::size_t>(k)] = k == 1 && p > 1 ? 0 : static_cast<vid_t>(std::int64_t(n) * k * k / (p * p));
  }
  for (const auto& blocks : {even, uneven}) {
    for (eid_t chunk : {eid_t(1000), eid_t(1) << 24}) {
      eid_t input = 0;
      const HostGraph block = dist::kronecker_share_rows(MPI_COMM_WORLD, kp, blocks, input, chunk);
      const vid_t b0 = blocks[static_cast<std::size_t>(r)], e0 = blocks[static_cast<std::size_t>(r) + 1];
      INFO("chunk " << chunk << ", rank " << r << " of " << p << ", block [" << b0 << ", " << e0 << ")");
      REQUIRE(block.num_vertices() == e0 - b0);
      std::size_t bad = 0;
      for (vid_t v = b0; v < e0; ++v) {
        const eid_t want = whole.row_map(v + 1) - whole.row_map(v);
        const eid_t got = block.row_map(v - b0 + 1) - block.row_map(v - b0);
        bad += want == got && std::equal(whole.entries.data() + whole.row_map(v), whole.entries.data() + whole.row_map(v + 1),
                                         block.entries.data() + block.row_map(v - b0))
                   ? 0
                   : 1;
      }
      CHECK(bad == 0);
      const eid_t stream = (eid_t(1) << kp.scale) * kp.edge_factor;
      CHECK(input == stream * (r + 1) / p - stream * r / p + block.num_entries());  // its share and its rows
    }
  }
}

TEST_CASE("the set-up shrinks with the ranks: setup_edges per rank, exact counts, gather only as an option") {
  const std::string spec = "gen:kronecker:scale=12,edge_factor=16,seed=3";
  const int p = test::world_size();
  const count_t expected = tessera::triangle_count(Space{}, build_graph(Space{}, gen::kronecker(Space{}, [] {
                                                     gen::KroneckerParams kp;
                                                     kp.scale = 12;
                                                     kp.edge_factor = 16;
                                                     kp.seed = 3;
                                                     return kp;
                                                   }())))
                               .triangles;
  for (auto variant : {dist::DistVariant::cpu, dist::DistVariant::shm, dist::DistVariant::gpu}) {
    dist::DistTriangleParams params;
    params.variant = variant;
    INFO("variant " << dist::to_string(variant) << ", ranks " << p);
    const auto alone = dist::triangle_count(MPI_COMM_SELF, spec, params);
    const auto all = dist::triangle_count(MPI_COMM_WORLD, spec, params);
    CHECK(alone.triangles == expected);
    CHECK(all.triangles == expected);
    const double one = alone.rank_metrics.setup_edges;
    CHECK(one > 0);
    // One rank: the generated edges, its rows, the oriented rows and the gathered DAG.
    const double most = all.metrics.setup_edges.max;
    if (p >= 2) CHECK(most < 0.7 * one);
    if (p >= 4) CHECK(most <= 0.35 * one);
    if (variant == dist::DistVariant::shm && p >= 2) {  // gathering: every rank builds the whole DAG again
      params.ipc_rows = dist::IpcRows::gather;
      const auto gathered = dist::triangle_count(MPI_COMM_WORLD, spec, params);
      CHECK(gathered.triangles == expected);
      CHECK(gathered.metrics.setup_edges.min > most);
    }
  }
}

#ifdef TESSERA_HAVE_HDF5
TEST_CASE("HDF5 rows are read once: the block read, moved to the owners, exact counts") {
  const HostGraph whole = kronecker_graph(11, 16, 4);
  const count_t expected = tessera::triangle_count(Space{}, mirror_graph<Space::memory_space>(whole)).triangles;
  std::unique_ptr<test::TempDir> dir;
  const std::string path = test::file_on_rank0(dir, "k11.h5", [&](const std::string& f) { io::write_graph_hdf5(f, whole); });
  const auto g = dist::load_distributed_graph(MPI_COMM_WORLD, path);
  const auto scattered = dist::scatter_graph(MPI_COMM_WORLD, whole);
  CHECK(g.vertex_offsets == scattered.vertex_offsets);
  CHECK(std::equal(g.local.entries.data(), g.local.entries.data() + g.local.num_entries(), scattered.local.entries.data(),
                   scattered.local.entries.data() + scattered.local.num_entries()));
  // Read once: its block (split by entries from the file's offsets), plus the rows moved to it
  // from other ranks.
  const int p = test::world_size(), me = test::world_rank();
  const vid_t n = whole.num_vertices();
  const eid_t entries = whole.num_entries();
  auto block_start = [&](int k) {  // the first vertex at or past k/p of the entries
    vid_t v = 0;
    while (v < n && whole.row_map(v) < entries * k / p) ++v;
    return k == p ? n : v;
  };
  const vid_t b0 = block_start(me), e0 = block_start(me + 1);
  const vid_t kept_from = std::max(b0, g.begin()), kept_to = std::min(e0, g.end());
  const eid_t kept = kept_from < kept_to ? whole.row_map(kept_to) - whole.row_map(kept_from) : 0;
  if (p > 1) CHECK(g.input_entries == whole.row_map(e0) - whole.row_map(b0) + g.local.num_entries() - kept);
  if (p == 1) CHECK(g.input_entries == entries);
  // The block is within a row of an even share of the entries.
  eid_t max_degree = 0;
  for (vid_t v = 0; v < n; ++v) max_degree = std::max(max_degree, whole.row_map(v + 1) - whole.row_map(v));
  CHECK(whole.row_map(e0) - whole.row_map(b0) <= entries / p + max_degree + 1);
  const auto r = dist::triangle_count(MPI_COMM_WORLD, path);
  CHECK(r.triangles == expected);
  MPI_Barrier(MPI_COMM_WORLD);  // nobody reads the file when rank 0 removes it
}
#endif
