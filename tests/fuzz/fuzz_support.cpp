#include "tests/fuzz/fuzz_support.hpp"

#include <unistd.h>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/util/memory_budget.hpp"

namespace tessera::fuzz {

void ensure_kokkos() {
  if (Kokkos::is_initialized()) return;
  // One thread: the fuzzing processes run one at a time on shared cores, and a reader's result
  // must not depend on the thread count anyway. Set before Kokkos reads them.
  setenv("OMP_NUM_THREADS", "1", 0);
  setenv("OMP_PROC_BIND", "false", 0);
  Kokkos::initialize();
  // The size checks refuse against the harness's budget, not the machine's (fuzz_support.hpp).
  cap_available_memory(std::uint64_t(k_memory_budget_mb) << 20);
  std::atexit([] {
    if (Kokkos::is_initialized()) Kokkos::finalize();
  });
}

ScratchFile::ScratchFile(const std::uint8_t* data, std::size_t size, const std::string& suffix)
    : path_((std::filesystem::temp_directory_path() / ("tessera-fuzz-" + std::to_string(getpid()) + "-input" + suffix))
                .string()) {
  std::ofstream out(path_, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  out.close();
  if (!out) finding("cannot write the scratch file " + path_);
}

ScratchFile::~ScratchFile() { std::remove(path_.c_str()); }

io::GraphLoadOptions graph_options(io::FileFormat format, std::size_t size) {
  io::GraphLoadOptions options;
  options.format = format;
  options.build.symmetrize = (size & 1) == 0;
  options.build.compact_ids = (size & 2) != 0;
  options.one_based = (size & 4) != 0;
  return options;
}

void check_graph(const HostGraph& g, const BuildOptions& build) {
  const vid_t n = g.num_vertices();
  if (g.row_map.extent(0) == 0) {
    if (g.entries.extent(0) != 0) finding("a graph without a row map has entries");
    return;
  }
  if (g.row_map(0) != 0 || g.row_map(n) != g.num_entries()) finding("row map does not span the entries");
  if (g.directed == build.symmetrize) finding("graph direction does not follow the symmetrize option");
  if (g.has_labels() && g.labels.extent(0) != static_cast<std::size_t>(n)) finding("not one label per vertex");
  if (g.has_weights() && g.weights.extent(0) != g.entries.extent(0)) finding("not one weight per entry");
  auto has_entry = [&](vid_t u, vid_t v) {
    const auto* first = g.entries.data() + g.row_map(u);
    const auto* last = g.entries.data() + g.row_map(u + 1);
    return std::binary_search(first, last, v);
  };
  for (vid_t u = 0; u < n; ++u) {
    if (g.row_map(u) > g.row_map(u + 1)) finding("row map decreases at vertex " + std::to_string(u));
    for (eid_t e = g.row_map(u); e < g.row_map(u + 1); ++e) {
      const vid_t v = g.entries(e);
      if (v < 0 || v >= n) finding("neighbour id out of range at vertex " + std::to_string(u));
      if (e > g.row_map(u) && g.entries(e - 1) >= v) finding("row not strictly ascending at vertex " + std::to_string(u));
      if (build.remove_self_loops && v == u) finding("self-loop kept at vertex " + std::to_string(u));
    }
  }
  if (!g.directed)
    for (vid_t u = 0; u < n; ++u)
      for (eid_t e = g.row_map(u); e < g.row_map(u + 1); ++e)
        if (!has_entry(g.entries(e), u)) finding("undirected graph not symmetric at vertex " + std::to_string(u));
}

void check_hypergraph(const HostHypergraph& h) {
  const auto num_nets = h.net_offsets.extent(0) == 0 ? 0 : h.net_offsets.extent(0) - 1;
  if (num_nets > 0 && (h.net_offsets(0) != 0 || h.net_offsets(num_nets) != static_cast<eid_t>(h.pins.extent(0))))
    finding("net offsets do not span the pins");
  for (std::size_t e = 0; e < num_nets; ++e) {
    if (h.net_offsets(e) > h.net_offsets(e + 1)) finding("net offsets decrease at net " + std::to_string(e));
    if (h.net_num_sources.extent(0) == num_nets && h.net_num_sources(e) > h.net_offsets(e + 1) - h.net_offsets(e))
      finding("net " + std::to_string(e) + " has more sources than pins");
  }
  for (std::size_t p = 0; p < h.pins.extent(0); ++p)
    if (h.pins(p) < 0 || h.pins(p) >= h.num_nodes) finding("pin out of range at position " + std::to_string(p));
  if (h.node_offsets.extent(0) == static_cast<std::size_t>(h.num_nodes) + 1 &&
      h.node_offsets(h.num_nodes) != static_cast<eid_t>(h.pins.extent(0)))
    finding("node -> net transpose does not hold every pin");
}

void fuzz_hypergraph_reader(const std::uint8_t* data, std::size_t size, io::FileFormat format,
                            bool first_pin_is_source) {
  const ScratchFile input(data, size, std::string(".") + io::to_string(format));
  io::HypergraphLoadOptions options;
  options.format = format;
  options.first_pin_is_source = first_pin_is_source;
  expect_clean_or_user_error([&] { check_hypergraph(io::load_hypergraph(input.path(), options)); });
}

void finding(const std::string& what) {
  std::fprintf(stderr, "\n==tessera-fuzz== finding: %s\n", what.c_str());
  std::abort();
}

namespace detail {

void unexpected_exception(const char* type, const char* what) {
  finding(std::string("exception other than tessera::UserError escaped the reader: ") + type + ": " + what);
}

}  // namespace detail

}  // namespace tessera::fuzz
