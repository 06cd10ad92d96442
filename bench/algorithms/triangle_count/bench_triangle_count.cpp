// Triangle counting: every variant x intersection of tessera::triangle_count, the Kokkos
// Kernels baseline and a serial host count, on the same graphs in one process.
//
// Graphs: Kronecker (edge factor 16) at the scales in TESSERA_BENCH_TC_SCALES (default
// "16,18,20"), plus shipped real graphs when TESSERA_DATA_DIR is set: the names in
// TESSERA_BENCH_TC_GRAPHS (default below; "all" = every row of ground_truth.csv) with at most
// TESSERA_BENCH_TC_MAX_EDGES undirected edges (default 10^7). Graphs are built once, on the
// default execution space, and cached for the whole run.
//
// TESSERA_BENCH_TC_OPTIONS="name=value,..." sets triangle-counting options for every
// configuration (tc_options.hpp: the table the CLI and the YAML task read; e.g. orientation=id);
// variant and intersection are swept.
//
// Time: manual, the library's count_seconds (preprocessing is reported separately). Counters:
// m, triangles, preprocess_s, count_s, edges_per_s = m / count_s and ratio_vs_kokkos_kernels =
// Kokkos Kernels count time / this count time, against a Kokkos Kernels run made in this
// process (once per graph, cached; triangle_ll on host spaces, spgemm_masked on GPUs). Every count is checked against the serial reference (and
// ground truth for real graphs); a mismatch fails the benchmark through SkipWithError.
#include <benchmark/benchmark.h>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/triangle_count/kokkos_kernels_baseline.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/allocation_tracker.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "algorithms/triangle_count/tc_options.hpp"
#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/graph/builder.hpp"
#include "core/graph/orientation.hpp"
#include "io/generators/random_graphs.hpp"
#include "io/graph_io.hpp"
#include "bench/support/bench_env.hpp"
#include "bench/support/bench_registry.hpp"
#include "tests/reference/serial_triangle_count.hpp"
#include "tests/support/test_support.hpp"

namespace {

using Space = Kokkos::DefaultExecutionSpace;
using tessera::count_t;

// --- what to run --------------------------------------------------------------------------

struct GraphSpec {
  std::string name;                 // in benchmark names: "kron16", "ego-Facebook"
  int scale = 0;                    // Kronecker when > 0
  std::string path;                 // file otherwise
  std::optional<count_t> expected;  // ground truth, when known
};

using tessera::bench::assignments;
using tessera::bench::env_or;
using tessera::bench::split;

std::vector<int> kronecker_scales() {
  std::vector<int> scales;
  for (const auto& s : split(env_or("TESSERA_BENCH_TC_SCALES", "16,18,20"), ',')) scales.push_back(std::stoi(s));
  return scales;
}

// The shipped graphs named in TESSERA_BENCH_TC_GRAPHS (with TESSERA_DATA_DIR set), with their
// ground-truth triangle counts.
std::vector<GraphSpec> real_graphs() {
  if (env_or("TESSERA_DATA_DIR", "").empty() || !tessera::test::data_available()) return {};
  const auto wanted = split(env_or("TESSERA_BENCH_TC_GRAPHS",
                                   "ego-Facebook,ca-HepPh,cit-HepTh,email-Enron,wiki-Vote,as-caida20071105"),
                            ',');
  const bool all = wanted.size() == 1 && wanted[0] == "all";
  const long long max_edges = std::stoll(env_or("TESSERA_BENCH_TC_MAX_EDGES", "10000000"));
  std::vector<GraphSpec> out;
  for (const auto& row : tessera::test::read_ground_truth()) {
    if (!all && std::find(wanted.begin(), wanted.end(), row.at("name")) == wanted.end()) continue;
    if (row.integer("m") > max_edges) continue;
    GraphSpec g;
    g.name = row.at("name");
    g.path = tessera::test::data_path(row.at("file"));
    if (!row.at("triangles").empty()) g.expected = static_cast<count_t>(row.integer("triangles"));
    out.push_back(g);
  }
  return out;
}

// --- graphs and reference results, built once per process ---------------------------------

struct CachedGraph {
  tessera::DeviceGraph graph;
  std::optional<count_t> reference;       // serial count
  std::optional<double> kk_count_seconds;  // Kokkos Kernels, first run in this process
  std::optional<count_t> kk_triangles;
  std::string kk_unavailable;              // why the baseline cannot run on this backend
};

std::map<std::string, std::unique_ptr<CachedGraph>>& cache() {
  static std::map<std::string, std::unique_ptr<CachedGraph>> graphs;
  return graphs;
}

CachedGraph& cached(const GraphSpec& spec) {
  auto& graphs = cache();
  auto it = graphs.find(spec.name);
  if (it != graphs.end()) return *it->second;
  // Views must die before Kokkos::finalize: empty the cache from its finalize hook.
  if (graphs.empty()) Kokkos::push_finalize_hook([] { cache().clear(); });
  auto entry = std::make_unique<CachedGraph>();
  if (spec.scale > 0) {
    tessera::gen::KroneckerParams p;
    p.scale = spec.scale;
    p.edge_factor = 16;
    entry->graph = tessera::build_graph(Space{}, tessera::gen::kronecker(Space{}, p));
  } else {
    entry->graph = tessera::io::load_graph(spec.path).graph;
  }
  Space().fence();
  return *graphs.emplace(spec.name, std::move(entry)).first->second;
}

// Graphs above this many edges are not counted serially (minutes on one core).
long long serial_max_edges() {
  return std::stoll(env_or("TESSERA_BENCH_TC_SERIAL_MAX_EDGES", "30000000"));
}

// Kokkos Kernels' GPU SpGEMM faulted on small graphs on the H200 (BASELINE.md), which ends the
// process: on GPU spaces it only runs from TESSERA_BENCH_TC_KK_MIN_EDGES edges (default 10^6).
long long kokkos_kernels_min_edges() {
  return std::stoll(env_or("TESSERA_BENCH_TC_KK_MIN_EDGES", tessera::detail::is_gpu_space<Space>() ? "1000000" : "0"));
}

void ensure_kokkos_kernels(CachedGraph& g);

// The count every run is checked against: ground truth for real graphs, the serial count up
// to serial_max_edges(), otherwise Kokkos Kernels' count (an independent implementation).
struct Reference {
  count_t triangles = 0;
  const char* source = "";
};

std::optional<Reference> reference_count(const GraphSpec& spec, CachedGraph& g) {
  if (spec.expected) return Reference{*spec.expected, "ground truth"};
  if (g.graph.num_edges() <= serial_max_edges()) {
    if (!g.reference)
      g.reference = tessera::test::serial_triangle_count(tessera::mirror_graph<Kokkos::HostSpace>(g.graph));
    return Reference{*g.reference, "serial reference"};
  }
  ensure_kokkos_kernels(g);
  if (g.kk_triangles) return Reference{*g.kk_triangles, "Kokkos Kernels count"};
  return std::nullopt;
}

// The Kokkos Kernels method the ratios are taken against: triangle_ll on host spaces,
// spgemm_masked on GPUs (BASELINE.md; its counts are checked), with
// TESSERA_BENCH_TC_KK_BLOCK_WEDGES wedges per SpGEMM call when set.
tessera::KokkosKernelsTriangleParams kokkos_kernels_params(
    tessera::KokkosKernelsMethod method = tessera::KokkosKernelsMethod::automatic) {
  tessera::KokkosKernelsTriangleParams params;
  params.method = method;
  params.allow_unreliable_gpu = true;  // every count is verified below
  params.max_block_wedges =
      std::stoull(env_or("TESSERA_BENCH_TC_KK_BLOCK_WEDGES", std::to_string(params.max_block_wedges)));
  return params;
}

void ensure_kokkos_kernels(CachedGraph& g) {
  if (g.kk_count_seconds || !g.kk_unavailable.empty()) return;
  if (g.graph.num_edges() < kokkos_kernels_min_edges()) {
    g.kk_unavailable = "Kokkos Kernels' GPU SpGEMM is not run below TESSERA_BENCH_TC_KK_MIN_EDGES edges";
    return;
  }
  try {
    const auto r = tessera::kokkos_kernels_triangle_count(Space{}, g.graph, kokkos_kernels_params());
    g.kk_count_seconds = r.count_seconds;
    g.kk_triangles = r.triangles;
  } catch (const tessera::UserError& e) {
    g.kk_unavailable = e.what();  // no ratio, no KK check
  }
}

// Checks a count; returns false (and fails the benchmark) on a mismatch or when nothing can
// check it.
bool verify(benchmark::State& state, const GraphSpec& spec, CachedGraph& g, count_t got) {
  const auto ref = reference_count(spec, g);
  std::string error;
  if (!ref)
    error = "no reference count at this size (raise TESSERA_BENCH_TC_SERIAL_MAX_EDGES)";
  else if (got != ref->triangles)
    error = "count " + std::to_string(got) + " != " + ref->source + " " + std::to_string(ref->triangles);
  if (error.empty()) return true;
  state.SkipWithError(error.c_str());
  return false;
}

// Kokkos Kernels' time, when its count was right: ratios against a wrong baseline mean nothing.
std::optional<double> verified_kokkos_kernels_seconds(const GraphSpec& spec, CachedGraph& g) {
  if (!g.kk_count_seconds) return std::nullopt;
  const auto ref = reference_count(spec, g);
  if (!ref || *g.kk_triangles != ref->triangles) return std::nullopt;
  return g.kk_count_seconds;
}

// Memory a run allocates in the graph's space beyond what existed before it (its peak minus
// the bytes held at its start): orientation, task lists and kernel buffers. Needs the
// allocation tracker bench/main.cpp installs.
class ExtraMemory {
 public:
  void start() {
    tessera::kokkos_ext::AllocationTracker::reset_peak();
    before_ = tessera::kokkos_ext::AllocationTracker::current_bytes(Space::memory_space::name());
  }
  void stop() {
    const auto peak = tessera::kokkos_ext::AllocationTracker::peak_bytes(Space::memory_space::name());
    max_extra_ = std::max(max_extra_, peak - std::min(peak, before_));
  }
  void report(benchmark::State& state, double m) const {
    if (!tessera::kokkos_ext::AllocationTracker::installed()) return;
    state.counters["peak_extra_mib"] = static_cast<double>(max_extra_) / (1 << 20);
    state.counters["extra_bytes_per_edge"] = m > 0 ? static_cast<double>(max_extra_) / m : 0;
  }

 private:
  std::uint64_t before_ = 0, max_extra_ = 0;
};

void report(benchmark::State& state, const GraphSpec& spec, CachedGraph& g, count_t triangles, double preprocess,
            double count, long long runs) {
  const double m = static_cast<double>(g.graph.num_edges());
  const double count_s = runs > 0 ? count / runs : 0;
  state.counters["m"] = m;
  state.counters["triangles"] = static_cast<double>(triangles);
  state.counters["preprocess_s"] = runs > 0 ? preprocess / runs : 0;
  state.counters["count_s"] = count_s;
  state.counters["edges_per_s"] = count_s > 0 ? m / count_s : 0;
  const auto kk_seconds = verified_kokkos_kernels_seconds(spec, g);
  if (kk_seconds && count_s > 0) state.counters["ratio_vs_kokkos_kernels"] = *kk_seconds / count_s;
}

// --- the benchmarks -----------------------------------------------------------------------

// The options of TESSERA_BENCH_TC_OPTIONS.
tessera::TriangleCountParams options_from_env() {
  tessera::TriangleCountParams p;
  for (const auto& [name, value] : assignments(env_or("TESSERA_BENCH_TC_OPTIONS", ""), ',', "TESSERA_BENCH_TC_OPTIONS"))
    tessera::apply_option(tessera::triangle_count_options(), p, name, value, "triangle-counting");
  return p;
}

void bench_tessera(benchmark::State& state, GraphSpec spec, tessera::TriangleCountParams params) {
  auto& g = cached(spec);
  ensure_kokkos_kernels(g);
  double preprocess = 0, count = 0;
  count_t triangles = 0;
  long long runs = 0;
  ExtraMemory memory;
  for (auto _ : state) {
    memory.start();
    const auto r = tessera::triangle_count(Space{}, g.graph, params);
    memory.stop();
    state.SetIterationTime(r.count_seconds);
    preprocess += r.preprocess_seconds;
    count += r.count_seconds;
    triangles = r.triangles;
    ++runs;
    state.SetLabel(std::string(tessera::to_string(r.variant)) + "/" + tessera::to_string(params.intersection));
    if (!verify(state, spec, g, triangles)) return;
  }
  report(state, spec, g, triangles, preprocess, count, runs);
  memory.report(state, static_cast<double>(g.graph.num_edges()));
}

void bench_kokkos_kernels(benchmark::State& state, GraphSpec spec, tessera::KokkosKernelsMethod method) {
  auto& g = cached(spec);
  ensure_kokkos_kernels(g);
  if (!g.kk_unavailable.empty()) {
    state.SkipWithError(g.kk_unavailable.c_str());
    return;
  }
  double preprocess = 0, count = 0;
  count_t triangles = 0;
  long long runs = 0;
  std::size_t blocks = 0;
  ExtraMemory memory;
  for (auto _ : state) {
    memory.start();
    const auto r = tessera::kokkos_kernels_triangle_count(Space{}, g.graph, kokkos_kernels_params(method));
    memory.stop();
    state.SetIterationTime(r.count_seconds);
    preprocess += r.preprocess_seconds;
    count += r.count_seconds;
    triangles = r.triangles;
    blocks = r.blocks;
    ++runs;
    if (!verify(state, spec, g, triangles)) return;
  }
  state.SetLabel("Kokkos Kernels " + tessera::to_string(method));
  state.counters["kk_blocks"] = static_cast<double>(blocks);
  report(state, spec, g, triangles, preprocess, count, runs);
  memory.report(state, static_cast<double>(g.graph.num_edges()));
}

// The serial reference itself (host copy made outside the timing; orientation included).
void bench_serial(benchmark::State& state, GraphSpec spec) {
  auto& g = cached(spec);
  ensure_kokkos_kernels(g);
  const auto host = tessera::mirror_graph<Kokkos::HostSpace>(g.graph);
  double count = 0;
  count_t triangles = 0;
  long long runs = 0;
  for (auto _ : state) {
    Kokkos::Timer timer;
    triangles = tessera::test::serial_triangle_count(host);
    const double t = timer.seconds();
    state.SetIterationTime(t);
    count += t;
    ++runs;
    if (!verify(state, spec, g, triangles)) return;
  }
  state.SetLabel("serial host");
  report(state, spec, g, triangles, 0, count, runs);
}

// The degree-ordered DAG that counting starts from, built the old way (relabel the whole graph,
// then orient) and in one pass (orient_relabeled_by_degree): both in this process, so the ratio
// of the two is the preprocessing gain.
void bench_degree_dag(benchmark::State& state, GraphSpec spec, bool one_pass) {
  auto& g = cached(spec);
  long long dag_entries = 0;
  for (auto _ : state) {
    Kokkos::Timer timer;
    if (one_pass) {
      dag_entries = tessera::orient_relabeled_by_degree(Space{}, g.graph).graph.num_entries();
    } else {
      const auto relabeled = tessera::relabel_by_degree(Space{}, g.graph, /*descending=*/false);
      dag_entries = tessera::orient(Space{}, relabeled.graph, tessera::Orientation::id).num_entries();
    }
    Space().fence();
    state.SetIterationTime(timer.seconds());
  }
  if (dag_entries != g.graph.num_edges()) state.SkipWithError("the DAG does not hold every edge once");
  state.SetLabel(one_pass ? "orient_relabeled_by_degree" : "relabel_by_degree + orient");
  state.counters["m"] = static_cast<double>(g.graph.num_edges());
}

void register_graph(const GraphSpec& spec, const std::string& prefix, bool smoke) {
  using tessera::Intersection;
  using tessera::TriangleVariant;
  std::vector<std::pair<TriangleVariant, Intersection>> configs;
  for (auto v : {TriangleVariant::masked, TriangleVariant::split})
    for (auto i : {Intersection::binary, Intersection::merge, Intersection::hash, Intersection::automatic})
      configs.emplace_back(v, i);
  configs.emplace_back(TriangleVariant::automatic, Intersection::automatic);

  auto finish = [&](benchmark::internal::Benchmark* b) {
    b->UseManualTime()->Unit(benchmark::kMillisecond);
    if (smoke) b->Iterations(2);
  };
  const std::string base = prefix + spec.name + "/";
  // Both Kokkos Kernels methods where they run (triangle_ll has no GPU kernel in 3.4.01).
  finish(benchmark::RegisterBenchmark((base + "kokkos_kernels_spgemm_masked").c_str(), bench_kokkos_kernels, spec,
                                      tessera::KokkosKernelsMethod::spgemm_masked));
  if (Kokkos::SpaceAccessibility<Kokkos::HostSpace, Space::memory_space>::accessible)
    finish(benchmark::RegisterBenchmark((base + "kokkos_kernels_triangle_ll").c_str(), bench_kokkos_kernels, spec,
                                        tessera::KokkosKernelsMethod::triangle_ll));
  for (const auto& [variant, intersection] : configs) {
    tessera::TriangleCountParams params = options_from_env();
    params.variant = variant;
    params.intersection = intersection;
    const std::string name = base + tessera::to_string(variant) + "/" + tessera::to_string(intersection);
    finish(benchmark::RegisterBenchmark(name.c_str(), bench_tessera, spec, params));
  }
  for (const bool one_pass : {false, true})
    finish(benchmark::RegisterBenchmark((base + (one_pass ? "degree_dag/one_pass" : "degree_dag/two_pass")).c_str(),
                                        bench_degree_dag, spec, one_pass));
  const bool too_large_for_serial = spec.scale > 0 && (16LL << spec.scale) > serial_max_edges();
  if (!too_large_for_serial) finish(benchmark::RegisterBenchmark((base + "serial").c_str(), bench_serial, spec));
}

void register_all() {
  register_graph(GraphSpec{"kron8", 8, "", std::nullopt}, "smoke/tc/", true);
  for (int scale : kronecker_scales())
    register_graph(GraphSpec{"kron" + std::to_string(scale), scale, "", std::nullopt}, "tc/", false);
  for (const auto& spec : real_graphs()) register_graph(spec, "tc/", false);
}

[[maybe_unused]] const bool queued = tessera::bench::defer_registration(register_all);

}  // namespace
