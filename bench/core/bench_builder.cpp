// CSR construction throughput: build_graph on the default execution space against a serial
// std::sort-based build of the same Kronecker edges, measured in the same run (the ratio is
// the number to report). Items processed = input edges.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "core/graph/builder.hpp"
#include "io/generators/random_graphs.hpp"

namespace {

using Space = Kokkos::DefaultExecutionSpace;

tessera::EdgeArrays<Space::memory_space> kronecker_edges(int scale) {
  tessera::gen::KroneckerParams p;
  p.scale = scale;
  return tessera::gen::kronecker(Space{}, p);
}

void build_graph_default_space(benchmark::State& state) {
  const auto edges = kronecker_edges(static_cast<int>(state.range(0)));
  tessera::eid_t entries = 0;
  for (auto _ : state) {
    auto g = tessera::build_graph(Space{}, edges);
    Space().fence();
    entries = g.num_entries();
  }
  state.SetItemsProcessed(state.iterations() * edges.size());
  state.counters["entries"] = static_cast<double>(entries);
  state.SetLabel(Space::name());
}

// Baseline: symmetrize, sort and deduplicate (u, v) pairs serially on the host.
void build_graph_serial_sort(benchmark::State& state) {
  const auto edges = kronecker_edges(static_cast<int>(state.range(0)));
  auto src = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, edges.src);
  auto dst = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, edges.dst);
  const tessera::vid_t n = edges.num_vertices;
  std::size_t entries = 0;
  for (auto _ : state) {
    std::vector<std::pair<tessera::vid_t, tessera::vid_t>> pairs;
    pairs.reserve(2 * src.extent(0));
    for (std::size_t i = 0; i < src.extent(0); ++i) {
      if (src(i) == dst(i)) continue;
      pairs.emplace_back(src(i), dst(i));
      pairs.emplace_back(dst(i), src(i));
    }
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    std::vector<tessera::eid_t> row_map(static_cast<std::size_t>(n) + 1, 0);
    std::vector<tessera::vid_t> column(pairs.size());
    for (std::size_t j = 0; j < pairs.size(); ++j) {
      ++row_map[pairs[j].first + 1];
      column[j] = pairs[j].second;
    }
    for (tessera::vid_t v = 0; v < n; ++v) row_map[v + 1] += row_map[v];
    benchmark::DoNotOptimize(column.data());
    entries = column.size();
  }
  state.SetItemsProcessed(state.iterations() * edges.size());
  state.counters["entries"] = static_cast<double>(entries);
  state.SetLabel("serial std::sort");
}

}  // namespace

BENCHMARK(build_graph_default_space)->Name("build_graph/kronecker")->Arg(16)->Arg(20)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(build_graph_serial_sort)->Name("build_graph_baseline_serial/kronecker")->Arg(16)->Arg(20)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(build_graph_default_space)->Name("smoke/build_graph/kronecker")->Arg(8);
BENCHMARK(build_graph_serial_sort)->Name("smoke/build_graph_baseline_serial/kronecker")->Arg(8);
