#include "algorithms/triangle_count/triangle_count.hpp"

#include "algorithms/triangle_count/counting_dag.hpp"
#include "algorithms/triangle_count/kernels.hpp"
#include "core/error.hpp"
#include "core/util/names.hpp"
#include "core/kokkos_ext/instantiate.hpp"

namespace tessera {

TriangleVariant parse_triangle_variant(const std::string& name) {
  for (auto v : {TriangleVariant::masked, TriangleVariant::split, TriangleVariant::automatic})
    if (same_name(name, to_string(v))) return v;
  throw UserError("unknown triangle-counting variant '" + name + "' (expected masked, split or auto)");
}

Intersection parse_intersection(const std::string& name) {
  for (auto i : {Intersection::binary, Intersection::merge, Intersection::hash, Intersection::automatic})
    if (same_name(name, to_string(i))) return i;
  throw UserError("unknown intersection '" + name + "' (expected binary, merge, hash or auto)");
}

const char* to_string(TriangleVariant v) {
  switch (v) {
    case TriangleVariant::masked: return "masked";
    case TriangleVariant::split: return "split";
    case TriangleVariant::automatic: return "auto";
  }
  return "?";
}

const char* to_string(Intersection i) {
  switch (i) {
    case Intersection::binary: return "binary";
    case Intersection::merge: return "merge";
    case Intersection::hash: return "hash";
    case Intersection::automatic: return "auto";
  }
  return "?";
}

namespace {

// Automatic choices (README.md documents and the benchmark measures them):
// sources whose out-degree is at least this are hubs for the hash kernel ...
constexpr eid_t k_auto_hub_out_degree = 128;
// ... on GPUs only where there are this many: the hub kernel runs a team per hub, and a few
// hundred teams leave most of a GPU's multiprocessors (132 on an H100 or H200) idle while they
// work through their hubs one out-edge per thread. ca-HepPh has 111 hubs holding 55% of the
// work: with them the count took 1.3x as long (H100: 200 against 155 us warm); Kronecker graphs
// have thousands (kron18: 5,052), where hashing them is 10-25% faster.
constexpr eid_t k_auto_gpu_min_hubs = 512;
// ... and tasks whose mean candidate list is at least this long get a whole team (split).
constexpr double k_auto_split_candidates = 64;
// The task kernel's grid, in waves of what the device holds at once (TriangleCountParams): each
// team pays a prologue and its share of the count's sum, so fewer, busier teams win while every
// multiprocessor stays full. Measured on the five small SNAP graphs (H200, lane sums on, against
// 8 waves): 1 wave 0.72-0.86x, 2 waves 0.80-0.89x, 4 waves 0.77-0.93x; kron20 1.01x each
// (measurements/2026-12-05-late/run8, one round). Two: most of the gain, with slack for skewed
// task lists.
constexpr int k_auto_grid_waves = 2;

int grid_waves(const TriangleCountParams& params) { return params.grid_waves > 0 ? params.grid_waves : k_auto_grid_waves; }

// The kernels of one count, the task kernel (masked or split) and the hub kernel, each adding its
// count to `sum` without a wait between them.
template <bool PerVertex, class ExecSpace>
void run_kernels(const ExecSpace& space, const detail::CountingDag<typename ExecSpace::memory_space>& d,
                 TriangleVariant variant, const TriangleCountParams& params,
                 const Kokkos::View<detail::tc_counter_t*, typename ExecSpace::memory_space>& per_vertex,
                 const Kokkos::View<count_t, typename ExecSpace::memory_space>& sum, bool launch_empty = false) {
  using memory_space = typename ExecSpace::memory_space;
  const Kokkos::View<const eid_t*, memory_space> row_map = d.dag.row_map;
  const Kokkos::View<const vid_t*, memory_space> entries = d.dag.entries;
  const DagTasks<memory_space> tasks{row_map, entries, d.task_src, d.task_pos};
  const detail::CountTarget<memory_space> target{sum, launch_empty};
  if (variant == TriangleVariant::split)
    detail::split_edge_kernel<PerVertex>(space, row_map, entries, tasks, params.intersection, per_vertex, target,
                                         grid_waves(params));
  else
    detail::masked_edge_kernel<PerVertex>(space, row_map, entries, tasks, params.intersection, d.mean_candidates,
                                          per_vertex, target, grid_waves(params), params.lane_sums);
  detail::hub_hash_kernel<PerVertex>(space, row_map, entries, d.hubs, d.max_hub_out_degree, per_vertex, target);
}

// Hash intersection: every source (auto: hubs only) hashes its out-neighbourhood once;
// sources too large for the scratch table stay in the task list.
template <class ExecSpace>
detail::HubRule hub_rule(Intersection intersection) {
  if (intersection == Intersection::hash) return {1, detail::k_hash_max_out_degree, 0};
  if (intersection != Intersection::automatic) return {};
  return {k_auto_hub_out_degree, detail::k_hash_max_out_degree, detail::is_gpu_space<ExecSpace>() ? k_auto_gpu_min_hubs : 0};
}

template <class MemorySpace>
TriangleVariant resolved(TriangleVariant variant, const detail::CountingDag<MemorySpace>& d) {
  if (variant != TriangleVariant::automatic) return variant;
  return d.mean_candidates >= k_auto_split_candidates ? TriangleVariant::split : TriangleVariant::masked;
}

}  // namespace

namespace detail {

template <class ExecSpace>
count_t count_oriented(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& dag,
                       const CountedSources<typename ExecSpace::memory_space>& sources,
                       const TriangleCountParams& params) {
  const auto d = mask_counting_dag(space, dag, sources, hub_rule<ExecSpace>(params.intersection));
  const Kokkos::View<count_t, typename ExecSpace::memory_space> sum(Kokkos::view_alloc(space, "tessera::tc::sum"));
  run_kernels<false>(space, d, resolved(params.variant, d), params, {}, sum);
  count_t total = 0;
  Kokkos::deep_copy(space, total, sum);
  space.fence();
  return total;
}

}  // namespace detail

template <class ExecSpace>
TriangleCountPlan<typename ExecSpace::memory_space> prepare_triangle_count(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, const TriangleCountParams& params) {
  using memory_space = typename ExecSpace::memory_space;
  Kokkos::Timer timer;
  TriangleCountPlan<memory_space> plan;
  auto dag = std::make_shared<detail::CountingDag<memory_space>>(detail::build_counting_dag(
      space, graph, params.orientation, hub_rule<ExecSpace>(params.intersection)));
  plan.tasks = dag->task_src.extent(0);
  plan.variant = resolved(params.variant, *dag);
  plan.dag = dag;
  plan.graph_rows = graph.row_map;
  plan.params = params;
  plan.sum = Kokkos::View<count_t, memory_space>("tessera::tc::sum");
  plan.sum_host = Kokkos::create_mirror_view(plan.sum);
  space.fence();
  plan.preprocess_seconds = timer.seconds();
  return plan;
}

template <class ExecSpace>
double warm_up_triangle_count(const ExecSpace& space, const TriangleCountPlan<typename ExecSpace::memory_space>& plan) {
  using memory_space = typename ExecSpace::memory_space;
  Kokkos::Timer timer;
  detail::CountingDag<memory_space> empty;  // no tasks, no hubs
  empty.dag = plan.dag->dag;
  empty.mean_candidates = plan.dag->mean_candidates;
  const Kokkos::View<detail::tc_counter_t*, memory_space> none;
  // Everything count_triangles launches, in its order: the sum's reset (a fill kernel of its
  // own, loaded at its first launch like the counting kernels), the kernels, the readback.
  Kokkos::deep_copy(space, plan.sum, count_t(0));
  if (plan.params.per_vertex)
    run_kernels<true>(space, empty, plan.variant, plan.params, none, plan.sum, true);
  else
    run_kernels<false>(space, empty, plan.variant, plan.params, none, plan.sum, true);
  Kokkos::deep_copy(space, plan.sum_host, plan.sum);
  space.fence();
  return timer.seconds();
}

template <class ExecSpace>
TriangleCountResult<typename ExecSpace::memory_space> count_triangles(
    const ExecSpace& space, const TriangleCountPlan<typename ExecSpace::memory_space>& plan) {
  using memory_space = typename ExecSpace::memory_space;
  TriangleCountResult<memory_space> result;
  const auto& d = *plan.dag;
  result.tasks = plan.tasks;
  result.variant = plan.variant;
  result.preprocess_seconds = plan.preprocess_seconds;
  result.launches = (plan.tasks > 0 ? 1 : 0) + (d.hubs.extent(0) > 0 ? 1 : 0);
  result.grid_waves = grid_waves(plan.params);
  const vid_t n = plan.graph_rows.extent(0) == 0 ? 0 : static_cast<vid_t>(plan.graph_rows.extent(0) - 1);
  const bool per_vertex_wanted = plan.params.per_vertex;
  Kokkos::View<detail::tc_counter_t*, memory_space> per_vertex;
  if (per_vertex_wanted) per_vertex = Kokkos::View<detail::tc_counter_t*, memory_space>("tessera::tc::per_vertex", n);

  Kokkos::Timer timer;
  Kokkos::deep_copy(space, plan.sum, count_t(0));  // the kernels add to it
  if (per_vertex_wanted)
    run_kernels<true>(space, d, plan.variant, plan.params, per_vertex, plan.sum);
  else
    run_kernels<false>(space, d, plan.variant, plan.params, per_vertex, plan.sum);
  Kokkos::deep_copy(space, plan.sum_host, plan.sum);
  space.fence();
  result.triangles = plan.sum_host();
  result.count_seconds = timer.seconds();

  if (per_vertex_wanted) {
    // Back to original ids, with local clustering coefficients from the original degrees.
    result.per_vertex = Kokkos::View<count_t*, memory_space>("tessera::tc::triangles_per_vertex", n);
    result.clustering = Kokkos::View<double*, memory_space>("tessera::tc::clustering", n);
    auto out = result.per_vertex;
    auto cc = result.clustering;
    auto new_id = d.new_id;
    auto row_map = plan.graph_rows;
    const bool relabeled = new_id.extent(0) != 0;
    Kokkos::parallel_for(
        "tessera::tc::per_vertex", Kokkos::RangePolicy<ExecSpace>(space, 0, n), KOKKOS_LAMBDA(const vid_t v) {
          const count_t t = per_vertex(relabeled ? new_id(v) : v);
          out(v) = t;
          const double deg = static_cast<double>(row_map(v + 1) - row_map(v));
          cc(v) = deg > 1 ? 2.0 * static_cast<double>(t) / (deg * (deg - 1)) : 0.0;
        });
    space.fence();
  }
  return result;
}

template <class ExecSpace>
TriangleCountResult<typename ExecSpace::memory_space> triangle_count(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, const TriangleCountParams& params) {
  return count_triangles(space, prepare_triangle_count(space, graph, params));
}

#define TESSERA_INST(Space)                                                                                    \
  template TriangleCountResult<Space::memory_space> triangle_count<Space>(const Space&,                        \
                                                                          const CsrGraph<Space::memory_space>&, \
                                                                          const TriangleCountParams&);          \
  template TriangleCountPlan<Space::memory_space> prepare_triangle_count<Space>(                               \
      const Space&, const CsrGraph<Space::memory_space>&, const TriangleCountParams&);                          \
  template double warm_up_triangle_count<Space>(const Space&, const TriangleCountPlan<Space::memory_space>&);  \
  template TriangleCountResult<Space::memory_space> count_triangles<Space>(const Space&,                       \
                                                                           const TriangleCountPlan<Space::memory_space>&); \
  template count_t detail::count_oriented<Space>(const Space&, const CsrGraph<Space::memory_space>&,         \
                                                 const detail::CountedSources<Space::memory_space>&,       \
                                                 const TriangleCountParams&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera
