#include "core/graph/builder.hpp"

#include "core/error.hpp"
#include "core/kokkos_ext/atomics.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/sort.hpp"

namespace tessera {

namespace {

// Exclusive prefix sum of `counts` (length n+1, last element ignored) into a new offsets View.
template <class ExecSpace, class Counts>
Kokkos::View<eid_t*, typename ExecSpace::memory_space> exclusive_offsets(const ExecSpace& space,
                                                                         const Counts& counts,
                                                                         const char* label) {
  const std::int64_t n = static_cast<std::int64_t>(counts.extent(0)) - 1;
  Kokkos::View<eid_t*, typename ExecSpace::memory_space> offsets(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), n + 1);
  detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::build_graph::offsets", space, n + 1, KOKKOS_LAMBDA(const std::int64_t i, eid_t& sum, const bool final) {
        if (final) offsets(i) = sum;
        if (i < n) sum += static_cast<eid_t>(counts(i));
      });
  return offsets;
}

}  // namespace

template <class ExecSpace>
CsrGraph<typename ExecSpace::memory_space> build_graph(
    const ExecSpace& space, const EdgeArrays<typename ExecSpace::memory_space>& edges,
    const BuildOptions& options, BuildReport* report) {
  using memory_space = typename ExecSpace::memory_space;
  // 64-bit indices: symmetrized inputs exceed 2^31 entries.
  using policy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;
  const vid_t n = edges.num_vertices;
  const eid_t m = edges.size();
  TESSERA_USER_REQUIRE(n >= 0, "a graph cannot have " << n << " vertices");
  TESSERA_REQUIRE(edges.dst.extent(0) == edges.src.extent(0), "src/dst length mismatch");
  TESSERA_USER_REQUIRE(!edges.has_weights() || static_cast<eid_t>(edges.weights.extent(0)) == m,
                       "edge list has " << edges.weights.extent(0) << " weights for " << m << " edges");
  TESSERA_USER_REQUIRE(!edges.has_labels() || static_cast<vid_t>(edges.labels.extent(0)) == n,
                       "edge list has " << edges.labels.extent(0) << " labels for " << n << " vertices");
  const bool symmetrize = options.symmetrize;
  const bool drop_loops = options.remove_self_loops;
  auto src = edges.src;
  auto dst = edges.dst;

  // 1. Validate ids and count each row's entries (self-loops dropped, both directions if symmetric).
  // Counters are unsigned long long: the type CUDA's native 64-bit atomicAdd takes. With a
  // signed 64-bit type Kokkos 3.4 falls back to a compare-and-swap loop, which serializes badly
  // on the hub rows of skewed graphs.
  using counter_t = unsigned long long;
  Kokkos::View<counter_t*, memory_space> degree("tessera::build_graph::degree", static_cast<std::size_t>(n) + 1);
  eid_t bad_ids = 0, loops = 0;
  Kokkos::parallel_reduce(
      "tessera::build_graph::count", policy(space, 0, m),
      KOKKOS_LAMBDA(const eid_t i, eid_t& bad, eid_t& loop) {
        const vid_t u = src(i), v = dst(i);
        if (u < 0 || u >= n || v < 0 || v >= n) {
          ++bad;
          return;
        }
        if (u == v) {
          ++loop;
          if (drop_loops) return;
        }
        tessera::detail::atomic_increment(&degree(u));
        if (symmetrize && u != v) tessera::detail::atomic_increment(&degree(v));
      },
      bad_ids, loops);
  TESSERA_USER_REQUIRE(bad_ids == 0, bad_ids << " edge endpoint(s) lie outside the vertex range [0, " << n
                                              << "); fix the input or declare more vertices");

  // 2. Scatter into rows (unordered), then sort every row.
  auto row_map = exclusive_offsets(space, degree, "tessera::graph::row_map");
  eid_t total = 0;
  space.fence();
  Kokkos::deep_copy(total, Kokkos::subview(row_map, n));
  Kokkos::View<vid_t*, memory_space> entries(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::entries"), total);
  Kokkos::View<weight_t*, memory_space> weights;
  const bool weighted = edges.has_weights();
  if (weighted) weights = Kokkos::View<weight_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::weights"), total);
  auto in_weights = edges.weights;
  Kokkos::deep_copy(space, degree, 0);  // reused as per-row cursors
  Kokkos::parallel_for(
      "tessera::build_graph::scatter", policy(space, 0, m), KOKKOS_LAMBDA(const eid_t i) {
        const vid_t u = src(i), v = dst(i);
        if (u == v && drop_loops) return;
        const eid_t p = row_map(u) + static_cast<eid_t>(Kokkos::atomic_fetch_add(&degree(u), counter_t(1)));
        entries(p) = v;
        if (weighted) weights(p) = in_weights(i);
        if (symmetrize && u != v) {
          const eid_t q = row_map(v) + static_cast<eid_t>(Kokkos::atomic_fetch_add(&degree(v), counter_t(1)));
          entries(q) = u;
          if (weighted) weights(q) = in_weights(i);
        }
      });
  if (weighted)
    detail::sort_rows(space, row_map, entries, weights);
  else
    detail::sort_rows(space, row_map, entries);

  // 3. Remove duplicates: keep the first entry of every run of equal ids within a row; the
  //    kept entry takes the run's smallest weight (order-independent, hence deterministic).
  Kokkos::View<eid_t*, memory_space> kept_before(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::build_graph::kept"), total + 1);
  Kokkos::View<char*, memory_space> row_start("tessera::build_graph::row_start", total);
  Kokkos::parallel_for(
      "tessera::build_graph::mark_rows", policy(space, 0, n), KOKKOS_LAMBDA(const vid_t r) {
        if (row_map(r + 1) > row_map(r)) row_start(row_map(r)) = 1;
      });
  const eid_t unique_total = detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::build_graph::dedup_scan", space, total + 1,
      KOKKOS_LAMBDA(const std::int64_t j, eid_t& sum, const bool final) {
        if (final) kept_before(j) = sum;
        if (j < total && (row_start(j) || entries(j) != entries(j - 1))) ++sum;
      });
  Kokkos::View<eid_t*, memory_space> new_row_map(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::row_map"), static_cast<std::size_t>(n) + 1);
  Kokkos::parallel_for(
      "tessera::build_graph::dedup_rows", policy(space, 0, n + 1),
      KOKKOS_LAMBDA(const vid_t r) { new_row_map(r) = kept_before(row_map(r)); });
  Kokkos::View<vid_t*, memory_space> new_entries(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::entries"), unique_total);
  Kokkos::View<weight_t*, memory_space> new_weights;
  if (weighted) new_weights = Kokkos::View<weight_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::weights"), unique_total);
  Kokkos::parallel_for(
      "tessera::build_graph::dedup_copy", policy(space, 0, total), KOKKOS_LAMBDA(const eid_t j) {
        if (!(row_start(j) || entries(j) != entries(j - 1))) return;
        const eid_t out = kept_before(j);
        new_entries(out) = entries(j);
        if (weighted) {
          weight_t w = weights(j);
          for (eid_t k = j + 1; k < total && !row_start(k) && entries(k) == entries(j); ++k)
            w = weights(k) < w ? weights(k) : w;
          new_weights(out) = w;
        }
      });

  CsrGraph<memory_space> g;
  g.row_map = new_row_map;
  g.entries = new_entries;
  g.weights = new_weights;
  g.directed = !symmetrize;
  if (edges.has_labels()) {
    g.labels = Kokkos::View<label_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::labels"), n);
    Kokkos::deep_copy(space, g.labels, edges.labels);
  }

  // 4. Optional id compaction: vertices with no entries disappear, the others keep their order.
  //    In a directed graph a vertex with only in-arcs still has entries pointing to it, so
  //    "has an edge" is computed from both ends.
  vid_t removed = 0;
  if (options.compact_ids && n > 0) {
    Kokkos::View<vid_t*, memory_space> used("tessera::build_graph::used", static_cast<std::size_t>(n) + 1);
    auto rm = g.row_map;
    auto ent = g.entries;
    Kokkos::parallel_for(
        "tessera::build_graph::mark_used", policy(space, 0, n), KOKKOS_LAMBDA(const vid_t v) {
          if (rm(v + 1) > rm(v)) {
            used(v) = 1;
            for (eid_t j = rm(v); j < rm(v + 1); ++j) used(ent(j)) = 1;  // benign race: all write 1
          }
        });
    Kokkos::View<vid_t*, memory_space> new_id(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::build_graph::new_id"), static_cast<std::size_t>(n) + 1);
    const vid_t kept = detail::chunked_scan<ExecSpace, vid_t>(
        "tessera::build_graph::compact_scan", space, std::int64_t(n) + 1,
        KOKKOS_LAMBDA(const std::int64_t v, vid_t& sum, const bool final) {
          if (final) new_id(v) = sum;
          if (v < n) sum += used(v);
        });
    removed = n - kept;
    Kokkos::View<eid_t*, memory_space> compact_row_map(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::row_map"), static_cast<std::size_t>(kept) + 1);
    Kokkos::parallel_for(
        "tessera::build_graph::compact_rows", policy(space, 0, n + 1), KOKKOS_LAMBDA(const vid_t v) {
          if (v == n || used(v)) compact_row_map(new_id(v)) = rm(v);
        });
    Kokkos::parallel_for(
        "tessera::build_graph::compact_entries", policy(space, 0, ent.extent(0)),
        KOKKOS_LAMBDA(const eid_t j) { ent(j) = new_id(ent(j)); });
    if (g.has_labels()) {
      Kokkos::View<label_t*, memory_space> labels(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::labels"), kept);
      auto old_labels = g.labels;
      Kokkos::parallel_for(
          "tessera::build_graph::compact_labels", policy(space, 0, n), KOKKOS_LAMBDA(const vid_t v) {
            if (used(v)) labels(new_id(v)) = old_labels(v);
          });
      g.labels = labels;
    }
    g.row_map = compact_row_map;
  }
  space.fence();

  if (report) {
    report->input_edges = m;
    report->self_loops_removed = drop_loops ? loops : 0;
    const eid_t removed_entries = total - unique_total;
    report->duplicates_removed = symmetrize ? removed_entries / 2 : removed_entries;
    report->vertices_removed = removed;
  }
  return g;
}

DeviceGraph build_graph(const EdgeList& edges, const BuildOptions& options, BuildReport* report) {
  using space = Kokkos::DefaultExecutionSpace;
  return build_graph(space{}, to_edge_arrays<space::memory_space>(edges), options, report);
}

#define TESSERA_INST(Space)                                                              \
  template CsrGraph<Space::memory_space> build_graph<Space>(                             \
      const Space&, const EdgeArrays<Space::memory_space>&, const BuildOptions&, BuildReport*);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera
