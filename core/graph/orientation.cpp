#include "core/graph/orientation.hpp"

#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/sort.hpp"

namespace tessera {

Orientation parse_orientation(const std::string& name) {
  if (name == "degree") return Orientation::degree;
  if (name == "id") return Orientation::id;
  throw UserError("unknown orientation '" + name + "' (expected degree or id)");
}

const char* to_string(Orientation o) {
  switch (o) {
    case Orientation::degree: return "degree";
    case Orientation::id: return "id";
  }
  return "?";
}

template <class ExecSpace>
CsrGraph<typename ExecSpace::memory_space> orient(const ExecSpace& space,
                                                  const CsrGraph<typename ExecSpace::memory_space>& g,
                                                  Orientation orientation) {
  using memory_space = typename ExecSpace::memory_space;
  using policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  TESSERA_USER_REQUIRE(!g.directed, "orient() needs an undirected (symmetric) graph");
  const vid_t n = g.num_vertices();
  const bool by_degree = orientation == Orientation::degree;
  auto row_map = g.row_map;
  auto entries = g.entries;
  // u precedes v in the total order that defines the DAG.
  auto precedes = [=] KOKKOS_FUNCTION(vid_t u, vid_t v) {
    if (by_degree) {
      const eid_t du = row_map(u + 1) - row_map(u), dv = row_map(v + 1) - row_map(v);
      if (du != dv) return du < dv;
    }
    return u < v;
  };
  Kokkos::View<eid_t*, memory_space> out_row_map("tessera::graph::dag_row_map", static_cast<std::size_t>(n) + 1);
  const eid_t total = detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::orient::count", space, std::int64_t(n) + 1,
      KOKKOS_LAMBDA(const std::int64_t u, eid_t& sum, const bool final) {
        if (final) out_row_map(u) = sum;
        if (u < n)
          for (eid_t j = row_map(u); j < row_map(u + 1); ++j) sum += precedes(u, entries(j)) ? 1 : 0;
      });
  CsrGraph<memory_space> dag;
  dag.row_map = out_row_map;
  dag.entries = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::dag_entries"), total);
  const bool weighted = g.has_weights();
  if (weighted) dag.weights = Kokkos::View<weight_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::dag_weights"), total);
  auto out_entries = dag.entries;
  auto out_weights = dag.weights;
  auto in_weights = g.weights;
  Kokkos::parallel_for(
      "tessera::orient::fill", policy(space, 0, n), KOKKOS_LAMBDA(const vid_t u) {
        eid_t p = out_row_map(u);
        for (eid_t j = row_map(u); j < row_map(u + 1); ++j) {
          if (!precedes(u, entries(j))) continue;
          out_entries(p) = entries(j);
          if (weighted) out_weights(p) = in_weights(j);
          ++p;
        }
      });
  dag.labels = g.labels;
  dag.directed = true;
  space.fence();
  return dag;
}

namespace {

// Which neighbours a renumbered row keeps: all of them (a relabeled copy of the graph) or only
// those with a larger new id (the DAG of the new order, without building the full copy first).
enum class KeptNeighbours { all, later };

template <class ExecSpace>
Relabeled<ExecSpace> renumber_by_degree(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& g,
                                        bool descending, KeptNeighbours kept) {
  using memory_space = typename ExecSpace::memory_space;
  using policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  const vid_t n = g.num_vertices();
  auto row_map = g.row_map;
  auto entries = g.entries;
  // Key = (degree rank, old id) packed in 64 bits; sorting the keys gives the new order.
  Kokkos::View<std::int64_t*, memory_space> keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::relabel::keys"), n);
  Kokkos::parallel_for(
      "tessera::relabel::keys", policy(space, 0, n), KOKKOS_LAMBDA(const vid_t v) {
        const std::int64_t d = row_map(v + 1) - row_map(v);
        const std::int64_t rank = descending ? (std::int64_t(1) << 31) - 1 - d : d;
        keys(v) = (rank << 32) | static_cast<std::int64_t>(v);
      });
  detail::sort_keys<ExecSpace>(keys);
  Relabeled<ExecSpace> out;
  out.new_id = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::relabel::new_id"), n);
  Kokkos::View<vid_t*, memory_space> old_id(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::relabel::old_id"), n);
  auto new_id = out.new_id;
  Kokkos::parallel_for(
      "tessera::relabel::permutation", policy(space, 0, n), KOKKOS_LAMBDA(const vid_t i) {
        const vid_t v = static_cast<vid_t>(keys(i) & 0xffffffff);
        old_id(i) = v;
        new_id(v) = i;
      });
  const bool later_only = kept == KeptNeighbours::later;
  auto keeps = KOKKOS_LAMBDA(const vid_t i, const vid_t w) { return !later_only || new_id(w) > i; };
  CsrGraph<memory_space> h;
  h.directed = later_only || g.directed;
  h.row_map = Kokkos::View<eid_t*, memory_space>("tessera::graph::row_map", static_cast<std::size_t>(n) + 1);
  auto new_row_map = h.row_map;
  const eid_t total = detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::relabel::row_map", space, std::int64_t(n) + 1,
      KOKKOS_LAMBDA(const std::int64_t i, eid_t& sum, const bool final) {
        if (final) new_row_map(i) = sum;
        if (i == n) return;
        const vid_t v = old_id(i);
        if (!later_only) {
          sum += row_map(v + 1) - row_map(v);
          return;
        }
        for (eid_t j = row_map(v); j < row_map(v + 1); ++j) sum += keeps(static_cast<vid_t>(i), entries(j)) ? 1 : 0;
      });
  h.entries = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::entries"), total);
  auto new_entries = h.entries;
  const bool weighted = g.has_weights();
  if (weighted) h.weights = Kokkos::View<weight_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::weights"), total);
  auto new_weights = h.weights;
  auto old_weights = g.weights;
  Kokkos::parallel_for(
      "tessera::relabel::entries", policy(space, 0, n), KOKKOS_LAMBDA(const vid_t i) {
        const vid_t v = old_id(i);
        eid_t p = new_row_map(i);
        for (eid_t j = row_map(v); j < row_map(v + 1); ++j) {
          if (!keeps(i, entries(j))) continue;
          new_entries(p) = new_id(entries(j));
          if (weighted) new_weights(p) = old_weights(j);
          ++p;
        }
      });
  if (weighted)
    detail::sort_rows(space, new_row_map, new_entries, new_weights);
  else
    detail::sort_rows(space, new_row_map, new_entries);
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

#define TESSERA_INST(Space)                                                                           \
  template CsrGraph<Space::memory_space> orient<Space>(const Space&, const CsrGraph<Space::memory_space>&, \
                                                       Orientation);                                    \
  template Relabeled<Space> relabel_by_degree<Space>(const Space&, const CsrGraph<Space::memory_space>&,  \
                                                     bool);                                             \
  template Relabeled<Space> orient_relabeled_by_degree<Space>(const Space&,                               \
                                                              const CsrGraph<Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera
