// The receiver of remote queries (query_receiver.hpp) on its own, on every rank independently
// (MPI_COMM_SELF): every wedge of a small graph sent as queries in flat pairs and in compact
// runs, in batches of several sizes over one or several instances, answers exactly the
// triangle count (each closed wedge is one triangle); queries for vertices the rank does not
// own, and a compact batch that starts with a child, are errors.
#include <doctest/doctest.h>
#include <mpi.h>

#include <algorithm>
#include <random>
#include <vector>

#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "distributed/mpi/communicator.hpp"
#include "distributed/triangle_count/compact_format.hpp"
#include "distributed/triangle_count/dist_graph.hpp"
#include "distributed/triangle_count/query_receiver.hpp"
#include "distributed/triangle_count/rank_setup.hpp"
#include "io/generators/random_graphs.hpp"

using namespace tessera;

namespace {

// One rank's setup over the whole graph, and every wedge (v; m, n), m before n in N+(v), as
// runs (m; n...) of positions in the order: the serial reference the batches are cut from.
template <class Space>
struct Wedges {
  using memory = typename Space::memory_space;
  dist::DistGraph g;
  dist::detail::RankDag<memory> dag;
  std::vector<std::vector<vid_t>> runs;  // [m, n1, n2, ...]
  std::vector<std::vector<vid_t>> lists;  // every out-list of length >= 2
  count_t triangles = 0;

  explicit Wedges(const dist::Communicator& self) {
    gen::KroneckerParams kp;
    kp.scale = 9;
    kp.edge_factor = 8;
    kp.seed = 11;
    const auto whole = build_graph(Kokkos::DefaultExecutionSpace{}, gen::kronecker(Kokkos::DefaultExecutionSpace{}, kp));
    triangles = tessera::triangle_count(Kokkos::DefaultExecutionSpace{}, whole).triangles;
    g = dist::scatter_graph(self.get(), mirror_graph<Kokkos::HostSpace>(whole));
    const auto rows = dist::detail::upload_rows<Space>(g);
    dag = dist::detail::orient_on_rank<Space>(dist::detail::split_order<Space>(self, g, rows, Orientation::degree));
    const auto row_map = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, dag.row_map);
    const auto entries = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, dag.entries);
    std::mt19937 shuffle(3);
    for (std::size_t v = 0; v + 1 < row_map.extent(0); ++v) {
      if (row_map(v + 1) - row_map(v) >= 2)
        lists.emplace_back(entries.data() + row_map(v), entries.data() + row_map(v + 1));
      for (eid_t i = row_map(v); i + 1 < row_map(v + 1); ++i) {
        std::vector<vid_t> run{entries(i)};
        for (eid_t j = i + 1; j < row_map(v + 1); ++j) run.push_back(entries(j));
        // Runs need not be sorted: two sources' runs for the same m can arrive as one.
        std::shuffle(run.begin() + 1, run.end(), shuffle);
        runs.push_back(std::move(run));
      }
    }
  }

  // The runs as messages of about `words` words in `format`.
  std::vector<std::vector<vid_t>> messages(dist::QueryFormat format, std::size_t words) const {
    std::vector<std::vector<vid_t>> out(1);
    if (format == dist::QueryFormat::rows) {  // one record per list, every entry but the last a parent
      for (const auto& list : lists) {
        if (out.back().size() >= words) out.emplace_back();
        auto& msg = out.back();
        const vid_t length = static_cast<vid_t>(list.size());
        msg.push_back(dist::encode_parent(length - 1));
        msg.push_back(length);
        msg.insert(msg.end(), list.begin(), list.end());
        for (vid_t i = 0; i + 1 < length; ++i) msg.push_back(i);
      }
      return out;
    }
    for (const auto& run : runs) {
      if (out.back().size() >= words) out.emplace_back();
      auto& msg = out.back();
      if (format == dist::QueryFormat::compact) msg.push_back(dist::encode_parent(run[0]));
      for (std::size_t k = 1; k < run.size(); ++k) {
        if (format == dist::QueryFormat::flat) msg.push_back(run[0]);
        msg.push_back(run[k]);
      }
    }
    return out;
  }
};

template <class Space>
void check_receiver() {
  const dist::Communicator self(MPI_COMM_SELF);
  const Wedges<Space> w(self);
  REQUIRE(w.triangles > 0);
  for (auto format : {dist::QueryFormat::flat, dist::QueryFormat::compact, dist::QueryFormat::rows})
    for (std::size_t words : {std::size_t{2}, std::size_t{97}, std::size_t{1} << 20})
      for (int streams : {1, 3})
        for (std::size_t batch_words : {std::size_t{1}, std::size_t{300}, dist::detail::QueryReceiver<Space>::k_batch_words}) {
          INFO("format " << static_cast<int>(format) << ", words " << words << ", streams " << streams
                         << ", batch words " << batch_words << ", space " << Space::name());
          dist::detail::QueryReceiver<Space> receiver(w.dag, w.g.begin(), w.g.end(), format, streams, batch_words);
          const auto messages = w.messages(format, words);
          std::size_t total = 0;
          for (const auto& m : messages) {
            receiver.submit(m.data(), m.size());
            total += m.size();
          }
          CHECK(receiver.finish() == w.triangles);
          // A batch per message at threshold 1; one for the whole graph when it is below the
          // threshold; in between, coalesced messages (never more batches than messages).
          if (batch_words == 1) CHECK(receiver.batches() == messages.size());
          if (total < batch_words) CHECK(receiver.batches() == 1);
          CHECK(receiver.batches() <= messages.size());
          if (batch_words == 300 && words == 2) CHECK(receiver.batches() < messages.size());
        }
}

}  // namespace

TEST_CASE("the query receiver answers every wedge of a graph exactly, in any batches and streams") {
  check_receiver<Kokkos::DefaultExecutionSpace>();
  if constexpr (!std::is_same_v<Kokkos::DefaultExecutionSpace, Kokkos::DefaultHostExecutionSpace>)
    check_receiver<Kokkos::DefaultHostExecutionSpace>();
}

TEST_CASE("the query receiver refuses queries for vertices it does not own and runs without a parent") {
  using Space = Kokkos::DefaultExecutionSpace;
  const dist::Communicator self(MPI_COMM_SELF);
  const Wedges<Space> w(self);
  const auto vertex = dist::detail::mirror_known<Kokkos::HostSpace>(w.dag.vertex);
  // A receiver that owns only the vertices below n / 2 (its rows are still the whole graph's,
  // indexed from 0); the query names the position of vertex n - 1.
  const vid_t n = w.g.num_vertices;
  vid_t last_pos = 0;
  while (vertex(last_pos) != n - 1) ++last_pos;
  for (auto format : {dist::QueryFormat::flat, dist::QueryFormat::compact, dist::QueryFormat::rows}) {
    dist::detail::QueryReceiver<Space> receiver(w.dag, 0, n / 2, format, 2);
    const std::vector<vid_t> msg = format == dist::QueryFormat::flat      ? std::vector<vid_t>{last_pos, 0}
                                   : format == dist::QueryFormat::compact ? std::vector<vid_t>{dist::encode_parent(last_pos), 0}
                                                                          : std::vector<vid_t>{dist::encode_parent(1), 2, last_pos, 0, 0};
    receiver.submit(msg.data(), msg.size());
    CHECK_THROWS_WITH_AS(receiver.finish(), doctest::Contains("not owned"), InternalError);
  }
  dist::detail::QueryReceiver<Space> receiver(w.dag, 0, n, dist::QueryFormat::compact, 1);
  const std::vector<vid_t> child_first{3, dist::encode_parent(0), 1};
  receiver.submit(child_first.data(), child_first.size());
  CHECK_THROWS_WITH_AS(receiver.finish(), doctest::Contains("starts with a child"), InternalError);
  const std::vector<vid_t> odd{1, 2, 3};
  dist::detail::QueryReceiver<Space> flat(w.dag, 0, n, dist::QueryFormat::flat, 1);
  CHECK_THROWS_WITH_AS(flat.submit(odd.data(), odd.size()), doctest::Contains("odd number"), InternalError);
}
