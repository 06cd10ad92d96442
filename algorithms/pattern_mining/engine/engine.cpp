// Host side of the DFS engine: the graph's degree statistics, the launch (resolved by
// launch_config.hpp, tasks from task_list.hpp, allocated and run by launcher.hpp), listing
// batches. The kernel itself is dfs_kernel.hpp.
#include "algorithms/pattern_mining/engine/engine.hpp"

#include <algorithm>
#include <type_traits>
#include <vector>

#include "algorithms/pattern_mining/engine/launcher.hpp"
#include "algorithms/pattern_mining/engine/task_list.hpp"
#include "core/error.hpp"
#include "core/util/names.hpp"
#include "core/graph/orientation.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/scan.hpp"

namespace tessera::mining {

TaskKind parse_task_kind(const std::string& name) {
  for (auto kind : {TaskKind::edge, TaskKind::vertex})
    if (same_name(name, to_string(kind))) return kind;
  throw UserError("unknown task kind '" + name + "' (expected edge or vertex)");
}

std::size_t wedge_budget(long long mebibytes) {
  TESSERA_USER_REQUIRE(mebibytes >= 0, "the wedge counter budget must be >= 0 MiB (0: " << (k_default_wedge_budget >> 20)
                                                                                     << "), got " << mebibytes);
  return mebibytes == 0 ? k_default_wedge_budget : static_cast<std::size_t>(mebibytes) << 20;
}

const char* to_string(TaskKind kind) {
  switch (kind) {
    case TaskKind::edge: return "edge";
    case TaskKind::vertex: return "vertex";
  }
  return "?";
}

namespace {

template <class ExecSpace>
vid_t max_row_length(const ExecSpace& space, const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& row_map) {
  const eid_t n = static_cast<eid_t>(row_map.extent(0)) - 1;
  if (n <= 0) return 0;
  eid_t most = 0;
  Kokkos::parallel_reduce(
      "tessera::mining::max_degree", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>(space, 0, n),
      KOKKOS_LAMBDA(const eid_t v, eid_t& m) {
        const eid_t d = row_map(v + 1) - row_map(v);
        if (d > m) m = d;
      },
      Kokkos::Max<eid_t>(most));
  return static_cast<vid_t>(most);
}

// Maximum and mean row length, and the mean over row entries (Σ d² / Σ d): two reductions.
template <class ExecSpace>
DegreeStats degree_stats_of(const ExecSpace& space, const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& row_map) {
  DegreeStats s;
  const eid_t n = static_cast<eid_t>(row_map.extent(0)) - 1;
  if (n <= 0) return s;
  s.max = max_row_length(space, row_map);
  eid_t squares = 0;  // exact (kron20: about 1e13)
  Kokkos::parallel_reduce(
      "tessera::mining::degree_squares", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>(space, 0, n),
      KOKKOS_LAMBDA(const eid_t v, eid_t& sum) {
        const eid_t d = row_map(v + 1) - row_map(v);
        sum += d * d;
      },
      squares);
  eid_t entries = 0;
  Kokkos::deep_copy(entries, Kokkos::subview(row_map, n));
  s.mean = static_cast<double>(entries) / static_cast<double>(n);
  s.edge_mean = entries > 0 ? static_cast<double>(squares) / static_cast<double>(entries) : 0;
  return s;
}

template <class ExecSpace>
DeviceInfo device_info(const ExecSpace& space) {
  DeviceInfo d;
  d.gpu = tessera::detail::is_gpu_space<ExecSpace>();
  d.concurrency = static_cast<int>(space.concurrency());
  d.max_lanes = static_cast<int>(Kokkos::TeamPolicy<ExecSpace>::vector_length_max());
  return d;
}

template <class MemorySpace>
void check_launch_inputs(const MiningGraph<MemorySpace>& g, const SearchPlan& plan) {
  TESSERA_USER_REQUIRE(!g.graph.directed, "pattern mining needs an undirected (symmetric) graph");
  TESSERA_USER_REQUIRE(!plan.pattern.is_labelled() || g.graph.has_labels(),
                       "pattern '" << plan.pattern.name() << "' is labelled but the data graph has no vertex labels");
  TESSERA_REQUIRE(plan.num_levels() == plan.pattern.num_vertices(), "one plan level per pattern vertex");
  TESSERA_REQUIRE(!plan.use_oriented_dag || g.has_dag(), "clique plans need the oriented DAG (prepare_mining_graph)");
}

// The units before task `tasks` (the leading or wide tasks): the task count itself unless hubs
// were split (then one read of the units' prefix).
template <class ExecSpace>
eid_t units_before(const ExecSpace& space, const detail::TaskList<typename ExecSpace::memory_space>& t, eid_t tasks) {
  if (tasks <= 0 || t.unit_end.extent(0) == 0) return tasks;
  eid_t units = 0;
  space.fence();
  Kokkos::deep_copy(units, Kokkos::subview(t.unit_end, tasks - 1));
  return units;
}

// EngineStats of a prepared launch: sizes, shapes and the optimizations that took effect.
template <class ExecSpace, bool List>
void record_launch(const MiningGraph<typename ExecSpace::memory_space>& g, const ResolvedLaunch& r,
                   const detail::TaskList<typename ExecSpace::memory_space>& tasks, const detail::Launcher<ExecSpace, List>& l,
                   eid_t leading, EngineStats& stats) {
  stats.launch = r;
  stats.launch.wide = l.shape;
  stats.launch.narrow = l.narrow_shape;
  stats.launch.has_narrow = l.narrow_begin < l.total_units;
  stats.tasks = tasks.tasks;
  stats.units = tasks.units;
  stats.share_units = l.total_units;
  stats.teams = l.shape.workers;
  stats.lanes = l.shape.lanes;
  stats.team_threads = l.shape.team_threads;
  stats.narrow_units = l.total_units - l.narrow_begin;
  stats.narrow_lanes = stats.narrow_units > 0 ? l.narrow_shape.lanes : 0;
  stats.buffer_bytes = stats.launch.buffer_bytes();
  stats.task_bytes = (tasks.u.extent(0) + tasks.v.extent(0)) * sizeof(vid_t) + tasks.unit_end.extent(0) * sizeof(eid_t);
  stats.graph_bytes = (g.graph.row_map.extent(0) + g.dag.row_map.extent(0) + g.ranked.row_map.extent(0)) * sizeof(eid_t) +
                      (g.graph.entries.extent(0) + g.dag.entries.extent(0) + g.ranked.entries.extent(0)) * sizeof(vid_t);
  const auto& k = l.kernel;
  if (r.plan.count_by_size) stats.optimizations_ran.emplace_back("prune");
  if (r.plan.wedge) stats.optimizations_ran.emplace_back("wedge");
  if (r.local_max >= k.local_min) stats.optimizations_ran.emplace_back("lgs");
  if (k.flat_max > 0 || k.flat_pairs_max > 0) stats.optimizations_ran.emplace_back("flat");
  stats.flat_pairs = k.flat_pairs_max > 0;
  if (tasks.units > tasks.tasks) stats.optimizations_ran.emplace_back("balance");
  if (leading > 0) stats.optimizations_ran.emplace_back("order");
  stats.pairs_counted = r.plan.pair != 0;
}

// Everything a launch needs: the resolved launch (launch_config.hpp), then the task list, split
// units, and the workers' memory it describes.
template <class ExecSpace, bool List>
detail::Launcher<ExecSpace, List> prepare_launch(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& g,
                                         const SearchPlan& plan, const EngineParams& params, EngineStats& stats) {
  using memory_space = typename ExecSpace::memory_space;
  check_launch_inputs(g, plan);
  check_task_share(params.share);
  Kokkos::Timer timer;
  const ResolvedLaunch r = resolve_launch(params, plan, List, device_info(space), g.degrees);
  // Wedge aggregation runs on the degree-ranked copy when the graph has one.
  const CsrGraph<memory_space>& sym = r.ranked && g.has_ranked() ? g.ranked : g.graph;
  const CsrGraph<memory_space>& lookup = r.plan.oriented ? g.dag : sym;

  detail::TaskList<memory_space> tasks = detail::build_tasks(space, lookup, sym, r.plan, r.tasks);
  const eid_t leading = r.order_head > 0 ? detail::order_tasks_by_work(space, tasks, lookup, r.order_head) : 0;
  const eid_t wide_tasks =
      r.has_narrow ? detail::partition_narrow_tasks(space, tasks, lookup, r.plan, r.first_level, leading, r.narrow_max) : tasks.tasks;
  detail::split_hub_tasks(space, tasks, lookup, r.plan, r.first_level, r.split_length, r.split_wedges);

  detail::Launcher<ExecSpace, List> l;
  auto& k = l.kernel;
  k.lookup_rows = lookup.row_map;
  k.lookup_entries = lookup.entries;
  k.sym_rows = sym.row_map;
  k.sym_entries = sym.entries;
  k.labels = sym.labels;
  k.plan = r.plan;
  k.first_level = r.first_level;
  k.probe_cost = r.probe_cost;
  k.lane_sums = params.lane_sums;
  k.vote = params.vote;
  k.next_chunk = Kokkos::View<detail::atomic_counter_t, memory_space>("tessera::mining::next_chunk");
  l.count = Kokkos::View<count_t, memory_space>("tessera::mining::count");
  if (List) k.cursor = Kokkos::View<detail::atomic_counter_t, memory_space>("tessera::mining::cursor");
  k.task_u = tasks.u;
  k.task_v = tasks.v;
  k.unit_end = tasks.unit_end;
  // The share (task_share.hpp): the kernels walk this rank's units by local index; local order
  // is the sequence's order, so the narrow tail and the leading units stay a suffix and a
  // prefix of the share.
  k.share = params.share;
  k.share_total = tasks.units;
  l.total_units = params.share.owned(tasks.units);
  const eid_t narrow_units_begin = wide_tasks < tasks.tasks ? units_before(space, tasks, wide_tasks) : tasks.units;
  l.narrow_begin = params.share.owned_below(narrow_units_begin, tasks.units);
  k.single_units = params.share.owned_below(units_before(space, tasks, leading), tasks.units);  // this share's leading units

  l.fixed_levels = r.fixed_levels;
  l.compiled_plan = r.compiled_plan;
  l.shape = r.wide;
  l.shape.chunk = resolve_chunk(params, l.narrow_begin, l.shape.workers);
  detail::allocate_workers(space, r, l.shape, k);
  if (l.narrow_begin < l.total_units) {
    l.narrow_kernel = k;
    l.narrow_shape = r.narrow;
    l.narrow_shape.chunk = resolve_chunk(params, l.total_units - l.narrow_begin, l.narrow_shape.workers);
    detail::allocate_workers(space, r, l.narrow_shape, l.narrow_kernel);
    l.narrow_kernel.single_units = 0;
  }
  if (l.total_units > 0) l.warm_up(space);
  space.fence();
  record_launch(g, r, tasks, l, leading, stats);
  stats.task_seconds = timer.seconds();
  return l;
}

}  // namespace

template <class ExecSpace>
MiningGraph<typename ExecSpace::memory_space> prepare_mining_graph(const ExecSpace& space,
                                                                   const CsrGraph<typename ExecSpace::memory_space>& graph,
                                                                   bool with_dag, bool with_ranked) {
  TESSERA_USER_REQUIRE(!graph.directed, "pattern mining needs an undirected (symmetric) graph");
  MiningGraph<typename ExecSpace::memory_space> g;
  g.graph = graph;
  g.degrees.vertices = graph.num_vertices();
  g.degrees.graph = degree_stats_of(space, graph.row_map);
  if (with_dag) {
    g.dag = orient(space, graph, Orientation::degree);
    g.degrees.dag = degree_stats_of(space, g.dag.row_map);
  }
  if (with_ranked) g.ranked = relabel_by_degree(space, graph, /*descending=*/false).graph;
  space.fence();
  return g;
}

template <class ExecSpace>
count_t engine_count(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& graph,
                     const SearchPlan& plan, const EngineParams& params, EngineStats* stats) {
  EngineStats local;
  EngineStats& s = stats ? *stats : local;
  s = EngineStats{};
  if (graph.graph.num_vertices() == 0) return 0;
  auto launcher = prepare_launch<ExecSpace, false>(space, graph, plan, params, s);
  Kokkos::Timer timer;
  const count_t total = launcher.units() == 0 ? 0 : launcher.run_all(space);
  space.fence();
  s.batches = 1;
  s.mine_seconds = timer.seconds();
  return total;
}

template <class ExecSpace>
count_t engine_list(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& graph,
                    const SearchPlan& plan, const MatchSink& sink, const EngineParams& params, EngineStats* stats) {
  using memory_space = typename ExecSpace::memory_space;
  EngineStats local;
  EngineStats& s = stats ? *stats : local;
  s = EngineStats{};
  if (graph.graph.num_vertices() == 0) return 0;
  auto launcher = prepare_launch<ExecSpace, true>(space, graph, plan, params, s);
  Kokkos::Timer timer;
  const int width = plan.num_levels();
  std::size_t capacity = std::max<std::size_t>(1, params.list_batch_matches);
  using rows_view = Kokkos::View<vid_t**, Kokkos::LayoutRight, memory_space>;
  auto& out = launcher.kernel.out;
  out = rows_view(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::matches"), capacity, width);
  const eid_t units = launcher.units();
  // Batches of units whose matches fit the buffer: a batch that overflows is halved and
  // retried; a single unit that overflows grows the buffer to its size.
  eid_t batch = units;
  count_t total = 0;
  for (eid_t begin = 0; begin < units;) {
    const eid_t stop = std::min(units, begin + batch);
    const count_t found = launcher.run(space, begin, stop);
    ++s.batches;
    if (found > capacity) {
      if (stop - begin > 1) {
        batch = std::max<eid_t>(1, (stop - begin) / 2);
      } else {
        capacity = static_cast<std::size_t>(found);
        out = rows_view(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::matches"), capacity, width);
      }
      continue;
    }
    if (found > 0) {
      auto rows = Kokkos::subview(out, Kokkos::make_pair(std::size_t(0), static_cast<std::size_t>(found)), Kokkos::ALL);
      auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, rows);
      sink(host.data(), static_cast<std::size_t>(found), width);
    }
    total += found;
    begin = stop;
    if (found < capacity / 4 && batch < units) batch = std::min<eid_t>(units, 2 * batch);
  }
  space.fence();
  s.mine_seconds = timer.seconds();
  return total;
}

template <class ExecSpace>
count_t engine_domains(const ExecSpace& space, const MiningGraph<typename ExecSpace::memory_space>& graph,
                       const SearchPlan& plan, const DomainBitmaps<typename ExecSpace::memory_space>& domains,
                       const EngineParams& params, EngineStats* stats,
                       const DomainRowsByLabel<typename ExecSpace::memory_space>* rows_by_label) {
  static_assert(std::is_same_v<DomainWord, detail::domain_word_t>, "one domain word type");
  EngineStats local;
  EngineStats& s = stats ? *stats : local;
  s = EngineStats{};
  if (graph.graph.num_vertices() == 0) return 0;
  TESSERA_REQUIRE((rows_by_label != nullptr || domains.extent(0) >= static_cast<std::size_t>(plan.num_levels())) &&
                      domains.extent(1) * 32 >= static_cast<std::size_t>(graph.graph.num_vertices()),
                  "domain bitmaps need one row of num_vertices bits per pattern vertex");
  auto launcher = prepare_launch<ExecSpace, true>(space, graph, plan, params, s);
  launcher.kernel.domains = domains;
  if (rows_by_label != nullptr) {
    TESSERA_REQUIRE(rows_by_label->count >= 1 && rows_by_label->labels.extent(0) == static_cast<std::size_t>(graph.graph.num_vertices()),
                    "batched domains need a dense label per vertex");
    launcher.kernel.domain_rows = rows_by_label->rows;
    launcher.kernel.domain_labels = rows_by_label->labels;
    launcher.kernel.domain_label_count = rows_by_label->count;
  }
  Kokkos::Timer timer;
  const count_t total = launcher.units() == 0 ? 0 : launcher.run(space, 0, launcher.units());
  space.fence();
  s.batches = 1;
  s.mine_seconds = timer.seconds();
  return total;
}

#define TESSERA_INST(Space)                                                                                          \
  template MiningGraph<Space::memory_space> prepare_mining_graph<Space>(const Space&, const CsrGraph<Space::memory_space>&, \
                                                                        bool, bool);                                 \
  template count_t engine_count<Space>(const Space&, const MiningGraph<Space::memory_space>&, const SearchPlan&,       \
                                       const EngineParams&, EngineStats*);                                           \
  template count_t engine_list<Space>(const Space&, const MiningGraph<Space::memory_space>&, const SearchPlan&,        \
                                      const MatchSink&, const EngineParams&, EngineStats*);                     \
  template count_t engine_domains<Space>(const Space&, const MiningGraph<Space::memory_space>&, const SearchPlan&,     \
                                         const DomainBitmaps<Space::memory_space>&, const EngineParams&, EngineStats*, \
                                         const DomainRowsByLabel<Space::memory_space>*);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::mining
