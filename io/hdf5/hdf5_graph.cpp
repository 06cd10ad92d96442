#include "io/hdf5/hdf5_graph.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/atomic_file.hpp"
#include "io/hdf5/hdf5_detail.hpp"

namespace tessera::io {
namespace {

using detail::H5File;
using detail::H5Handle;
using detail::host_array;

// Attributes of a graph file, checked for plausibility.
GraphFileInfo read_info(const H5File& f, hid_t file) {
  GraphFileInfo info;
  info.version = f.check_format(file, k_hdf5_graph_format, k_hdf5_graph_version);
  const std::int64_t n = f.read_int_attr(file, "num_vertices");
  const std::int64_t m = f.read_int_attr(file, "num_entries");
  if (n < 0 || n > max_vertices)
    f.fail("attribute num_vertices = " + std::to_string(n) + " is outside [0, " + std::to_string(max_vertices) + "]");
  if (m < 0) f.fail("attribute num_entries = " + std::to_string(m) + " is negative");
  info.num_vertices = static_cast<vid_t>(n);
  info.num_entries = m;
  info.directed = f.read_int_attr(file, "directed") != 0;
  info.has_labels = f.read_int_attr(file, "has_labels") != 0;
  info.has_weights = f.read_int_attr(file, "has_weights") != 0;
  return info;
}

// Offsets must start at `first` (when given), never decrease, and stay within [0, total].
template <class View>
void check_offsets(const H5File& f, const char* name, const View& offsets, eid_t total, eid_t base_index) {
  for (std::size_t i = 0; i < offsets.extent(0); ++i) {
    if (offsets(i) < 0 || offsets(i) > total)
      f.fail(std::string("dataset '") + name + "' entry " + std::to_string(base_index + static_cast<eid_t>(i)) +
             " = " + std::to_string(offsets(i)) + " is outside [0, " + std::to_string(total) + "]");
    if (i > 0 && offsets(i) < offsets(i - 1))
      f.fail(std::string("dataset '") + name + "' is not monotone at entry " +
             std::to_string(base_index + static_cast<eid_t>(i)));
  }
}

template <class View>
void check_ids(const H5File& f, const char* name, const View& ids, std::int64_t bound) {
  for (std::size_t i = 0; i < ids.extent(0); ++i)
    if (ids(i) < 0 || ids(i) >= bound)
      f.fail(std::string("dataset '") + name + "' holds id " + std::to_string(ids(i)) + " at position " +
             std::to_string(i) + ", outside [0, " + std::to_string(bound) + ")");
}

// An undirected graph stores both directions of every edge: u -> v needs v -> u. The text
// readers symmetrise as they build; a stored CSR is taken as written, so it is checked here
// (a one-directional "undirected" file counted 0 triangles where its symmetrisation has some).
void check_symmetric(const H5File& f, const HostGraph& g) {
  const vid_t n = static_cast<vid_t>(g.row_map.extent(0)) - 1;
  std::vector<vid_t> sorted(g.entries.data(), g.entries.data() + g.entries.extent(0));
  for (vid_t u = 0; u < n; ++u) std::sort(sorted.begin() + g.row_map(u), sorted.begin() + g.row_map(u + 1));
  for (vid_t u = 0; u < n; ++u)
    for (eid_t i = g.row_map(u); i < g.row_map(u + 1); ++i) {
      const vid_t v = sorted[static_cast<std::size_t>(i)];
      if (!std::binary_search(sorted.begin() + g.row_map(v), sorted.begin() + g.row_map(v + 1), u))
        f.fail("the graph is marked undirected but not symmetric: entry " + std::to_string(u) + " -> " +
               std::to_string(v) + " has no " + std::to_string(v) + " -> " + std::to_string(u) +
               " (write it with directed = 1, or store both directions)");
    }
}

}  // namespace

void write_graph_hdf5(const std::string& path, const HostGraph& g, const Hdf5WriteOptions& options) {
  detail::validate_options(options);
  const vid_t n = g.num_vertices();
  const eid_t m = g.num_entries();
  TESSERA_USER_REQUIRE(g.row_map.extent(0) != 0 || m == 0,
                       "cannot write '" << path << "': graph has " << m << " entries but no row_map");
  TESSERA_USER_REQUIRE(g.row_map.extent(0) == 0 || (g.row_map(0) == 0 && g.row_map(n) == m),
                       "cannot write '" << path << "': row_map must run from 0 to num_entries = " << m);
  TESSERA_USER_REQUIRE(!g.has_labels() || g.labels.extent(0) == static_cast<std::size_t>(n),
                       "cannot write '" << path << "': " << g.labels.extent(0) << " labels for " << n << " vertices");
  TESSERA_USER_REQUIRE(!g.has_weights() || g.weights.extent(0) == static_cast<std::size_t>(m),
                       "cannot write '" << path << "': " << g.weights.extent(0) << " weights for " << m << " entries");

  AtomicFile out(path);
  {
    detail::SilenceHdf5Errors silence;
    const H5File f(path);
    H5Handle file = f.create(out.temp_path());
    const hid_t id = file.get();
    f.write_string_attr(id, "format", k_hdf5_graph_format);
    f.write_int_attr(id, "version", k_hdf5_graph_version);
    f.write_int_attr(id, "num_vertices", n);
    f.write_int_attr(id, "num_entries", m);
    f.write_int_attr(id, "directed", g.directed ? 1 : 0);
    f.write_int_attr(id, "has_labels", g.has_labels() ? 1 : 0);
    f.write_int_attr(id, "has_weights", g.has_weights() ? 1 : 0);
    const eid_t zero = 0;
    if (g.row_map.extent(0) == 0)
      f.write_array(id, "row_map", &zero, 1, options);
    else
      f.write_array(id, "row_map", g.row_map.data(), g.row_map.extent(0), options);
    f.write_array(id, "entries", g.entries.data(), g.entries.extent(0), options);
    if (g.has_labels()) f.write_array(id, "labels", g.labels.data(), g.labels.extent(0), options);
    if (g.has_weights()) f.write_array(id, "weights", g.weights.data(), g.weights.extent(0), options);
    f.check_status(H5Fflush(id, H5F_SCOPE_LOCAL), "cannot flush HDF5 file");
    f.check_status(file.close(), "cannot close HDF5 file (disk full?)");
  }
  out.commit();
}

bool hdf5_holds_hypergraph(const std::string& path) {
  detail::SilenceHdf5Errors silence;
  const H5File f(path);
  H5Handle file = f.open_read();
  if (!f.has_attr(file.get(), "format"))
    f.fail(std::string("not a Tessera file: the root group has no 'format' attribute (expected '") +
           k_hdf5_graph_format + "' or '" + k_hdf5_hypergraph_format + "')");
  const std::string format = f.read_string_attr(file.get(), "format");
  if (format == k_hdf5_hypergraph_format) return true;
  if (format == k_hdf5_graph_format) return false;
  f.fail("file format is '" + format + "', expected '" + k_hdf5_graph_format + "' or '" +
         k_hdf5_hypergraph_format + "'");
}

GraphFileInfo read_graph_hdf5_info(const std::string& path) {
  detail::SilenceHdf5Errors silence;
  const H5File f(path);
  H5Handle file = f.open_read();
  return read_info(f, file.get());
}

HostGraph read_graph_hdf5(const std::string& path) {
  detail::SilenceHdf5Errors silence;
  const H5File f(path);
  H5Handle file = f.open_read();
  const GraphFileInfo info = read_info(f, file.get());
  const auto n = static_cast<std::uint64_t>(info.num_vertices);
  const auto m = static_cast<std::uint64_t>(info.num_entries);

  HostGraph g;
  g.directed = info.directed;
  g.row_map = f.read_whole<eid_t>(file.get(), "row_map", n + 1);
  if (g.row_map(0) != 0) f.fail("dataset 'row_map' must start at 0, starts at " + std::to_string(g.row_map(0)));
  if (g.row_map(n) != info.num_entries)
    f.fail("dataset 'row_map' ends at " + std::to_string(g.row_map(n)) + ", but num_entries = " +
           std::to_string(info.num_entries));
  check_offsets(f, "row_map", g.row_map, info.num_entries, 0);

  g.entries = f.read_whole<vid_t>(file.get(), "entries", m);
  check_ids(f, "entries", g.entries, info.num_vertices);
  if (!g.directed) check_symmetric(f, g);

  if (info.has_labels) {
    g.labels = f.read_whole<label_t>(file.get(), "labels", n);
  }
  if (info.has_weights) {
    g.weights = f.read_whole<weight_t>(file.get(), "weights", m);
  }
  return g;
}

namespace {
void check_row_range(const H5File& f, const GraphFileInfo& info, vid_t begin, vid_t end) {
  if (begin < 0 || begin > end || end > info.num_vertices)
    f.fail("row range [" + std::to_string(begin) + ", " + std::to_string(end) + ") is not within [0, " +
           std::to_string(info.num_vertices) + ") with begin <= end");
}
}  // namespace

std::vector<eid_t> read_graph_hdf5_offsets(const std::string& path, vid_t begin, vid_t end) {
  detail::SilenceHdf5Errors silence;
  const H5File f(path);
  H5Handle file = f.open_read();
  const GraphFileInfo info = read_info(f, file.get());
  check_row_range(f, info, begin, end);
  auto offsets = host_array<eid_t>("tessera::io::hdf5::row_map", static_cast<std::uint64_t>(end - begin) + 1);
  f.read_array(file.get(), "row_map", static_cast<std::uint64_t>(info.num_vertices) + 1, static_cast<std::uint64_t>(begin),
               static_cast<std::uint64_t>(end - begin) + 1, offsets.data());
  check_offsets(f, "row_map", offsets, info.num_entries, begin);
  return std::vector<eid_t>(offsets.data(), offsets.data() + offsets.extent(0));
}

GraphRows read_graph_hdf5_rows(const std::string& path, vid_t begin, vid_t end) {
  detail::SilenceHdf5Errors silence;
  const H5File f(path);
  H5Handle file = f.open_read();
  const GraphFileInfo info = read_info(f, file.get());
  check_row_range(f, info, begin, end);
  const auto n = static_cast<std::uint64_t>(info.num_vertices);
  const auto m = static_cast<std::uint64_t>(info.num_entries);
  const auto rows = static_cast<std::uint64_t>(end - begin);

  GraphRows out;
  out.begin = begin;
  out.end = end;
  out.num_vertices_total = info.num_vertices;
  HostGraph& g = out.local;
  g.directed = info.directed;
  g.row_map = host_array<eid_t>("tessera::io::hdf5::row_map", rows + 1);
  f.read_array(file.get(), "row_map", n + 1, static_cast<std::uint64_t>(begin), rows + 1, g.row_map.data());
  check_offsets(f, "row_map", g.row_map, info.num_entries, begin);
  if (begin == 0 && g.row_map(0) != 0)
    f.fail("dataset 'row_map' must start at 0, starts at " + std::to_string(g.row_map(0)));
  if (static_cast<std::uint64_t>(end) == n && g.row_map(rows) != info.num_entries)
    f.fail("dataset 'row_map' ends at " + std::to_string(g.row_map(rows)) + ", but num_entries = " +
           std::to_string(info.num_entries));
  const eid_t first = g.row_map(0);
  const auto count = static_cast<std::uint64_t>(g.row_map(rows) - first);
  for (std::uint64_t i = 0; i <= rows; ++i) g.row_map(i) -= first;

  g.entries = host_array<vid_t>("tessera::io::hdf5::entries", count);
  f.read_array(file.get(), "entries", m, static_cast<std::uint64_t>(first), count, g.entries.data());
  check_ids(f, "entries", g.entries, info.num_vertices);
  if (info.has_labels) {
    g.labels = host_array<label_t>("tessera::io::hdf5::labels", rows);
    f.read_array(file.get(), "labels", n, static_cast<std::uint64_t>(begin), rows, g.labels.data());
  }
  if (info.has_weights) {
    g.weights = host_array<weight_t>("tessera::io::hdf5::weights", count);
    f.read_array(file.get(), "weights", m, static_cast<std::uint64_t>(first), count, g.weights.data());
  }
  return out;
}

}  // namespace tessera::io
