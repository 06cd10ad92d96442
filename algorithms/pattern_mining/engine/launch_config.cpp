#include "algorithms/pattern_mining/engine/launch_config.hpp"

#include <algorithm>
#include <sstream>
#include <string>

#include "algorithms/pattern_mining/engine/compiled_plan.hpp"
#include "algorithms/pattern_mining/engine/local_bitmap.hpp"
#include "core/error.hpp"

namespace tessera::mining {

namespace {

bool power_of_two(int x) { return x > 0 && (x & (x - 1)) == 0; }

// Edge tasks unless asked otherwise or the plan needs vertex tasks: a one-vertex pattern, a
// listed one-edge pattern (it needs a DFS level to write from), or wedge aggregation of a
// 4-vertex plan (its y is level 1: one start vertex, all its wedges in one counter row).
bool needs_vertex_tasks(const EngineParams& params, const SearchPlan& plan, bool list) {
  const bool wedge_tasks = !list && params.optimizations.wedge && plan.count_last_wedges && plan.num_levels() == 4;
  return params.tasks == TaskKind::vertex || plan.num_levels() == 1 || (list && plan.num_levels() == 2) || wedge_tasks;
}

// Lanes and workers per team of the first launch. GPUs: 32 lanes (a warp per worker) and blocks
// of 128 threads (4 warps of 32 lanes, 8 of 16, ...), so the blocks-per-SM limit does not cap
// occupancy; hosts: one lane, one worker per team.
void resolve_team(const EngineParams& params, const DeviceInfo& device, KernelShape& shape) {
  TESSERA_USER_REQUIRE(params.lanes >= 0 && params.team_threads >= 0,
                       "lanes and team threads must be >= 0 (0: automatic), got " << params.lanes << " and " << params.team_threads);
  shape.lanes = params.lanes > 0 ? params.lanes : (device.gpu ? 32 : 1);
  TESSERA_USER_REQUIRE(shape.lanes <= device.max_lanes && power_of_two(shape.lanes),
                       "lanes must be a power of two of at most " << device.max_lanes << " (got " << shape.lanes << ")");
  shape.team_threads = params.team_threads > 0 ? params.team_threads : (device.gpu ? std::max(1, 128 / shape.lanes) : 1);
  TESSERA_USER_REQUIRE(shape.team_threads * shape.lanes <= device.max_team_size(),
                       "team threads × lanes must be at most " << device.max_team_size() << " here (got " << shape.team_threads
                                                               << " × " << shape.lanes << ")");
}

// The register cap's rule (k_register_cap_team_size): returns why a requested cap cannot apply
// to a team of this shape, "" when it does.
std::string register_cap_refusal(const DeviceInfo& device, const KernelShape& shape) {
  if (!device.gpu) return "host backend: no registers to cap";
  const int team = shape.team_threads * shape.lanes;
  if (team > k_register_cap_team_size)
    return "teams of " + std::to_string(team) + " threads (team-threads × lanes) exceed the capped kernels' " +
           std::to_string(k_register_cap_team_size);
  return "";
}

// Flat limits and pivots of a shape (they scale with its lanes).
void resolve_lane_paths(const EngineParams& params, const ResolvedLaunch& r, KernelShape& shape) {
  const EngineOptimizations& opt = params.optimizations;
  const EnginePlan& plan = r.plan;
  // H200 2026-11-30 afternoon round 1, 4-cliques: a limit of 4096 (128 × 32 lanes) instead of
  // 128 ran ca-HepPh in 3.27 instead of 3.71 ms and kron20 in 824 instead of 859 ms (512: 3.29 ms
  // on ca-HepPh); ego-Facebook and email-Enron (no shared list above 128) and 5-cliques equal.
  const eid_t flat_auto = shape.lanes > 1 ? 128 * static_cast<eid_t>(shape.lanes) : 0;
  const bool flat_possible = !r.list && opt.flat && !plan.wedge && plan.last_level > r.first_level;
  shape.flat_max = !flat_possible || params.flat_list_max < 0 ? 0 : params.flat_list_max > 0 ? params.flat_list_max : flat_auto;
  // Flat pairs: the last level must start from a reused list (the pairs' second members).
  const bool pairs_possible = flat_possible && plan.pair == 0 && plan.levels[plan.last_level].reuse >= 0;
  shape.flat_pairs_max = !pairs_possible || params.flat_pairs_max < 0 ? 0
                         : params.flat_pairs_max > 0                 ? params.flat_pairs_max
                         : shape.lanes > 1                           ? 8 * static_cast<eid_t>(shape.lanes)
                                                                     : 0;
  // Pivots: only when asked for. Measured against none: H200 2026-12-02 and 2026-12-05, 4-cliques
  // 0.89-1.00x the time without them on six graphs; H100 2026-12-05 (measurements/2026-12-05-eve-h200),
  // 4/5-cliques, diamonds, 4-cycles 0.85-1.00x, 4-motifs 0.91-1.19x: the extra barrier and copy cost
  // more than the probes they save on every graph measured.
  shape.pivots = params.pivots > 0 ? params.pivots : 0;
}

// Workers: enough to fill the device (concurrency / lanes), capped by the wedge counter and
// candidate buffer budgets.
void resolve_workers(const EngineParams& params, const DeviceInfo& device, const ResolvedLaunch& r, KernelShape& shape) {
  int workers = params.teams > 0 ? params.teams : std::max(1, device.concurrency / shape.lanes);
  if (r.wedge_worker_bytes > 0) {
    const auto affordable = static_cast<long long>(params.wedge_budget_bytes / r.wedge_worker_bytes);
    TESSERA_USER_REQUIRE(affordable >= 1, "the wedge counters of one worker (" << r.wedge_worker_bytes
                                                                              << " bytes) exceed the wedge budget of "
                                                                              << params.wedge_budget_bytes << " bytes");
    workers = static_cast<int>(std::min<long long>(workers, affordable));
  }
  if (r.worker_bytes > 0) {
    const auto affordable = static_cast<long long>(params.buffer_budget_bytes / r.worker_bytes);
    TESSERA_USER_REQUIRE(affordable >= 1, "the candidate buffers of one team (" << r.worker_bytes << " bytes) exceed the buffer budget of "
                                                                              << params.buffer_budget_bytes << " bytes");
    workers = static_cast<int>(std::min<long long>(workers, affordable));
  }
  shape.workers = workers;
}

void resolve_shape(const EngineParams& params, const DeviceInfo& device, ResolvedLaunch& r, KernelShape& shape) {
  resolve_lane_paths(params, r, shape);
  resolve_workers(params, device, r, shape);
  if (!r.register_cap_requested || r.list) return;
  const std::string refusal = register_cap_refusal(device, shape);
  shape.register_cap = refusal.empty();
  if (!refusal.empty() && r.register_cap_note.empty()) r.register_cap_note = refusal;
}

// Work order: the heaviest few thousand tasks one per chunk (about 4 per worker), GPUs only by
// default (on hosts a few threads with dynamic chunks gain nothing).
eid_t resolve_order_head(const EngineParams& params, const DeviceInfo& device, bool list) {
  if (!params.optimizations.order || list) return 0;
  if (params.order_head > 0) return params.order_head;
  return device.gpu ? 4 * std::max<eid_t>(1, static_cast<eid_t>(device.concurrency) / 32) : 0;
}

// Memory per worker: candidate buffers and local bitmaps, and wedge counters (the only
// per-worker memory that grows with the graph instead of its maximum degree).
void resolve_worker_memory(ResolvedLaunch& r, const GraphDegrees& degrees) {
  r.local_words = r.local_max > 0 ? (r.local_max + r.plan.num_levels) * detail::words_for(r.local_max) : 0;
  r.wedge_stride = r.plan.wedge ? static_cast<eid_t>(degrees.vertices) : 0;
  r.worker_bytes = static_cast<std::size_t>(r.plan.num_slots) * static_cast<std::size_t>(r.width) * sizeof(vid_t) +
                   static_cast<std::size_t>(r.local_words) * sizeof(detail::word_t);
  r.wedge_worker_bytes = static_cast<std::size_t>(r.wedge_stride) * sizeof(unsigned int);
}

// Local search or the compiled plan without it (LaunchRules::local_search_min_edge_mean): on GPUs,
// counting, fixed depth not turned off, when the plan without local search is a compiled one and
// the lookup graph's edge mean is below the rule's. Replaces `plan` and says so, or returns "".
std::string choose_local_search(EnginePlan& plan, const EngineParams& params, const SearchPlan& search, int first_level,
                                bool list, const DeviceInfo& device, const GraphDegrees& degrees,
                                const LaunchRules& rules) {
  if (!plan.local_search || !device.gpu || list || first_level != 2 || !params.fixed_depth.value_or(true)) return "";
  EngineOptimizations without = params.optimizations;
  without.lgs = false;
  EnginePlan compiled = make_engine_plan(search, first_level, true, without);
  const double edge_mean = (compiled.oriented ? degrees.dag : degrees.graph).edge_mean;
  if (compiled_clique_size(compiled) == 0 || edge_mean >= rules.local_search_min_edge_mean) return "";
  plan = compiled;
  std::ostringstream note;
  note << "compiled plan without local search: edge_mean " << edge_mean << " < " << rules.local_search_min_edge_mean;
  return note.str();
}

}  // namespace

std::size_t ResolvedLaunch::buffer_bytes() const {
  auto bytes = [this](const KernelShape& s) {
    return (worker_bytes + wedge_worker_bytes + static_cast<std::size_t>(s.pivots) * sizeof(vid_t)) *
           static_cast<std::size_t>(s.workers);
  };
  return bytes(wide) + (has_narrow ? bytes(narrow) : 0);
}

ResolvedLaunch resolve_launch(const EngineParams& params, const SearchPlan& plan, bool list, const DeviceInfo& device,
                              const GraphDegrees& degrees, const LaunchRules& rules) {
  const EngineOptimizations& opt = params.optimizations;
  ResolvedLaunch r;
  r.list = list;
  r.tasks = needs_vertex_tasks(params, plan, list) ? TaskKind::vertex : TaskKind::edge;
  r.first_level = r.tasks == TaskKind::vertex ? 1 : 2;
  r.plan = make_engine_plan(plan, r.first_level, !list, opt);
  const std::string plan_note = choose_local_search(r.plan, params, plan, r.first_level, list, device, degrees, rules);
  r.ranked = r.plan.wedge;
  const int levels = r.plan.num_levels;
  // Automatic: GPUs, plans without a DFS loop level (pair-counted diamonds and the like: the
  // matched vertices and raw sets of finish() in registers, 2.5-6.5% faster on six graphs on an
  // H200), and the 4-clique, whose plan is compiled in (compiled_plan.hpp: 0.68-0.99x the
  // general kernel's time on six graphs, measurements/2026-12-06-mining/run4); other nested
  // loop levels (4-cycles, 4-motifs, the 4-clique with its plan read at run time) measured
  // 0.95-1.03x, no gain (measurements/2026-12-05-pm-h200/ab.csv).
  // Compiled 5-clique plans exist without local search only (choose_local_search's rule, or
  // --disable lgs: 0.46-0.96x the general kernel on five graphs, run5).
  const int compiled_k = compiled_clique_size(r.plan);
  const bool fixed_auto = device.gpu && (r.plan.last_level == r.first_level || compiled_k > 0);
  const bool fixed = params.fixed_depth.value_or(fixed_auto) && !list && !r.plan.wedge && r.first_level == 2 &&
                     levels >= k_fixed_depth_min && (levels <= k_fixed_depth_max || levels == compiled_k);
  r.fixed_levels = fixed ? levels : 0;
  r.compiled_plan = fixed && compiled_k == levels;
  r.width = r.plan.oriented ? degrees.dag.max : degrees.graph.max;
  r.probe_cost = params.probe_cost > 0 ? params.probe_cost : params.probe_cost < 0 ? 0 : device.gpu ? 1 : 4;
  // Local search: a split unit rebuilds the task's bitmap rows, so only tasks whose start list
  // (which bounds W = N(m0) ∩ N(m1)) exceeds the local limit are split.
  r.local_max = r.plan.local_search ? std::min<eid_t>(params.local_max_size, r.width) : 0;
  r.local_min = std::max<eid_t>(1, params.local_min_size);
  // Auto split length 512 on every backend: on the H200 (2026-11-30) splitting at 64 cost more
  // (each unit recomputes the first DFS level) than it saved (kron20 4-cliques 1.30 s split at
  // 64, 0.85 s unsplit); hubs beyond 512 candidates are still split.
  const eid_t split = !opt.balance ? -1 : params.split_length != 0 ? params.split_length : 512;
  r.split_length = split > 0 ? std::max(split, r.local_max) : split;
  // Wedge walks are split on GPUs (a hub's walk would leave a warp running long after the rest)
  // or when asked to (--split N); on hosts a few threads with dynamic chunks do not need it
  // (ego-Facebook 4-cycles, 2 cores: 25-40% slower split, each part searching every N(y)).
  r.split_wedges = device.gpu || params.split_length > 0;
  r.order_head = resolve_order_head(params, device, list);
  resolve_worker_memory(r, degrees);

  // The automatic choices (launch_rules.hpp) from the statistics of the graph the plan
  // intersects on; explicit parameters win.
  const DegreeStats& lookup = r.plan.oriented ? degrees.dag : degrees.graph;
  RuleInputs in;
  in.gpu = device.gpu;
  in.counting = !list;
  in.wedge = r.plan.wedge;
  in.local_search = r.plan.local_search;
  in.lookup_edge_mean = lookup.edge_mean;
  const AutoChoice chosen = auto_choice(rules, in);
  const bool auto_narrow = params.narrow_max == 0 && chosen.narrow_max > 0;
  const bool auto_cap = !params.register_cap.has_value() && chosen.register_cap;
  if (auto_narrow || auto_cap) r.auto_note = chosen.note;
  if (!plan_note.empty()) r.auto_note = plan_note + (r.auto_note.empty() ? "" : "; ") + r.auto_note;
  r.register_cap_requested = params.register_cap.value_or(chosen.register_cap);
  resolve_team(params, device, r.wide);
  resolve_shape(params, device, r, r.wide);

  // Narrow tasks (count mode): the tasks after the leading ones whose first DFS level starts from
  // a short list run in a second launch with fewer lanes per worker (more tasks in flight), in
  // teams of as many threads as the first launch's.
  const int narrow_lanes = params.narrow_lanes > 0 ? params.narrow_lanes : auto_narrow ? chosen.narrow_lanes : rules.narrow_lanes;
  TESSERA_USER_REQUIRE(narrow_lanes <= device.max_lanes && power_of_two(narrow_lanes),
                       "narrow lanes must be a power of two of at most " << device.max_lanes << " (got " << narrow_lanes << ")");
  const eid_t narrow_max = params.narrow_max != 0 ? params.narrow_max : chosen.narrow_max;
  r.has_narrow = !list && narrow_max > 0 && narrow_lanes < r.wide.lanes && !r.plan.wedge;
  if (r.has_narrow) {
    r.narrow_max = narrow_max;
    r.narrow.lanes = narrow_lanes;
    r.narrow.team_threads = std::max(1, r.wide.team_threads * r.wide.lanes / narrow_lanes);
    resolve_shape(params, device, r, r.narrow);
  }
  return r;
}

eid_t resolve_chunk(const EngineParams& params, eid_t units, int workers) {
  if (params.chunk_size > 0) return params.chunk_size;
  return std::clamp<eid_t>(units / (static_cast<eid_t>(std::max(1, workers)) * 16), 1, 64);
}

}  // namespace tessera::mining
