// Pattern mining applications on the generic DFS engine (paper 2): k-cliques (k = 4, 5),
// subgraph counting (diamond, 4-cycle, edge-induced), 3- and 4-motifs and the engine's
// triangle count, on every execution space the kernels are instantiated for (the GPU and the
// host when CUDA is the default), so one run gives the GPU/CPU ratio.
//
// Graphs: Kronecker (Graph500 / GAP parameters, edge factor 16) at the scales in
// TESSERA_BENCH_PM_SCALES (default "12,14"; on a GPU e.g. "16,18,20"), plus shipped real
// graphs when TESSERA_DATA_DIR is set: TESSERA_BENCH_PM_GRAPHS (default below; "all" = every
// row of ground_truth.csv) with at most TESSERA_BENCH_PM_MAX_EDGES edges (default 10^6).
// TESSERA_BENCH_PM_HOST=0 skips the host space on GPU builds (slow for large inputs).
// TESSERA_BENCH_PM_OPTIONS: engine options (name=value,...) for every run.
// TESSERA_BENCH_PM_DISABLE: the ablation, ';'-separated --disable lists (engine/optimizations.hpp).
// TESSERA_BENCH_PM_SHARES: multi-GPU scheduling without the GPUs (paper 2 §7): ';'-separated
// settings "ranks=R[,schedule=S][,chunk-size=N]" (the task share's options, engine_options.hpp);
// each rank's share runs in turn on this device, the time is the slowest rank's kernel time
// (what R devices would take, without contention; the graph preparation every rank repeats is
// left out, as in the unshared apps) and the counter `imbalance` is max / mean over the ranks.
//
// Time: manual, the engine's kernel time (EngineStats::mine_seconds; for motifs the whole
// count_motifs call, formulas included). Real-graph counts are checked against
// ground_truth.csv; a mismatch fails the benchmark through SkipWithError.
#include <benchmark/benchmark.h>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/pattern_mining/engine/engine_options.hpp"
#include "algorithms/pattern_mining/problems/mine.hpp"
#include "algorithms/pattern_mining/problems/motifs.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "core/util/parse_number.hpp"
#include "io/generators/random_graphs.hpp"
#include "io/graph_io.hpp"
#include "bench/support/bench_env.hpp"
#include "bench/support/bench_registry.hpp"
#include "tests/support/test_support.hpp"

namespace {

using tessera::count_t;
using namespace tessera::mining;

struct GraphSpec {
  std::string name;
  int scale = 0;                               // Kronecker when > 0
  std::string path;                            // file otherwise
  std::map<std::string, count_t> truth;        // ground_truth.csv columns, when known
};

using tessera::bench::assignments;
using tessera::bench::env_or;
using tessera::bench::split;

// The shipped graphs named in TESSERA_BENCH_PM_GRAPHS (with TESSERA_DATA_DIR set), with their
// ground-truth counts.
std::vector<GraphSpec> real_graphs() {
  if (env_or("TESSERA_DATA_DIR", "").empty() || !tessera::test::data_available()) return {};
  const auto wanted = split(env_or("TESSERA_BENCH_PM_GRAPHS", "ego-Facebook,ca-HepPh,ca-GrQc,email-Eu-core,wiki-Vote"), ',');
  const bool all = wanted.size() == 1 && wanted[0] == "all";
  const long long max_edges = std::stoll(env_or("TESSERA_BENCH_PM_MAX_EDGES", "1000000"));
  std::vector<GraphSpec> out;
  for (const auto& row : tessera::test::read_ground_truth()) {
    if (!all && std::find(wanted.begin(), wanted.end(), row.at("name")) == wanted.end()) continue;
    if (row.integer("m") > max_edges) continue;
    GraphSpec g;
    g.name = row.at("name");
    g.path = tessera::test::data_path(row.at("file"));
    for (const char* c : {"triangles", "k4", "k5", "C4_noninduced", "diamond_noninduced", "open_wedges", "ind_3star",
                          "ind_4path", "ind_tailedtri", "ind_4cycle", "ind_diamond", "ind_4clique"})
      if (!row.at(c).empty()) g.truth[c] = static_cast<count_t>(std::stoull(row.at(c)));
    out.push_back(g);
  }
  return out;
}

// Graphs are built once per memory space and kept until Kokkos::finalize.
template <class Space>
const tessera::CsrGraph<typename Space::memory_space>& cached(const GraphSpec& spec) {
  using graph_t = tessera::CsrGraph<typename Space::memory_space>;
  static std::map<std::string, std::unique_ptr<graph_t>> graphs;
  auto it = graphs.find(spec.name);
  if (it != graphs.end()) return *it->second;
  if (graphs.empty()) Kokkos::push_finalize_hook([] { graphs.clear(); });
  tessera::DeviceGraph g;
  if (spec.scale > 0) {
    tessera::gen::KroneckerParams p;
    p.scale = spec.scale;
    p.edge_factor = 16;
    g = tessera::build_graph(Kokkos::DefaultExecutionSpace{}, tessera::gen::kronecker(Kokkos::DefaultExecutionSpace{}, p));
  } else {
    g = tessera::io::load_graph(spec.path).graph;
  }
  auto entry = std::make_unique<graph_t>(tessera::mirror_graph<typename Space::memory_space>(g));
  Kokkos::fence();
  return *graphs.emplace(spec.name, std::move(entry)).first->second;
}

// One application: runs on a graph, returns (seconds, named counts).
struct Outcome {
  double seconds = 0;
  std::vector<std::pair<std::string, count_t>> counts;  // ground-truth column -> our count
  double imbalance = 0;                                 // shared runs: max / mean rank time
};

// A TESSERA_BENCH_PM_SHARES setting: the number of ranks and the share's options.
struct ShareSetting {
  int ranks = 1;
  TaskShare share;
  std::string name;  // the setting as given, appended to the benchmark's name
};

std::vector<ShareSetting> share_settings() {
  std::vector<ShareSetting> out;
  for (const auto& text : split(env_or("TESSERA_BENCH_PM_SHARES", ""), ';')) {
    ShareSetting setting;
    setting.name = text;
    EngineParams params;
    for (const auto& [name, value] : assignments(text, ',', "TESSERA_BENCH_PM_SHARES")) {
      if (name == "ranks")
        setting.ranks = static_cast<int>(tessera::option_integer("ranks", value, 1, 4096));
      else
        apply_option(share_options(), params, name, value, "task share");
    }
    setting.share = params.share;
    setting.share.ranks = setting.ranks;
    out.push_back(setting);
  }
  return out;
}

template <class Space>
using App = std::function<Outcome(const Space&, const tessera::CsrGraph<typename Space::memory_space>&)>;

template <class Space>
App<Space> pattern_app(Pattern p, std::string column, MineParams params) {
  return [p, column, params](const Space& s, const auto& g) {
    const auto r = mine(s, g, p, params);
    return Outcome{r.stats.mine_seconds, {{column, r.count}}};
  };
}

template <class Space>
App<Space> motif_app(int k, MineParams params) {
  return [k, params](const Space& s, const auto& g) {
    const auto m = count_motifs(s, g, k, params);
    static const std::map<std::string, std::string> column = {
        {"wedge", "open_wedges"},        {"triangle", "triangles"},     {"3-star", "ind_3star"},
        {"4-path", "ind_4path"},         {"tailed-triangle", "ind_tailedtri"}, {"4-cycle", "ind_4cycle"},
        {"diamond", "ind_diamond"},      {"4-clique", "ind_4clique"}};
    Outcome o{m.seconds, {}};
    for (const auto& [name, c] : m.induced) o.counts.emplace_back(column.at(name), c);
    return o;
  };
}

// The app's work split over the setting's ranks, each share run in turn: the counts summed,
// the time the slowest rank's.
template <class Space>
App<Space> shared_app(Pattern p, std::string column, MineParams params, ShareSetting setting) {
  return [p, column, params, setting](const Space& s, const auto& g) {
    Outcome o{0, {{column, 0}}};
    double sum = 0;
    for (int r = 0; r < setting.ranks; ++r) {
      MineParams shared = params;
      shared.engine.share = setting.share;
      shared.engine.share.rank = r;
      const auto result = mine(s, g, p, shared);
      const double seconds = result.stats.mine_seconds;  // kernel time, as the unshared apps
      o.counts[0].second += result.count;
      o.seconds = std::max(o.seconds, seconds);
      sum += seconds;
    }
    o.imbalance = sum > 0 ? o.seconds / (sum / setting.ranks) : 0;
    return o;
  };
}

template <class Space>
void bench_app(benchmark::State& state, GraphSpec spec, App<Space> app) {
  const auto& g = cached<Space>(spec);
  double total = 0;
  long long runs = 0;
  Outcome o;
  for (auto _ : state) {
    o = app(Space{}, g);
    state.SetIterationTime(o.seconds);
    total += o.seconds;
    ++runs;
    for (const auto& [column, got] : o.counts) {
      auto it = spec.truth.find(column);
      if (it != spec.truth.end() && it->second != got) {
        const std::string error = column + ": " + std::to_string(got) + " != ground truth " + std::to_string(it->second);
        state.SkipWithError(error.c_str());
        return;
      }
    }
  }
  state.counters["m"] = static_cast<double>(g.num_edges());
  state.counters["seconds"] = runs > 0 ? total / runs : 0;
  if (o.counts.size() == 1) state.counters["count"] = static_cast<double>(o.counts[0].second);
  if (o.imbalance > 0) state.counters["imbalance"] = o.imbalance;
  state.SetLabel(Space::name());
}

template <class Space>
void register_apps(const GraphSpec& spec, const std::string& prefix, bool smoke, const MineParams& params,
                   const std::string& suffix) {
  const std::vector<std::pair<std::string, App<Space>>> apps = {
      {"triangles", pattern_app<Space>(clique(3), "triangles", params)},
      {"4-clique", pattern_app<Space>(clique(4), "k4", params)},
      {"5-clique", pattern_app<Space>(clique(5), "k5", params)},
      {"diamond", pattern_app<Space>(pattern_by_name("diamond"), "diamond_noninduced", params)},
      {"4-cycle", pattern_app<Space>(pattern_by_name("4-cycle"), "C4_noninduced", params)},
      {"3-motifs", motif_app<Space>(3, params)},
      {"4-motifs", motif_app<Space>(4, params)},
  };
  std::vector<std::pair<std::string, App<Space>>> shared;
  for (const auto& setting : share_settings()) {  // the counted patterns, split over ranks
    shared.emplace_back("5-clique/" + setting.name, shared_app<Space>(clique(5), "k5", params, setting));
    shared.emplace_back("4-cycle/" + setting.name,
                        shared_app<Space>(pattern_by_name("4-cycle"), "C4_noninduced", params, setting));
  }
  if (smoke) {  // the shared path runs once in the smoke test too
    ShareSetting two;
    two.ranks = 2;
    two.share.ranks = 2;
    two.share.chunk_size = 3;
    shared.emplace_back("4-clique/ranks=2", shared_app<Space>(clique(4), "k4", params, two));
  }
  for (const auto& list : {apps, shared})
    for (const auto& [name, app] : list) {
      const std::string full = prefix + Space::name() + "/" + spec.name + "/" + name + suffix;
      auto* b = benchmark::RegisterBenchmark(full.c_str(), bench_app<Space>, spec, app);
      b->UseManualTime()->Unit(benchmark::kMillisecond);
      b->Iterations(smoke ? 1 : std::stoi(env_or("TESSERA_BENCH_PM_ITERATIONS", "3")));
    }
}

// The ablation settings to run: TESSERA_BENCH_PM_DISABLE, ';'-separated --disable lists
// (default "none"; e.g. "none;prune;lgs;flat;balance"). A setting other than none is appended
// to the application's name ("5-clique/-lgs").
std::vector<std::string> ablation_settings() { return split(env_or("TESSERA_BENCH_PM_DISABLE", "none"), ';'); }

// TESSERA_BENCH_PM_OPTIONS="name=value,...": engine options for every run (engine_options.hpp,
// the table the CLI and the YAML tasks read; e.g. "lanes=8,chunk=4"); `disable` is the ablation's.
MineParams options_from_env() {
  MineParams params;
  for (const auto& [name, value] : assignments(env_or("TESSERA_BENCH_PM_OPTIONS", ""), ',', "TESSERA_BENCH_PM_OPTIONS"))
    apply_option(engine_options(), params.engine, name, value, "mining engine");
  return params;
}

template <class Space>
void register_graph(const GraphSpec& spec, const std::string& prefix, bool smoke) {
  for (const auto& setting : smoke ? std::vector<std::string>{"none"} : ablation_settings()) {
    MineParams params = options_from_env();
    params.engine.optimizations = parse_disabled_optimizations(setting);
    const std::string suffix = setting == "none" ? "" : "/-" + setting;
    register_apps<Space>(spec, prefix, smoke, params, suffix);
  }
}

template <class Space>
void register_space() {
  register_graph<Space>(GraphSpec{"kron8", 8, "", {}}, "smoke/pm/", true);
  for (const auto& s : split(env_or("TESSERA_BENCH_PM_SCALES", "12,14"), ','))
    register_graph<Space>(GraphSpec{"kron" + s, std::stoi(s), "", {}}, "pm/", false);
  for (const auto& spec : real_graphs()) register_graph<Space>(spec, "pm/", false);
}

void register_all() {
  register_space<Kokkos::DefaultExecutionSpace>();
  if constexpr (!std::is_same_v<Kokkos::DefaultExecutionSpace, Kokkos::DefaultHostExecutionSpace>)
    if (env_or("TESSERA_BENCH_PM_HOST", "1") != "0") register_space<Kokkos::DefaultHostExecutionSpace>();
}

[[maybe_unused]] const bool queued = tessera::bench::defer_registration(register_all);

}  // namespace
