// A self-contained device check of the mining engine, for GPU machines that lack the test
// dependencies (doctest, yaml-cpp, HDF5, Google Benchmark): it needs only Kokkos and a few
// library sources, built by scripts/mining-device-check.sh. It
//   1. compares engine counts on the default execution space with the serial plan interpreter
//      (itself verified against brute force by the unit tests) on random graphs with a hub:
//      every built-in pattern up to 6 vertices, edge- and vertex-induced, edge and vertex
//      tasks, hub splitting on and off, cliques k = 3..8, and listing counts and validity;
//   2. times the applications on plain-text edge lists given as "name=path" arguments, and
//      checks them against ground_truth.csv columns when the CSV is given (--truth FILE);
//   3. times them on Kronecker graphs (--kron S1,S2,...).
// Exit status 1 when any count is wrong.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/pattern_mining/apps/mine.hpp"
#include "algorithms/pattern_mining/apps/motifs.hpp"
#include "algorithms/pattern_mining/plan/serial_plan_executor.hpp"
#include "core/error.hpp"
#include "core/graph/builder.hpp"
#include "io/generators/random_graphs.hpp"

using namespace tessera;
using namespace tessera::mining;
using Space = Kokkos::DefaultExecutionSpace;

namespace {

int failures = 0;

void expect(bool ok, const std::string& what) {
  if (ok) return;
  ++failures;
  std::cout << "FAIL: " << what << std::endl;
}

EdgeList random_edges(vid_t n, double p, unsigned seed) {
  std::mt19937 rng(seed);
  std::bernoulli_distribution coin(p), hub(0.4);
  EdgeList e;
  e.num_vertices = n;
  for (vid_t u = 0; u < n; ++u)
    for (vid_t v = u + 1; v < n; ++v)
      if ((u == 0 && hub(rng)) || coin(rng)) {
        e.src.push_back(u);
        e.dst.push_back(v);
      }
  return e;
}

void random_checks() {
  const std::vector<std::tuple<vid_t, double, unsigned>> graphs = {{60, 0.15, 1}, {200, 0.05, 2}, {40, 0.4, 3}};
  for (const auto& [n, p, seed] : graphs) {
    const DeviceGraph dg = build_graph(random_edges(n, p, seed));
    const auto g = mirror_graph<Space::memory_space>(dg);
    const HostGraph host = mirror_graph<Kokkos::HostSpace>(dg);
    const auto prepared = prepare_mining_graph(Space{}, g, true);
    std::vector<Pattern> patterns;
    for (const Induced induced : {Induced::edge, Induced::vertex})
      for (const auto& name : builtin_pattern_names()) {
        const Pattern pt = pattern_by_name(name, induced);
        if (pt.num_vertices() <= 6) patterns.push_back(pt);
      }
    for (int k = 3; k <= 8; ++k) patterns.push_back(clique(k));
    for (const auto& pattern : patterns) {
      const count_t expected = serial_plan_count(host, build_search_plan(pattern));
      for (int config = 0; config < 4; ++config) {
        MineParams params;
        if (config & 1) params.engine.tasks = TaskKind::vertex;
        if (config & 2) {
          params.engine.split_length = 2;
          params.engine.chunk_size = 1;
        }
        const count_t got = mine(Space{}, prepared, pattern, params).count;
        expect(got == expected, "n=" + std::to_string(n) + " " + describe(pattern) + " config " + std::to_string(config) +
                                    ": engine " + std::to_string(got) + ", serial " + std::to_string(expected));
      }
      // Listing: the count, and each row distinct as a vertex set (cliques) / valid.
      if (pattern.num_vertices() <= 5) {
        MineParams small;
        small.engine.list_batch_matches = 100;
        std::size_t rows = 0;
        bool valid = true;
        const auto r = mine_list(
            Space{}, g, pattern,
            [&](const vid_t* m, std::size_t num, int width) {
              rows += num;
              for (std::size_t i = 0; i < num; ++i)
                for (int a = 0; a < width; ++a)
                  for (int b = a + 1; b < width; ++b) {
                    const vid_t x = m[i * width + a], y = m[i * width + b];
                    const bool edge = std::binary_search(host.entries.data() + host.row_map(x),
                                                         host.entries.data() + host.row_map(x + 1), y);
                    if (x == y || (pattern.has_edge(a, b) && !edge) ||
                        (!pattern.has_edge(a, b) && edge && pattern.induced() == Induced::vertex))
                      valid = false;
                  }
            },
            small);
        expect(r.count == expected && rows == expected && valid,
               "listing " + describe(pattern) + ": " + std::to_string(rows) + " rows, want " + std::to_string(expected));
      }
    }
  }
  std::cout << "random-graph checks done, failures so far: " << failures << std::endl;
}

std::map<std::string, std::map<std::string, std::string>> read_truth(const std::string& path) {
  std::map<std::string, std::map<std::string, std::string>> out;
  std::ifstream in(path);
  std::string line;
  auto parse = [](const std::string& l) {
    std::vector<std::string> f(1);
    bool q = false;
    for (const char c : l) {
      if (c == '"')
        q = !q;
      else if (c == ',' && !q)
        f.emplace_back();
      else if (c != '\r')
        f.back() += c;
    }
    return f;
  };
  if (!std::getline(in, line)) return out;
  const auto header = parse(line);
  while (std::getline(in, line)) {
    const auto f = parse(line);
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size() && i < f.size(); ++i) row[header[i]] = f[i];
    out[row["name"]] = row;
  }
  return out;
}

DeviceGraph read_edge_list(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UserError("cannot open " + path);
  EdgeList e;
  std::string line;
  vid_t n = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line[0] == '%') continue;
    std::istringstream s(line);
    long long u, v;
    if (!(s >> u >> v)) continue;
    e.src.push_back(static_cast<vid_t>(u));
    e.dst.push_back(static_cast<vid_t>(v));
    n = std::max<vid_t>(n, static_cast<vid_t>(std::max(u, v) + 1));
  }
  e.num_vertices = n;
  return build_graph(e);
}

// Best of `runs` kernel times (after one warm-up) of an application.
template <class Run>
double best_time(const Run& run, int runs = 3) {
  run();
  double best = 1e30;
  for (int i = 0; i < runs; ++i) best = std::min(best, run());
  return best;
}

void time_graph(const std::string& name, const DeviceGraph& g, const std::map<std::string, std::string>* truth) {
  std::cout << "== " << name << ": n=" << g.num_vertices() << " m=" << g.num_edges() << std::endl;
  auto check = [&](const char* column, count_t got) {
    if (truth == nullptr) return std::string();
    auto it = truth->find(column);
    if (it == truth->end() || it->second.empty()) return std::string();
    const bool ok = std::to_string(got) == it->second;
    expect(ok, name + " " + column + ": " + std::to_string(got) + " != " + it->second);
    return std::string(ok ? " (= ground truth)" : " (WRONG)");
  };
  const auto prepared = prepare_mining_graph(Space{}, g, true);
  const std::vector<std::tuple<std::string, Pattern, const char*>> apps = {
      {"triangles", clique(3), "triangles"},
      {"4-clique", clique(4), "k4"},
      {"5-clique", clique(5), "k5"},
      {"diamond", pattern_by_name("diamond"), "diamond_noninduced"},
      {"4-cycle", pattern_by_name("4-cycle"), "C4_noninduced"},
  };
  for (const auto& [app, pattern, column] : apps) {
    count_t count = 0;
    EngineStats stats;
    const double t = best_time([&] {
      const auto r = mine(Space{}, prepared, pattern);
      count = r.count;
      stats = r.stats;
      return r.stats.mine_seconds;
    });
    std::printf("%-10s %-10s count %-14llu kernel %10.3f ms  (tasks %lld, units %lld, teams %d, buffers %.1f MB)%s\n",
                name.c_str(), app.c_str(), static_cast<unsigned long long>(count), t * 1e3,
                static_cast<long long>(stats.tasks), static_cast<long long>(stats.units), stats.teams,
                static_cast<double>(stats.buffer_bytes) / 1e6, check(column, count).c_str());
  }
  for (const int k : {3, 4}) {
    MotifCounts m;
    const double t = best_time([&] {
      m = count_motifs(Space{}, g, k);
      return m.seconds;
    });
    std::printf("%-10s %d-motifs   total %10.3f ms:", name.c_str(), k, t * 1e3);
    const std::map<std::string, const char*> column = {
        {"wedge", "open_wedges"},   {"triangle", "triangles"},       {"3-star", "ind_3star"},
        {"4-path", "ind_4path"},    {"tailed-triangle", "ind_tailedtri"}, {"4-cycle", "ind_4cycle"},
        {"diamond", "ind_diamond"}, {"4-clique", "ind_4clique"}};
    for (const auto& [motif, c] : m.induced) {
      std::printf(" %s=%llu", motif.c_str(), static_cast<unsigned long long>(c));
      check(column.at(motif), c);
    }
    std::printf("\n");
    if (k == 4) {
      expect(m.non_induced[4].second == m.at("diamond") + 6 * m.at("4-clique"), name + ": diamond identity");
      expect(m.non_induced[3].second == m.at("4-cycle") + m.at("diamond") + 3 * m.at("4-clique"), name + ": C4 identity");
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  try {
    std::cout << "execution space: " << Space::name() << std::endl;
    std::map<std::string, std::map<std::string, std::string>> truth;
    std::vector<std::pair<std::string, std::string>> files;
    std::vector<int> scales;
    bool random = true;
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--truth" && i + 1 < argc) {
        truth = read_truth(argv[++i]);
      } else if (a == "--kron" && i + 1 < argc) {
        std::istringstream s(argv[++i]);
        std::string item;
        while (std::getline(s, item, ',')) scales.push_back(std::stoi(item));
      } else if (a == "--no-random") {
        random = false;
      } else if (a.find('=') != std::string::npos) {
        files.emplace_back(a.substr(0, a.find('=')), a.substr(a.find('=') + 1));
      }
    }
    if (random) random_checks();
    for (const auto& [name, path] : files) {
      const auto it = truth.find(name);
      time_graph(name, read_edge_list(path), it == truth.end() ? nullptr : &it->second);
    }
    for (const int s : scales) {
      gen::KroneckerParams p;
      p.scale = s;
      p.edge_factor = 16;
      time_graph("kron" + std::to_string(s), build_graph(Space{}, gen::kronecker(Space{}, p)), nullptr);
    }
  } catch (const std::exception& e) {
    std::cout << "error: " << e.what() << std::endl;
    return 2;
  }
  std::cout << (failures == 0 ? "ALL CHECKS PASSED" : "FAILURES: " + std::to_string(failures)) << std::endl;
  return failures == 0 ? 0 : 1;
}
