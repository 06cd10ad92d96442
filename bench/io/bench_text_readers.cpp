// Throughput of the streaming edge-list reader (bytes of text per second, one core).
//
// A synthetic edge list (random ids below 2^24, about 40 MB of text) is written once per
// process to a temporary folder, plain and gzip; the benchmarks then read it repeatedly.
// The "smoke" variants use a 1000-edge file so ctest can run them in milliseconds.
#include <benchmark/benchmark.h>
#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>

#include "io/text/text_formats.hpp"

namespace {

namespace fs = std::filesystem;

// Temporary files shared by all benchmarks of this process, removed at exit.
class BenchFiles {
 public:
  static BenchFiles& get() {
    static BenchFiles files;
    return files;
  }
  ~BenchFiles() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  // Path of an edge list with `m` edges ("u v" lines, plus " w" when weighted), gzip or plain.
  const std::string& edge_list(std::int64_t m, bool weighted, bool gzip) {
    std::string key = std::to_string(m) + (weighted ? "w" : "") + (gzip ? ".gz" : "");
    auto it = paths_.find(key);
    if (it != paths_.end()) return it->second;
    std::string text = make_text(m, weighted);
    std::string path = (dir_ / ("edges_" + key + ".el")).string();
    if (gzip) {
      gzFile gz = gzopen(path.c_str(), "wb6");
      gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
      gzclose(gz);
    } else {
      std::ofstream(path, std::ios::binary).write(text.data(), static_cast<std::streamsize>(text.size()));
    }
    sizes_[path] = static_cast<std::int64_t>(text.size());
    return paths_.emplace(key, path).first->second;
  }
  // Uncompressed text bytes of a file made by edge_list().
  std::int64_t text_bytes(const std::string& path) const { return sizes_.at(path); }

 private:
  BenchFiles() {
    std::random_device rd;
    dir_ = fs::temp_directory_path() / ("tessera-bench-text-" + std::to_string(rd()));
    fs::create_directories(dir_);
  }
  static std::string make_text(std::int64_t m, bool weighted) {
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<std::int32_t> id(0, (1 << 24) - 1);
    std::uniform_real_distribution<double> w(0.0, 10.0);
    std::string text = "# n 16777216 m " + std::to_string(m) + "\n";
    text.reserve(static_cast<std::size_t>(m) * (weighted ? 30 : 18));
    for (std::int64_t e = 0; e < m; ++e) {
      text += std::to_string(id(rng));
      text += ' ';
      text += std::to_string(id(rng));
      if (weighted) {
        text += ' ';
        text += std::to_string(w(rng));
      }
      text += '\n';
    }
    return text;
  }
  fs::path dir_;
  std::map<std::string, std::string> paths_;
  std::map<std::string, std::int64_t> sizes_;
};

void read_edge_list_bench(benchmark::State& state, std::int64_t m, bool weighted, bool gzip) {
  const std::string& path = BenchFiles::get().edge_list(m, weighted, gzip);
  std::int64_t edges = 0;
  for (auto _ : state) {
    tessera::EdgeList e = tessera::io::read_edge_list(path);
    edges = e.size();
    benchmark::DoNotOptimize(e.src.data());
  }
  if (edges != m) state.SkipWithError("wrong edge count");
  state.SetBytesProcessed(state.iterations() * BenchFiles::get().text_bytes(path));
  state.SetItemsProcessed(state.iterations() * m);
  state.counters["edges"] = static_cast<double>(m);
  state.counters["file_bytes"] = static_cast<double>(fs::file_size(path));
}

constexpr std::int64_t k_large = 2'500'000;  // about 40 MB of unweighted text
constexpr std::int64_t k_smoke = 1'000;

}  // namespace

BENCHMARK_CAPTURE(read_edge_list_bench, plain, k_large, false, false)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(read_edge_list_bench, gzip, k_large, false, true)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(read_edge_list_bench, plain_weighted, k_large, true, false)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(read_edge_list_bench, smoke_plain, k_smoke, false, false);
BENCHMARK_CAPTURE(read_edge_list_bench, smoke_gzip, k_smoke, false, true);
