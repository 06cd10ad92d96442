#include "algorithms/triangle_count/counting_dag.hpp"

#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/scan.hpp"

namespace tessera::detail {

template <class ExecSpace>
CountingDag<typename ExecSpace::memory_space> build_counting_dag(const ExecSpace& space,
                                                                 const CsrGraph<typename ExecSpace::memory_space>& g,
                                                                 Orientation orientation, HubRule hubs) {
  TESSERA_USER_REQUIRE(!g.directed, "triangle counting needs an undirected graph (build it symmetrized)");
  if (orientation == Orientation::degree) {
    auto relabeled = orient_relabeled_by_degree(space, g);
    auto out = mask_counting_dag(space, relabeled.graph, {}, hubs);
    out.new_id = relabeled.new_id;
    return out;
  }
  return mask_counting_dag(space, orient(space, g, Orientation::id), {}, hubs);
}

template <class ExecSpace>
CountingDag<typename ExecSpace::memory_space> mask_counting_dag(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& dag,
    const CountedSources<typename ExecSpace::memory_space>& sources, HubRule rule) {
  using memory_space = typename ExecSpace::memory_space;
  CountingDag<memory_space> out;
  out.dag = dag;
  const auto row_map = out.dag.row_map;
  const auto entries = out.dag.entries;
  const vid_t n = out.dag.num_vertices();
  const eid_t m = out.dag.num_entries();

  // Source of every DAG entry (for the flat task list).
  Kokkos::View<vid_t*, memory_space> source(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::tc::entry_source"), m);
  Kokkos::parallel_for(
      "tessera::tc::entry_source", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, n),
      KOKKOS_LAMBDA(const std::int64_t v) {
        for (eid_t j = row_map(v); j < row_map(v + 1); ++j) source(j) = static_cast<vid_t>(v);
      });
  auto selected = KOKKOS_LAMBDA(const vid_t v) {
    const eid_t out = row_map(v + 1) - row_map(v);
    return rule.from > 0 && out >= rule.from && out <= rule.max && sources.counts(v);
  };
  // The hubs' slots, and their number, which decides whether they are taken at all.
  Kokkos::View<vid_t*, memory_space> hub_slot;
  vid_t num_hubs = 0;
  if (rule.from > 0) {
    hub_slot = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::tc::hub_slot"), n);
    num_hubs = chunked_scan<ExecSpace, vid_t>(
        "tessera::tc::hub_scan", space, n, KOKKOS_LAMBDA(const std::int64_t v, vid_t& sum, const bool final) {
          if (selected(static_cast<vid_t>(v))) {
            if (final) hub_slot(v) = sum;
            ++sum;
          }
        });
  }
  const bool any_hubs = num_hubs > 0 && num_hubs >= rule.min_count;
  auto is_hub = KOKKOS_LAMBDA(const vid_t v) { return any_hubs && selected(v); };
  auto keep = KOKKOS_LAMBDA(const eid_t j) {
    const vid_t a = source(j), b = entries(j);
    return !is_hub(a) && j + 1 < row_map(a + 1) && row_map(b + 1) > row_map(b) && sources.counts(a);
  };
  Kokkos::View<eid_t*, memory_space> slot(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::tc::task_slot"), m);
  const eid_t tasks = chunked_scan<ExecSpace, eid_t>(
      "tessera::tc::mask", space, m, KOKKOS_LAMBDA(const std::int64_t j, eid_t& sum, const bool final) {
        if (keep(j)) {
          if (final) slot(j) = sum;
          ++sum;
        }
      });
  out.task_src = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::tc::task_src"), tasks);
  out.task_pos = Kokkos::View<eid_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::tc::task_pos"), tasks);
  auto task_src = out.task_src;
  auto task_pos = out.task_pos;
  eid_t candidates = 0;
  Kokkos::parallel_reduce(
      "tessera::tc::flatten", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, m),
      KOKKOS_LAMBDA(const std::int64_t j, eid_t& sum) {
        if (!keep(j)) return;
        task_src(slot(j)) = source(j);
        task_pos(slot(j)) = j;
        sum += row_map(source(j) + 1) - (j + 1);
      },
      candidates);
  out.mean_candidates = tasks > 0 ? static_cast<double>(candidates) / tasks : 0.0;

  if (any_hubs) {
    out.hubs = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::tc::hubs"), num_hubs);
    auto hubs = out.hubs;
    Kokkos::parallel_reduce(
        "tessera::tc::hubs", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, n),
        KOKKOS_LAMBDA(const std::int64_t v, eid_t& mx) {
          if (!is_hub(static_cast<vid_t>(v))) return;
          hubs(hub_slot(v)) = static_cast<vid_t>(v);
          const eid_t out = row_map(v + 1) - row_map(v);
          if (out > mx) mx = out;
        },
        Kokkos::Max<eid_t>(out.max_hub_out_degree));
  }
  space.fence();
  return out;
}

#define TESSERA_INST(Space)                                                                          \
  template CountingDag<Space::memory_space> build_counting_dag<Space>(const Space&,                 \
                                                                      const CsrGraph<Space::memory_space>&, \
                                                                      Orientation, HubRule);            \
  template CountingDag<Space::memory_space> mask_counting_dag<Space>(                                \
      const Space&, const CsrGraph<Space::memory_space>&, const CountedSources<Space::memory_space>&, \
      HubRule);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::detail
