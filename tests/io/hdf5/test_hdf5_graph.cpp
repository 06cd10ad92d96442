// HDF5 graph / hypergraph files: round trips, info and row-range reads, broken files.
#include <doctest/doctest.h>
#include <hdf5.h>

#include <Kokkos_Core.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/hdf5/hdf5_graph.hpp"
#include "tests/support/test_support.hpp"

namespace {

using tessera::HostGraph;
using tessera::HostHypergraph;
using tessera::UserError;
using tessera::eid_t;
using tessera::vid_t;

template <class T>
Kokkos::View<T*, Kokkos::HostSpace> view_of(const std::vector<T>& v, const char* label = "test") {
  Kokkos::View<T*, Kokkos::HostSpace> out(std::string(label), v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out(i) = v[i];
  return out;
}

template <class View>
std::vector<typename View::non_const_value_type> vec_of(const View& v) {
  std::vector<typename View::non_const_value_type> out(v.extent(0));
  for (std::size_t i = 0; i < v.extent(0); ++i) out[i] = v(i);
  return out;
}

// A 5-vertex undirected graph (symmetric storage): edges 0-1, 0-2, 1-2, 2-3; vertex 4 isolated.
HostGraph small_graph(bool labels, bool weights) {
  HostGraph g;
  g.row_map = view_of<eid_t>({0, 2, 4, 7, 8, 8});
  g.entries = view_of<vid_t>({1, 2, 0, 2, 0, 1, 3, 2});
  if (labels) g.labels = view_of<tessera::label_t>({5, 6, 7, 8, 9});
  if (weights) g.weights = view_of<double>({0.5, 1.5, 0.5, 2.5, 1.5, 2.5, 3.25, 3.25});
  return g;
}

void check_same(const HostGraph& a, const HostGraph& b) {
  CHECK(a.num_vertices() == b.num_vertices());
  CHECK(a.num_entries() == b.num_entries());
  CHECK(a.directed == b.directed);
  CHECK(vec_of(a.entries) == vec_of(b.entries));
  CHECK(vec_of(a.labels) == vec_of(b.labels));
  CHECK(vec_of(a.weights) == vec_of(b.weights));
  if (a.num_vertices() > 0 || b.num_vertices() > 0) CHECK(vec_of(a.row_map) == vec_of(b.row_map));
}

// Checks that `f` throws UserError whose message mentions `path` and (optionally) `fragment`.
template <class F>
void check_user_error(F&& f, const std::string& path, const std::string& fragment = "") {
  bool thrown = false;
  try {
    f();
  } catch (const UserError& e) {
    thrown = true;
    const std::string msg = e.what();
    INFO("message: " << msg);
    CHECK(msg.find(path) != std::string::npos);
    if (!fragment.empty()) CHECK(msg.find(fragment) != std::string::npos);
  }
  CHECK(thrown);
}

// Raw HDF5 helpers for writing deliberately broken files.
void raw_int_attr(hid_t loc, const char* name, long long value) {
  hid_t space = H5Screate(H5S_SCALAR);
  hid_t attr = H5Acreate2(loc, name, H5T_STD_I64LE, space, H5P_DEFAULT, H5P_DEFAULT);
  REQUIRE(attr >= 0);
  REQUIRE(H5Awrite(attr, H5T_NATIVE_LLONG, &value) >= 0);
  H5Aclose(attr);
  H5Sclose(space);
}
void raw_string_attr(hid_t loc, const char* name, const std::string& value) {
  hid_t type = H5Tcopy(H5T_C_S1);
  H5Tset_size(type, value.size() + 1);  // C_S1 is NULLTERM: room for the terminator
  hid_t space = H5Screate(H5S_SCALAR);
  hid_t attr = H5Acreate2(loc, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
  REQUIRE(attr >= 0);
  REQUIRE(H5Awrite(attr, type, value.c_str()) >= 0);
  H5Aclose(attr);
  H5Sclose(space);
  H5Tclose(type);
}
template <class T>
void raw_dataset(hid_t file, const char* name, hid_t file_type, hid_t mem_type, const std::vector<T>& data) {
  hsize_t dims[1] = {data.size()};
  hid_t space = H5Screate_simple(1, dims, nullptr);
  hid_t dset = H5Dcreate2(file, name, file_type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  REQUIRE(dset >= 0);
  if (!data.empty()) REQUIRE(H5Dwrite(dset, mem_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()) >= 0);
  H5Dclose(dset);
  H5Sclose(space);
}

struct RawGraph {
  std::string format = "tessera-graph";
  long long version = 1;
  long long n = 3, m = 4;
  std::vector<long long> row_map = {0, 2, 3, 4};
  std::vector<int> entries = {1, 2, 0, 0};
  bool write_entries = true;
};

void write_raw(const std::string& path, const RawGraph& r) {
  hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  REQUIRE(file >= 0);
  raw_string_attr(file, "format", r.format);
  raw_int_attr(file, "version", r.version);
  raw_int_attr(file, "num_vertices", r.n);
  raw_int_attr(file, "num_entries", r.m);
  raw_int_attr(file, "directed", 1);
  raw_int_attr(file, "has_labels", 0);
  raw_int_attr(file, "has_weights", 0);
  raw_dataset(file, "row_map", H5T_STD_I64LE, H5T_NATIVE_LLONG, r.row_map);
  if (r.write_entries) raw_dataset(file, "entries", H5T_STD_I32LE, H5T_NATIVE_INT, r.entries);
  H5Fclose(file);
}

}  // namespace

TEST_SUITE("io.hdf5") {
  TEST_CASE("graph round trip with and without labels and weights") {
    tessera::test::TempDir dir;
    for (bool labels : {false, true})
      for (bool weights : {false, true})
        for (int level : {0, 4}) {
          CAPTURE(labels);
          CAPTURE(weights);
          CAPTURE(level);
          HostGraph g = small_graph(labels, weights);
          g.directed = labels;  // exercise the flag too
          const std::string path = dir.file("g.h5");
          tessera::io::Hdf5WriteOptions options;
          options.compression_level = level;
          options.chunk_elements = 3;  // several chunks, last one partial
          tessera::io::write_graph_hdf5(path, g, options);
          CHECK(tessera::io::is_hdf5_file(path));
          CHECK_FALSE(tessera::io::hdf5_holds_hypergraph(path));
          check_same(g, tessera::io::read_graph_hdf5(path));

          const auto info = tessera::io::read_graph_hdf5_info(path);
          CHECK(info.version == 1);
          CHECK(info.num_vertices == 5);
          CHECK(info.num_entries == 8);
          CHECK(info.directed == g.directed);
          CHECK(info.has_labels == labels);
          CHECK(info.has_weights == weights);
        }
  }

  TEST_CASE("empty graph and single vertex") {
    tessera::test::TempDir dir;
    const std::string path = dir.file("empty.h5");
    HostGraph empty;  // no row_map at all
    tessera::io::write_graph_hdf5(path, empty);
    HostGraph back = tessera::io::read_graph_hdf5(path);
    CHECK(back.num_vertices() == 0);
    CHECK(back.num_entries() == 0);
    CHECK(tessera::io::read_graph_hdf5_info(path).num_vertices == 0);
    auto rows = tessera::io::read_graph_hdf5_rows(path, 0, 0);
    CHECK(rows.local.num_vertices() == 0);
    CHECK(rows.num_vertices_total == 0);

    HostGraph empty_rowmap;
    empty_rowmap.row_map = view_of<eid_t>({0});
    tessera::io::write_graph_hdf5(path, empty_rowmap);
    CHECK(tessera::io::read_graph_hdf5(path).num_vertices() == 0);

    HostGraph one;
    one.row_map = view_of<eid_t>({0, 0});
    one.labels = view_of<tessera::label_t>({42});
    tessera::io::write_graph_hdf5(path, one);
    HostGraph back1 = tessera::io::read_graph_hdf5(path);
    CHECK(back1.num_vertices() == 1);
    CHECK(back1.num_entries() == 0);
    REQUIRE(back1.labels.extent(0) == 1);
    CHECK(back1.labels(0) == 42);
  }

  TEST_CASE("row-range reads rebase row_map and keep global ids") {
    tessera::test::TempDir dir;
    const std::string path = dir.file("rows.h5");
    const HostGraph g = small_graph(true, true);
    tessera::io::Hdf5WriteOptions options;
    options.chunk_elements = 2;
    tessera::io::write_graph_hdf5(path, g, options);
    const std::vector<std::pair<vid_t, vid_t>> ranges = {{0, 5}, {0, 0}, {2, 2}, {5, 5}, {0, 1},
                                                         {1, 3}, {2, 5}, {4, 5}, {3, 4}};
    for (const auto range : ranges) {
      const vid_t b = range.first, e = range.second;  // not bound: CHECK captures (C++20 for bindings)
      CAPTURE(b);
      CAPTURE(e);
      auto rows = tessera::io::read_graph_hdf5_rows(path, b, e);
      CHECK(rows.begin == b);
      CHECK(rows.end == e);
      CHECK(rows.num_vertices_total == 5);
      const HostGraph& l = rows.local;
      REQUIRE(l.row_map.extent(0) == static_cast<std::size_t>(e - b + 1));
      const eid_t first = g.row_map(b);
      for (vid_t i = 0; i <= e - b; ++i) CHECK(l.row_map(i) == g.row_map(b + i) - first);
      REQUIRE(l.entries.extent(0) == static_cast<std::size_t>(g.row_map(e) - first));
      for (std::size_t k = 0; k < l.entries.extent(0); ++k) {
        CHECK(l.entries(k) == g.entries(first + k));
        CHECK(l.weights(k) == g.weights(first + k));
      }
      REQUIRE(l.labels.extent(0) == static_cast<std::size_t>(e - b));
      for (vid_t i = 0; i < e - b; ++i) CHECK(l.labels(i) == g.labels(b + i));
    }
    for (const auto range : std::vector<std::pair<vid_t, vid_t>>{{-1, 2}, {3, 2}, {0, 6}, {6, 6}})
      check_user_error([&] { (void)tessera::io::read_graph_hdf5_rows(path, range.first, range.second); }, path, "row range");
  }

  TEST_CASE("an undirected graph stored with one direction only is rejected") {
    tessera::test::TempDir dir;
    const std::string path = dir.file("half.h5");
    HostGraph g;  // the triangle 0-1-2 with only u < v stored
    g.row_map = view_of<eid_t>({0, 2, 3, 3});
    g.entries = view_of<vid_t>({1, 2, 2});
    tessera::io::write_graph_hdf5(path, g);
    check_user_error([&] { (void)tessera::io::read_graph_hdf5(path); }, path,
                     "marked undirected but not symmetric: entry 0 -> 1 has no 1 -> 0");
    g.directed = true;  // the same rows as a directed graph are fine
    tessera::io::write_graph_hdf5(path, g);
    CHECK(tessera::io::read_graph_hdf5(path).num_entries() == 3);
  }

  TEST_CASE("hypergraph round trip") {
    // Directed hypergraph, 4 nodes, 2 nets: e0 = {src 0 | dst 1, 2}, e1 = {src 3 | dst 0}.
    HostHypergraph h;
    h.num_nodes = 4;
    h.directed = true;
    h.net_offsets = view_of<eid_t>({0, 3, 5});
    h.pins = view_of<vid_t>({0, 1, 2, 3, 0});
    h.net_num_sources = view_of<vid_t>({1, 1});
    h.net_weights = view_of<double>({2.0, 0.5});
    // node -> inbound nets first: 0: in {1}, out {0}; 1: in {0}; 2: in {0}; 3: out {1}
    h.node_offsets = view_of<eid_t>({0, 2, 3, 4, 5});
    h.incident_nets = view_of<tessera::nid_t>({1, 0, 0, 0, 1});
    h.node_num_inbound = view_of<tessera::nid_t>({1, 1, 1, 0});
    h.node_weights = view_of<tessera::node_weight_t>({1, 2, 3, 4});
    tessera::test::TempDir dir;
    const std::string path = dir.file("h.h5");
    tessera::io::write_hypergraph_hdf5(path, h);
    CHECK(tessera::io::hdf5_holds_hypergraph(path));
    HostHypergraph b = tessera::io::read_hypergraph_hdf5(path);
    CHECK(b.num_nodes == 4);
    CHECK(b.directed);
    CHECK(vec_of(b.net_offsets) == vec_of(h.net_offsets));
    CHECK(vec_of(b.pins) == vec_of(h.pins));
    CHECK(vec_of(b.net_num_sources) == vec_of(h.net_num_sources));
    CHECK(vec_of(b.net_weights) == vec_of(h.net_weights));
    CHECK(vec_of(b.node_offsets) == vec_of(h.node_offsets));
    CHECK(vec_of(b.incident_nets) == vec_of(h.incident_nets));
    CHECK(vec_of(b.node_num_inbound) == vec_of(h.node_num_inbound));
    CHECK(vec_of(b.node_weights) == vec_of(h.node_weights));

    // A graph reader rejects the hypergraph file and vice versa.
    check_user_error([&] { (void)tessera::io::read_graph_hdf5(path); }, path, "tessera-hypergraph");
    const std::string gpath = dir.file("g.h5");
    tessera::io::write_graph_hdf5(gpath, small_graph(false, false));
    check_user_error([&] { (void)tessera::io::read_hypergraph_hdf5(gpath); }, gpath, "tessera-graph");

    // Empty hypergraph.
    HostHypergraph e;
    tessera::io::write_hypergraph_hdf5(path, e);
    HostHypergraph eb = tessera::io::read_hypergraph_hdf5(path);
    CHECK(eb.num_nodes == 0);
    CHECK(eb.num_nets() == 0);
    CHECK(eb.num_pins() == 0);
  }

  TEST_CASE("broken files give UserError naming the file") {
    tessera::test::TempDir dir;
    const std::string missing = dir.file("missing.h5");
    check_user_error([&] { (void)tessera::io::read_graph_hdf5(missing); }, missing, "no such file");

    const std::string text = dir.write("text.h5", "0 1\n1 2\n");
    CHECK_FALSE(tessera::io::is_hdf5_file(text));
    check_user_error([&] { (void)tessera::io::read_graph_hdf5(text); }, text, "not an HDF5 file");
    check_user_error([&] { (void)tessera::io::read_graph_hdf5_info(text); }, text, "not an HDF5 file");

    // HDF5 without our attributes.
    const std::string foreign = dir.file("foreign.h5");
    {
      hid_t file = H5Fcreate(foreign.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
      REQUIRE(file >= 0);
      raw_dataset<double>(file, "data", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {1.0, 2.0});
      H5Fclose(file);
    }
    CHECK(tessera::io::is_hdf5_file(foreign));
    check_user_error([&] { (void)tessera::io::read_graph_hdf5(foreign); }, foreign, "not a Tessera file");
    check_user_error([&] { (void)tessera::io::hdf5_holds_hypergraph(foreign); }, foreign, "not a Tessera file");

    // A valid file cut short on disk (interrupted copy): HDF5 itself fails to open it.
    {
      const std::string whole = dir.file("whole.h5");
      tessera::io::Hdf5WriteOptions options;
      options.compression_level = 0;
      HostGraph big;
      const vid_t n = 2000;
      std::vector<eid_t> rm(n + 1);
      std::vector<vid_t> ent(n);
      for (vid_t v = 0; v <= n; ++v) rm[v] = v;
      for (vid_t v = 0; v < n; ++v) ent[v] = (v + 1) % n;
      big.row_map = view_of(rm);
      big.entries = view_of(ent);
      big.directed = true;
      tessera::io::write_graph_hdf5(whole, big, options);
      const auto size = std::filesystem::file_size(whole);
      const std::string cut = dir.file("cut.h5");
      std::filesystem::copy_file(whole, cut);
      std::filesystem::resize_file(cut, size / 2);
      check_user_error([&] { (void)tessera::io::read_graph_hdf5(cut); }, cut);
    }

    const std::string path = dir.file("raw.h5");
    {
      RawGraph ok;
      write_raw(path, ok);
      CHECK(tessera::io::read_graph_hdf5(path).num_entries() == 4);
    }
    {
      RawGraph r;
      r.version = 2;
      write_raw(path, r);
      check_user_error([&] { (void)tessera::io::read_graph_hdf5(path); }, path, "unsupported");
      check_user_error([&] { (void)tessera::io::read_graph_hdf5_info(path); }, path, "version 2");
    }
    {
      RawGraph r;
      r.format = "something-else";
      write_raw(path, r);
      check_user_error([&] { (void)tessera::io::read_graph_hdf5(path); }, path, "something-else");
    }
    {
      RawGraph r;  // entries truncated: 3 stored, 4 announced
      r.entries = {1, 2, 0};
      write_raw(path, r);
      check_user_error([&] { (void)tessera::io::read_graph_hdf5(path); }, path, "entries");
      check_user_error([&] { (void)tessera::io::read_graph_hdf5_rows(path, 0, 1); }, path, "entries");
    }
    {
      RawGraph r;  // row_map truncated
      r.row_map = {0, 2, 3};
      write_raw(path, r);
      check_user_error([&] { (void)tessera::io::read_graph_hdf5(path); }, path, "row_map");
    }
    {
      RawGraph r;
      r.write_entries = false;
      write_raw(path, r);
      check_user_error([&] { (void)tessera::io::read_graph_hdf5(path); }, path, "missing dataset 'entries'");
    }
    {
      RawGraph r;  // not monotone
      r.row_map = {0, 3, 2, 4};
      write_raw(path, r);
      check_user_error([&] { (void)tessera::io::read_graph_hdf5(path); }, path, "monotone");
      check_user_error([&] { (void)tessera::io::read_graph_hdf5_rows(path, 1, 3); }, path, "monotone");
    }
    {
      RawGraph r;  // entry out of range
      r.entries = {1, 2, 0, 7};
      write_raw(path, r);
      check_user_error([&] { (void)tessera::io::read_graph_hdf5(path); }, path, "outside");
      check_user_error([&] { (void)tessera::io::read_graph_hdf5_rows(path, 2, 3); }, path, "outside");
    }
    {
      RawGraph r;  // row_map does not end at num_entries
      r.row_map = {0, 2, 3, 3};
      write_raw(path, r);
      check_user_error([&] { (void)tessera::io::read_graph_hdf5(path); }, path, "num_entries");
    }
  }

  TEST_CASE("atomic write: missing folder gives UserError and no file") {
    tessera::test::TempDir dir;
    const std::string path = (dir.path() / "no_such_folder" / "g.h5").string();
    check_user_error([&] { tessera::io::write_graph_hdf5(path, small_graph(false, false)); }, path);
    CHECK_FALSE(std::filesystem::exists(path));
    check_user_error([&] { tessera::io::write_hypergraph_hdf5(path, HostHypergraph{}); }, path);
    CHECK_FALSE(std::filesystem::exists(path));

    // A bad graph is rejected before anything is written; the folder stays empty.
    HostGraph bad = small_graph(false, false);
    bad.weights = view_of<double>({1.0});
    const std::string target = dir.file("bad.h5");
    check_user_error([&] { tessera::io::write_graph_hdf5(target, bad); }, target, "weights");
    CHECK(std::filesystem::is_empty(dir.path()));

    tessera::io::Hdf5WriteOptions options;
    options.compression_level = 11;
    CHECK_THROWS_AS(tessera::io::write_graph_hdf5(target, small_graph(false, false), options), UserError);
  }
}
