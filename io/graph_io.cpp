#include "io/graph_io.hpp"
#include "core/util/progress.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <filesystem>
#include <map>

#include "core/error.hpp"
#include "core/util/memory_budget.hpp"
#include "core/util/path_exists.hpp"
#include "io/generators/generator_spec.hpp"
#include "io/generators/hgr_augment.hpp"
#include "io/generators/nn_hypergraph.hpp"
#include "io/text/text_formats.hpp"
#include "io/text/vertex_labels_format.hpp"
#ifdef TESSERA_HAVE_HDF5
#include "io/hdf5/hdf5_graph.hpp"
#endif

namespace tessera::io {

namespace {

const std::map<std::string, FileFormat>& format_names() {
  static const std::map<std::string, FileFormat> names{
      {"edge_list", FileFormat::edge_list}, {"el", FileFormat::edge_list}, {"snap", FileFormat::edge_list},
      {"matrix_market", FileFormat::matrix_market}, {"mtx", FileFormat::matrix_market},
      {"metis", FileFormat::metis}, {"hmetis", FileFormat::hmetis}, {"hgr", FileFormat::hmetis},
      {"dhg", FileFormat::dhg}, {"snn", FileFormat::snn}, {"axh", FileFormat::axh}, {"hdf5", FileFormat::hdf5},
      {"h5", FileFormat::hdf5}};
  return names;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

void require_hdf5([[maybe_unused]] const std::string& path) {
#ifndef TESSERA_HAVE_HDF5
  throw UserError(path + ": this Tessera was built without HDF5 (TESSERA_ENABLE_HDF5=OFF)");
#endif
}

constexpr const char* generator_prefix = "gen:";

}  // namespace

FileFormat parse_file_format(const std::string& name) {
  auto it = format_names().find(lower(name));
  if (it != format_names().end()) return it->second;
  throw UserError("unknown format '" + name +
                  "' (expected edge_list, mtx, metis, hgr, dhg, snn, axh or hdf5)");
}

const char* to_string(FileFormat f) {
  switch (f) {
    case FileFormat::edge_list: return "edge_list";
    case FileFormat::matrix_market: return "mtx";
    case FileFormat::metis: return "metis";
    case FileFormat::hmetis: return "hgr";
    case FileFormat::dhg: return "dhg";
    case FileFormat::snn: return "snn";
    case FileFormat::axh: return "axh";
    case FileFormat::hdf5: return "hdf5";
  }
  return "?";
}

FileFormat format_from_path(const std::string& path) {
  std::string name = lower(std::filesystem::path(path).filename().string());
  if (name.size() > 3 && name.compare(name.size() - 3, 3, ".gz") == 0) name.resize(name.size() - 3);
  const std::string ext = std::filesystem::path(name).extension().string();
  static const std::map<std::string, FileFormat> by_extension{
      {".el", FileFormat::edge_list}, {".txt", FileFormat::edge_list}, {".edges", FileFormat::edge_list},
      {".tsv", FileFormat::edge_list}, {".csv", FileFormat::edge_list}, {".snap", FileFormat::edge_list},
      {".mtx", FileFormat::matrix_market}, {".graph", FileFormat::metis}, {".metis", FileFormat::metis},
      {".hgr", FileFormat::hmetis}, {".dhg", FileFormat::dhg}, {".snn", FileFormat::snn}, {".axh", FileFormat::axh},
      {".h5", FileFormat::hdf5}, {".hdf5", FileFormat::hdf5}};
  auto it = by_extension.find(ext);
  if (it != by_extension.end()) return it->second;
  throw UserError(path + ": cannot tell the format from the extension '" + ext +
                  "'; name it with --format (edge_list, mtx, metis, hgr, dhg, snn, axh, hdf5)");
}

bool is_hypergraph_format(FileFormat f) {
  return f == FileFormat::hmetis || f == FileFormat::dhg || f == FileFormat::snn || f == FileFormat::axh;
}

bool holds_hypergraph(const std::string& source, std::optional<FileFormat> format) {
  if (gen::is_nn_spec(source)) return true;  // a generated neural network ("nn:..." or "gen:nn:...")
  if (gen::is_hgr_augment_spec(source)) return true;  // a scaled-up hypergraph file (hgr_augment.hpp)
  if (source.rfind(generator_prefix, 0) == 0) return false;
  const FileFormat f = format ? *format : format_from_path(source);
  if (f != FileFormat::hdf5) return is_hypergraph_format(f);
  require_hdf5(source);
#ifdef TESSERA_HAVE_HDF5
  return hdf5_holds_hypergraph(source);
#else
  return false;
#endif
}

namespace {

Kokkos::View<label_t*, Kokkos::DefaultExecutionSpace::memory_space> device_labels(const std::vector<label_t>& labels) {
  Kokkos::View<label_t*, Kokkos::DefaultExecutionSpace::memory_space> out(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::graph::labels"), labels.size());
  Kokkos::deep_copy(out, Kokkos::View<const label_t*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(
                             labels.data(), labels.size()));
  return out;
}

}  // namespace

LoadedGraph load_graph(const std::string& source, const GraphLoadOptions& options) {
  using space = Kokkos::DefaultExecutionSpace;
  LoadedGraph out;
  out.source = source;
  Kokkos::Timer timer;
  if (source.rfind(generator_prefix, 0) == 0) {
    progress::report("generating", source);
    out.format = "generator";
    auto spec = gen::parse_generator_spec(source.substr(std::string(generator_prefix).size()));
    auto edges = gen::generate(spec);
    if (!options.labels.empty()) edges.labels = device_labels(read_vertex_labels(options.labels, edges.num_vertices));
    space().fence();
    out.read_seconds = timer.seconds();
    timer.reset();
    out.graph = build_graph(space{}, edges, options.build, &out.report);
    out.build_seconds = timer.seconds();
    return out;
  }
  TESSERA_USER_REQUIRE(path_exists(source), source << ": no such file");
  const FileFormat format = options.format ? *options.format : format_from_path(source);
  out.format = to_string(format);
  progress::report("reading", source);
  TESSERA_USER_REQUIRE(!is_hypergraph_format(format),
                       source << ": is a hypergraph (" << to_string(format) << "); this command needs a graph");
  if (format == FileFormat::hdf5) {
    require_hdf5(source);
#ifdef TESSERA_HAVE_HDF5
    auto host = read_graph_hdf5(source);
    out.read_seconds = timer.seconds();
    timer.reset();
    out.graph = mirror_graph<space::memory_space>(host);
    if (!options.labels.empty()) out.graph.labels = device_labels(read_vertex_labels(options.labels, out.graph.num_vertices()));
    out.build_seconds = timer.seconds();
#endif
    return out;
  }
  EdgeList edges;
  switch (format) {
    case FileFormat::edge_list: {
      EdgeListReadOptions read_options;
      read_options.one_based = options.one_based;
      edges = read_edge_list(source, read_options);
      break;
    }
    case FileFormat::matrix_market: edges = read_matrix_market(source); break;
    case FileFormat::metis: edges = read_metis(source); break;
    case FileFormat::hmetis:
    case FileFormat::dhg:
    case FileFormat::snn:
    case FileFormat::axh:
    case FileFormat::hdf5: TESSERA_REQUIRE(false, "handled above");
  }
  // The vertex count may come from one large id in a few bytes ("0 2000000000"): the CSR build
  // takes about 24 bytes per vertex and 16 per edge, checked before it allocates anything.
  require_fits_in_memory(24.0L * edges.num_vertices + 16.0L * static_cast<long double>(edges.src.size()),
                         source + ": a graph of " + std::to_string(edges.num_vertices) + " vertices and " +
                             std::to_string(edges.src.size()) + " edges");
  if (!options.labels.empty()) edges.labels = read_vertex_labels(options.labels, edges.num_vertices);
  out.read_seconds = timer.seconds();
  timer.reset();
  out.graph = build_graph(edges, options.build, &out.report);
  out.build_seconds = timer.seconds();
  return out;
}

EdgeList to_edge_list(const HostGraph& g) {
  EdgeList e;
  e.num_vertices = g.num_vertices();
  e.directed = g.directed;
  e.reserve(static_cast<std::size_t>(g.num_edges()));
  const bool weighted = g.has_weights();
  for (vid_t u = 0; u < g.num_vertices(); ++u)
    for (eid_t j = g.row_map(u); j < g.row_map(u + 1); ++j) {
      const vid_t v = g.entries(j);
      if (!g.directed && v < u) continue;
      e.src.push_back(u);
      e.dst.push_back(v);
      if (weighted) e.weights.push_back(g.weights(j));
    }
  if (g.has_labels()) e.labels.assign(g.labels.data(), g.labels.data() + g.labels.extent(0));
  return e;
}

void save_graph(const std::string& path, const HostGraph& g, std::optional<FileFormat> format) {
  const FileFormat f = format ? *format : format_from_path(path);
  switch (f) {
    case FileFormat::edge_list: write_edge_list(path, to_edge_list(g)); return;
    case FileFormat::hdf5:
      require_hdf5(path);
#ifdef TESSERA_HAVE_HDF5
      write_graph_hdf5(path, g);
#endif
      return;
    case FileFormat::matrix_market:
    case FileFormat::metis:
      throw UserError(path + ": writing " + to_string(f) + " is not supported; write an edge list (.el) or HDF5 (.h5)");
    case FileFormat::hmetis:
    case FileFormat::dhg:
    case FileFormat::snn:
    case FileFormat::axh:
      throw UserError(path + ": " + to_string(f) + " is a hypergraph format; a graph cannot be written as one");
  }
}

HostHypergraph load_hypergraph(const std::string& path, const HypergraphLoadOptions& options,
                               HypergraphBuildReport* report) {
  // Neural-network hypergraph generator (io/generators/nn_hypergraph.hpp): "gen:nn:..." or "nn:...".
  if (gen::is_nn_spec(path)) {
    progress::report("generating", path);
    return build_hypergraph(gen::generate_nn_hypergraph(path), report, path);
  }
  if (gen::is_hgr_augment_spec(path)) {  // io/generators/hgr_augment.hpp
    progress::report("generating", path);
    return build_hypergraph(gen::generate_hgr_augment(path), report, path);
  }
  TESSERA_USER_REQUIRE(path_exists(path), path << ": no such file");
  progress::report("reading", path);
  const FileFormat f = options.format ? *options.format : format_from_path(path);
  HypergraphInput input;
  switch (f) {
    case FileFormat::hmetis: {
      HmetisReadOptions read_options;
      read_options.first_pin_is_source = options.first_pin_is_source;
      input = read_hmetis(path, read_options);
      break;
    }
    case FileFormat::dhg: input = read_directed_hypergraph(path); break;
    case FileFormat::snn: input = read_snn(path); break;
    case FileFormat::axh: input = read_axh(path); break;
    case FileFormat::hdf5:
      require_hdf5(path);
#ifdef TESSERA_HAVE_HDF5
      if (report) *report = {};
      return read_hypergraph_hdf5(path);
#endif
    case FileFormat::edge_list:
    case FileFormat::matrix_market:
    case FileFormat::metis:
      throw UserError(path + ": " + to_string(f) + " holds a graph, not a hypergraph");
  }
  return build_hypergraph(input, report, path);
}

void save_hypergraph(const std::string& path, const HostHypergraph& h, std::optional<FileFormat> format) {
  const FileFormat f = format ? *format : format_from_path(path);
  switch (f) {
    case FileFormat::hmetis: write_hmetis(path, to_hypergraph_input(h)); return;
    case FileFormat::dhg: write_directed_hypergraph(path, to_hypergraph_input(h)); return;
    case FileFormat::snn: write_snn(path, to_hypergraph_input(h)); return;
    case FileFormat::axh: write_axh(path, to_hypergraph_input(h)); return;
    case FileFormat::hdf5:
      require_hdf5(path);
#ifdef TESSERA_HAVE_HDF5
      write_hypergraph_hdf5(path, h);
#endif
      return;
    case FileFormat::edge_list:
    case FileFormat::matrix_market:
    case FileFormat::metis:
      throw UserError(path + ": " + to_string(f) + " is a graph format; a hypergraph cannot be written as one");
  }
}

}  // namespace tessera::io
