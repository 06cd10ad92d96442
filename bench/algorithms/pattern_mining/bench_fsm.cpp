// Frequent subgraph mining (fsm/, paper 2 §5.2) on every execution space the kernels are
// instantiated for (GPU and host on CUDA builds: the GPU/CPU ratio in one run).
//
// Graphs: Kronecker (edge factor 16) at TESSERA_BENCH_FSM_SCALES (default "12"; on a GPU e.g.
// "18,20") with TESSERA_BENCH_FSM_LABELS generated labels (default 29, mico's label count), run
// at each setting of TESSERA_BENCH_FSM_RUNS: ';'-separated settings of fsm options
// (fsm/fsm_options.hpp, the table the CLI reads), default "max-edges=2,support=43" (about 200
// frequent patterns at scale 12). With TESSERA_DATA_DIR: citeseer and cora at every row of
// graphs/labelled/fsm_ground_truth.csv, the pattern count checked (SkipWithError otherwise).
//
// Time: manual, FsmResult::seconds (growth, engine runs and supports; not the graph build);
// counters engine_s and counts_s split the kernels between the engine and the label counts.
#include <benchmark/benchmark.h>

#include <Kokkos_Core.hpp>

#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/pattern_mining/fsm/fsm.hpp"
#include "algorithms/pattern_mining/fsm/fsm_options.hpp"
#include "bench/support/bench_env.hpp"
#include "bench/support/bench_registry.hpp"
#include "io/graph_io.hpp"
#include "tests/support/test_support.hpp"

namespace {

using tessera::count_t;
using namespace tessera::mining;
using tessera::bench::assignments;
using tessera::bench::env_or;
using tessera::bench::split;

struct FsmCase {
  std::string name;       // benchmark name part: graph and setting
  std::string source;     // generator spec or edge-list path
  std::string labels;     // label file ("" for generated labels)
  FsmParams params;
  long long expected = -1;  // frequent patterns, when known
};

FsmParams parse_setting(const std::string& setting) {
  FsmParams p;
  for (const auto& [name, value] : assignments(setting, ',', "TESSERA_BENCH_FSM_RUNS")) apply_fsm_option(p, name, value);
  validate(p);
  return p;
}

std::string setting_name(const FsmParams& p) {
  return "K" + std::to_string(p.max_edges) + "/s" + std::to_string(p.support);
}

// Graphs are loaded once per memory space and kept until Kokkos::finalize.
template <class Space>
const tessera::CsrGraph<typename Space::memory_space>& cached(const FsmCase& c) {
  using graph_t = tessera::CsrGraph<typename Space::memory_space>;
  static std::map<std::string, std::unique_ptr<graph_t>> graphs;
  const std::string key = c.source + "|" + c.labels;
  auto it = graphs.find(key);
  if (it != graphs.end()) return *it->second;
  if (graphs.empty()) Kokkos::push_finalize_hook([] { graphs.clear(); });
  tessera::io::GraphLoadOptions load;
  load.labels = c.labels;
  auto g = tessera::io::load_graph(c.source, load).graph;
  auto entry = std::make_unique<graph_t>(tessera::mirror_graph<typename Space::memory_space>(g));
  Kokkos::fence();
  return *graphs.emplace(key, std::move(entry)).first->second;
}

template <class Space>
void bench_fsm(benchmark::State& state, FsmCase c) {
  const auto& g = cached<Space>(c);
  FsmResult r;
  for (auto _ : state) {
    r = frequent_subgraphs(Space{}, g, c.params);
    state.SetIterationTime(r.seconds);
    if (c.expected >= 0 && static_cast<long long>(r.patterns.size()) != c.expected) {
      const std::string error = std::to_string(r.patterns.size()) + " frequent patterns != reference " + std::to_string(c.expected);
      state.SkipWithError(error.c_str());
      return;
    }
  }
  state.counters["patterns"] = static_cast<double>(r.patterns.size());
  state.counters["candidates"] = static_cast<double>(r.candidates);
  state.counters["matches"] = static_cast<double>(r.matches);
  state.counters["engine_s"] = r.engine_seconds;
  state.counters["counts_s"] = r.count_seconds;
  state.SetLabel(Space::name());
}

std::vector<FsmCase> reference_cases() {
  if (env_or("TESSERA_DATA_DIR", "").empty() || !tessera::test::data_available()) return {};
  const std::string folder = tessera::test::data_path("graphs/labelled/");
  std::ifstream csv(folder + "fsm_ground_truth.csv");
  std::vector<FsmCase> out;
  std::string line;
  std::getline(csv, line);  // header: graph,max_edges,sigma,support,frequent_patterns,...
  while (std::getline(csv, line)) {
    const auto f = split(line, ',');
    if (f.size() < 5) continue;
    FsmCase c;
    c.source = folder + f[0] + ".el.gz";
    c.labels = folder + f[0] + ".labels.gz";
    c.params = parse_setting("max-edges=" + f[1] + ",support=" + f[2]);
    c.name = f[0] + "/" + setting_name(c.params);
    c.expected = std::stoll(f[4]);
    out.push_back(c);
  }
  return out;
}

template <class Space>
void register_case(const FsmCase& c, const std::string& prefix, int iterations) {
  const std::string name = prefix + Space::name() + "/" + c.name;
  auto* b = benchmark::RegisterBenchmark(name.c_str(), bench_fsm<Space>, c);
  b->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(iterations);
}

template <class Space>
void register_space() {
  const std::string labels = env_or("TESSERA_BENCH_FSM_LABELS", "29");
  register_case<Space>({"kron8/L4/K2/s2", "gen:kronecker:scale=8,edge_factor=16,labels=4", "", parse_setting("max-edges=2,support=2")},
                       "smoke/fsm/", 1);
  const int iterations = std::stoi(env_or("TESSERA_BENCH_FSM_ITERATIONS", "3"));
  for (const auto& s : split(env_or("TESSERA_BENCH_FSM_SCALES", "12"), ','))
    for (const auto& setting : split(env_or("TESSERA_BENCH_FSM_RUNS", "max-edges=2,support=43"), ';')) {
      FsmCase c;
      c.source = "gen:kronecker:scale=" + s + ",edge_factor=16,labels=" + labels;
      c.params = parse_setting(setting);
      c.name = "kron" + s + "/L" + labels + "/" + setting_name(c.params);
      register_case<Space>(c, "fsm/", iterations);
    }
  for (const auto& c : reference_cases()) register_case<Space>(c, "fsm/", iterations);
}

void register_all() {
  register_space<Kokkos::DefaultExecutionSpace>();
  if constexpr (!std::is_same_v<Kokkos::DefaultExecutionSpace, Kokkos::DefaultHostExecutionSpace>)
    if (env_or("TESSERA_BENCH_FSM_HOST", "1") != "0") register_space<Kokkos::DefaultHostExecutionSpace>();
}

[[maybe_unused]] const bool queued = tessera::bench::defer_registration(register_all);

}  // namespace
