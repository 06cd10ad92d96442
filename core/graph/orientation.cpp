#include "core/graph/orientation.hpp"

#include "core/error.hpp"
#include "core/util/names.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/sort.hpp"

namespace tessera {

Orientation parse_orientation(const std::string& name) {
  for (auto o : {Orientation::degree, Orientation::id})
    if (same_name(name, to_string(o))) return o;
  throw UserError("unknown orientation '" + name + "' (expected degree or id)");
}

const char* to_string(Orientation o) {
  switch (o) {
    case Orientation::degree: return "degree";
    case Orientation::id: return "id";
  }
  return "?";
}

namespace {

// Output row i is input row source(i) keeping the entries w with keep(i, w), stored as target(w)
// (weights follow); kept entries keep their input order. Each row is walked by the vector lanes
// of one team thread, so a hub row (10^5 entries in a Kronecker graph) is not one thread's
// sequential loop that the whole kernel waits for.
template <class ExecSpace, class Source, class Keep, class Target>
CsrGraph<typename ExecSpace::memory_space> filtered_rows(const ExecSpace& space,
                                                         const CsrGraph<typename ExecSpace::memory_space>& g,
                                                         const Source& source, const Keep& keep, const Target& target) {
  using memory_space = typename ExecSpace::memory_space;
  using team_policy = Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Dynamic>>;
  using member = typename team_policy::member_type;
  constexpr bool gpu = detail::is_gpu_space<ExecSpace>();
  const vid_t n = g.num_vertices();
  const int rows_per_team = gpu ? 8 : 1;
  const team_policy row_teams(space, (static_cast<std::int64_t>(n) + rows_per_team - 1) / rows_per_team,
                              rows_per_team, gpu ? 32 : 1);
  auto row_map = g.row_map;
  auto entries = g.entries;
  CsrGraph<memory_space> out;
  out.row_map = Kokkos::View<eid_t*, memory_space>("tessera::graph::row_map", static_cast<std::size_t>(n) + 1);
  auto out_row_map = out.row_map;
  Kokkos::parallel_for(
      "tessera::graph::filtered_rows::count", row_teams, KOKKOS_LAMBDA(const member& team) {
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, rows_per_team), [&](const int r) {
          const std::int64_t i = static_cast<std::int64_t>(team.league_rank()) * rows_per_team + r;
          if (i >= n) return;
          const vid_t v = source(i);
          const eid_t begin = row_map(v);
          eid_t kept = 0;
          Kokkos::parallel_reduce(
              Kokkos::ThreadVectorRange(team, static_cast<int>(row_map(v + 1) - begin)),
              [&](const int k, eid_t& sum) { sum += keep(static_cast<vid_t>(i), entries(begin + k)) ? 1 : 0; }, kept);
          Kokkos::single(Kokkos::PerThread(team), [&]() { out_row_map(i) = kept; });
        });
      });
  const eid_t total = detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::graph::filtered_rows::scan", space, std::int64_t(n) + 1,
      KOKKOS_LAMBDA(const std::int64_t i, eid_t& sum, const bool final) {
        const eid_t length = out_row_map(i);  // the extra last element is 0
        if (final) out_row_map(i) = sum;
        sum += length;
      });
  out.entries = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::entries"), total);
  const bool weighted = g.has_weights();
  if (weighted) out.weights = Kokkos::View<weight_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::weights"), total);
  auto out_entries = out.entries;
  auto out_weights = out.weights;
  auto in_weights = g.weights;
  Kokkos::parallel_for(
      "tessera::graph::filtered_rows::fill", row_teams, KOKKOS_LAMBDA(const member& team) {
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, rows_per_team), [&](const int r) {
          const std::int64_t i = static_cast<std::int64_t>(team.league_rank()) * rows_per_team + r;
          if (i >= n) return;
          const vid_t v = source(i);
          const eid_t begin = row_map(v), first = out_row_map(i);
          // The lanes compact the kept entries by an exclusive vector scan, in input order.
          Kokkos::parallel_scan(Kokkos::ThreadVectorRange(team, static_cast<int>(row_map(v + 1) - begin)),
                                [&](const int k, eid_t& position, const bool final) {
                                  const vid_t w = entries(begin + k);
                                  const bool kept = keep(static_cast<vid_t>(i), w);
                                  if (kept && final) {
                                    out_entries(first + position) = target(w);
                                    if (weighted) out_weights(first + position) = in_weights(begin + k);
                                  }
                                  position += kept ? 1 : 0;
                                });
        });
      });
  return out;
}

}  // namespace

template <class ExecSpace>
CsrGraph<typename ExecSpace::memory_space> orient(const ExecSpace& space,
                                                  const CsrGraph<typename ExecSpace::memory_space>& g,
                                                  Orientation orientation) {
  TESSERA_USER_REQUIRE(!g.directed, "orient() needs an undirected (symmetric) graph");
  const bool by_degree = orientation == Orientation::degree;
  auto row_map = g.row_map;
  // u precedes v in the total order that defines the DAG.
  auto precedes = [=] KOKKOS_FUNCTION(vid_t u, vid_t v) {
    if (by_degree) {
      const eid_t du = row_map(u + 1) - row_map(u), dv = row_map(v + 1) - row_map(v);
      if (du != dv) return du < dv;
    }
    return u < v;
  };
  auto identity = KOKKOS_LAMBDA(const vid_t v) { return v; };
  // Rows stay sorted: the kept entries keep their order.
  auto dag = filtered_rows(space, g, identity, precedes, identity);
  dag.labels = g.labels;
  dag.directed = true;
  space.fence();
  return dag;
}

namespace {

// Which neighbours a renumbered row keeps: all of them (a relabeled copy of the graph) or only
// those with a larger new id (the DAG of the new order, without building the full copy first).
enum class KeptNeighbours { all, later };

// Sorts (rank, id) keys packed in 64 bits and reads the numbering off them.
template <class ExecSpace>
VertexOrder<ExecSpace> order_of_keys(const ExecSpace& space,
                                     const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& keys) {
  using memory_space = typename ExecSpace::memory_space;
  using policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  const std::int64_t n = static_cast<std::int64_t>(keys.extent(0));
  detail::sort_keys<ExecSpace>(keys);
  VertexOrder<ExecSpace> out;
  out.new_id = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::relabel::new_id"), n);
  out.old_id = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::relabel::old_id"), n);
  auto new_id = out.new_id;
  auto old_id = out.old_id;
  Kokkos::parallel_for(
      "tessera::relabel::permutation", policy(space, 0, n), KOKKOS_LAMBDA(const std::int64_t i) {
        const vid_t v = static_cast<vid_t>(keys(i) & 0xffffffff);
        old_id(i) = v;
        new_id(v) = static_cast<vid_t>(i);
      });
  return out;
}

template <class ExecSpace>
Relabeled<ExecSpace> renumber_by_degree(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& g,
                                        bool descending, KeptNeighbours kept) {
  using memory_space = typename ExecSpace::memory_space;
  using policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  const vid_t n = g.num_vertices();
  auto row_map = g.row_map;
  // Key = (degree rank, old id) packed in 64 bits; sorting the keys gives the new order.
  Kokkos::View<std::int64_t*, memory_space> keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::relabel::keys"), n);
  Kokkos::parallel_for(
      "tessera::relabel::keys", policy(space, 0, n), KOKKOS_LAMBDA(const vid_t v) {
        const std::int64_t d = row_map(v + 1) - row_map(v);
        const std::int64_t rank = descending ? (std::int64_t(1) << 31) - 1 - d : d;
        keys(v) = (rank << 32) | static_cast<std::int64_t>(v);
      });
  const VertexOrder<ExecSpace> order = order_of_keys(space, keys);
  Relabeled<ExecSpace> out;
  out.new_id = order.new_id;
  const auto new_id = order.new_id;
  const auto old_id = order.old_id;
  const bool later_only = kept == KeptNeighbours::later;
  auto old_of = KOKKOS_LAMBDA(const vid_t i) { return old_id(i); };
  auto keeps = KOKKOS_LAMBDA(const vid_t i, const vid_t w) { return !later_only || new_id(w) > i; };
  auto new_of = KOKKOS_LAMBDA(const vid_t w) { return new_id(w); };
  CsrGraph<memory_space> h = filtered_rows(space, g, old_of, keeps, new_of);
  h.directed = later_only || g.directed;
  if (h.has_weights())
    detail::sort_rows(space, h.row_map, h.entries, h.weights);
  else
    detail::sort_rows(space, h.row_map, h.entries);
  if (g.has_labels()) {
    h.labels = Kokkos::View<label_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::labels"), n);
    auto new_labels = h.labels;
    auto old_labels = g.labels;
    Kokkos::parallel_for(
        "tessera::relabel::labels", policy(space, 0, n),
        KOKKOS_LAMBDA(const vid_t i) { new_labels(i) = old_labels(old_id(i)); });
  }
  space.fence();
  out.graph = h;
  return out;
}

}  // namespace

template <class ExecSpace>
Relabeled<ExecSpace> relabel_by_degree(const ExecSpace& space,
                                       const CsrGraph<typename ExecSpace::memory_space>& g,
                                       bool descending) {
  return renumber_by_degree(space, g, descending, KeptNeighbours::all);
}

template <class ExecSpace>
Relabeled<ExecSpace> orient_relabeled_by_degree(const ExecSpace& space,
                                                const CsrGraph<typename ExecSpace::memory_space>& g) {
  TESSERA_USER_REQUIRE(!g.directed, "orient_relabeled_by_degree() needs an undirected (symmetric) graph");
  return renumber_by_degree(space, g, /*descending=*/false, KeptNeighbours::later);
}

template <class ExecSpace>
VertexOrder<ExecSpace> order_by_degree(const ExecSpace& space,
                                       const Kokkos::View<const vid_t*, typename ExecSpace::memory_space>& degree) {
  using memory_space = typename ExecSpace::memory_space;
  using policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  const std::int64_t n = static_cast<std::int64_t>(degree.extent(0));
  Kokkos::View<std::int64_t*, memory_space> keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::relabel::keys"), n);
  Kokkos::parallel_for(
      "tessera::relabel::degree_keys", policy(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        keys(v) = (static_cast<std::int64_t>(degree(v)) << 32) | v;
      });
  auto out = order_of_keys(space, keys);
  space.fence();
  return out;
}

template <class ExecSpace>
CsrGraph<typename ExecSpace::memory_space> orient_rows_by_numbering(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& rows, vid_t first,
    const Kokkos::View<const vid_t*, typename ExecSpace::memory_space>& new_id) {
  TESSERA_USER_REQUIRE(!rows.directed, "orient_rows_by_numbering() needs rows of an undirected graph");
  auto identity = KOKKOS_LAMBDA(const vid_t i) { return i; };
  auto later = KOKKOS_LAMBDA(const vid_t i, const vid_t w) { return new_id(w) > new_id(first + i); };
  auto new_of = KOKKOS_LAMBDA(const vid_t w) { return new_id(w); };
  CsrGraph<typename ExecSpace::memory_space> dag = filtered_rows(space, rows, identity, later, new_of);
  detail::sort_rows(space, dag.row_map, dag.entries);
  dag.directed = true;
  space.fence();
  return dag;
}

#define TESSERA_INST(Space)                                                                           \
  template CsrGraph<Space::memory_space> orient<Space>(const Space&, const CsrGraph<Space::memory_space>&, \
                                                       Orientation);                                    \
  template Relabeled<Space> relabel_by_degree<Space>(const Space&, const CsrGraph<Space::memory_space>&,  \
                                                     bool);                                             \
  template Relabeled<Space> orient_relabeled_by_degree<Space>(const Space&,                               \
                                                              const CsrGraph<Space::memory_space>&);   \
  template VertexOrder<Space> order_by_degree<Space>(const Space&,                                        \
                                                     const Kokkos::View<const vid_t*, Space::memory_space>&); \
  template CsrGraph<Space::memory_space> orient_rows_by_numbering<Space>(                                 \
      const Space&, const CsrGraph<Space::memory_space>&, vid_t,                                          \
      const Kokkos::View<const vid_t*, Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera
