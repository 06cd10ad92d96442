#include <string>

#include "core/error.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"
#include "io/atomic_file.hpp"
#include "io/hdf5/hdf5_detail.hpp"
#include "io/hdf5/hdf5_graph.hpp"

namespace tessera::io {
namespace {

using detail::H5File;
using detail::H5Handle;
using detail::host_array;

// Offsets start at 0, never decrease and end at `total`.
template <class View>
void check_offsets(const H5File& f, const char* name, const View& offsets, std::int64_t total) {
  const std::size_t len = offsets.extent(0);
  if (offsets(0) != 0) f.fail(std::string("dataset '") + name + "' must start at 0");
  for (std::size_t i = 1; i < len; ++i)
    if (offsets(i) < offsets(i - 1))
      f.fail(std::string("dataset '") + name + "' is not monotone at entry " + std::to_string(i));
  if (offsets(len - 1) != total)
    f.fail(std::string("dataset '") + name + "' ends at " + std::to_string(offsets(len - 1)) + ", expected " +
           std::to_string(total));
}

template <class View>
void check_ids(const H5File& f, const char* name, const View& ids, std::int64_t bound) {
  for (std::size_t i = 0; i < ids.extent(0); ++i)
    if (ids(i) < 0 || ids(i) >= bound)
      f.fail(std::string("dataset '") + name + "' holds id " + std::to_string(ids(i)) + " at position " +
             std::to_string(i) + ", outside [0, " + std::to_string(bound) + ")");
}

// counts[i] must lie in [0, offsets[i+1] - offsets[i]].
template <class Counts, class Offsets>
void check_counts(const H5File& f, const char* name, const Counts& counts, const Offsets& offsets) {
  for (std::size_t i = 0; i < counts.extent(0); ++i)
    if (counts(i) < 0 || counts(i) > offsets(i + 1) - offsets(i))
      f.fail(std::string("dataset '") + name + "' entry " + std::to_string(i) + " = " + std::to_string(counts(i)) +
             " exceeds the size of its list (" + std::to_string(offsets(i + 1) - offsets(i)) + ")");
}

}  // namespace

void write_hypergraph_hdf5(const std::string& path, const HostHypergraph& h, const Hdf5WriteOptions& options) {
  detail::validate_options(options);
  const std::int64_t num_nodes = h.num_nodes;
  const std::int64_t num_nets = h.num_nets();
  const std::int64_t num_pins = h.num_pins();
  const auto nets = static_cast<std::size_t>(num_nets);
  const auto nodes = static_cast<std::size_t>(num_nodes);
  auto fail_if = [&](bool bad, const std::string& what) {
    TESSERA_USER_REQUIRE(!bad, "cannot write '" << path << "': " << what);
  };
  fail_if(num_nodes < 0, "num_nodes is negative");
  fail_if(h.net_offsets.extent(0) == 0 && num_pins != 0, "pins without net_offsets");
  fail_if(h.net_offsets.extent(0) != 0 && (h.net_offsets(0) != 0 || h.net_offsets(nets) != num_pins),
          "net_offsets must run from 0 to the number of pins");
  fail_if(h.net_num_sources.extent(0) != nets, "net_num_sources must have one entry per net");
  fail_if(h.net_weights.extent(0) != 0 && h.net_weights.extent(0) != nets, "net_weights must be empty or one per net");
  fail_if(h.node_offsets.extent(0) != nodes + 1 && !(nodes == 0 && h.node_offsets.extent(0) == 0),
          "node_offsets must have num_nodes + 1 entries");
  const std::int64_t num_incidences = h.node_offsets.extent(0) == 0 ? 0 : h.node_offsets(nodes);
  fail_if(static_cast<std::int64_t>(h.incident_nets.extent(0)) != num_incidences,
          "incident_nets must have node_offsets[num_nodes] entries");
  fail_if(h.node_num_inbound.extent(0) != nodes, "node_num_inbound must have one entry per node");
  fail_if(h.node_weights.extent(0) != 0 && h.node_weights.extent(0) != nodes,
          "node_weights must be empty or one per node");

  AtomicFile out(path);
  {
    detail::SilenceHdf5Errors silence;
    const H5File f(path);
    H5Handle file = f.create(out.temp_path());
    const hid_t id = file.get();
    f.write_string_attr(id, "format", k_hdf5_hypergraph_format);
    f.write_int_attr(id, "version", k_hdf5_hypergraph_version);
    f.write_int_attr(id, "num_nodes", num_nodes);
    f.write_int_attr(id, "num_nets", num_nets);
    f.write_int_attr(id, "num_pins", num_pins);
    f.write_int_attr(id, "num_incidences", num_incidences);
    f.write_int_attr(id, "directed", h.directed ? 1 : 0);
    f.write_int_attr(id, "has_net_weights", h.net_weights.extent(0) != 0 ? 1 : 0);
    f.write_int_attr(id, "has_node_weights", h.node_weights.extent(0) != 0 ? 1 : 0);
    const eid_t zero = 0;
    if (h.net_offsets.extent(0) == 0)
      f.write_array(id, "net_offsets", &zero, 1, options);
    else
      f.write_array(id, "net_offsets", h.net_offsets.data(), h.net_offsets.extent(0), options);
    f.write_array(id, "pins", h.pins.data(), h.pins.extent(0), options);
    f.write_array(id, "net_num_sources", h.net_num_sources.data(), nets, options);
    if (h.net_weights.extent(0) != 0) f.write_array(id, "net_weights", h.net_weights.data(), nets, options);
    if (h.node_offsets.extent(0) == 0)
      f.write_array(id, "node_offsets", &zero, 1, options);
    else
      f.write_array(id, "node_offsets", h.node_offsets.data(), h.node_offsets.extent(0), options);
    f.write_array(id, "incident_nets", h.incident_nets.data(), h.incident_nets.extent(0), options);
    f.write_array(id, "node_num_inbound", h.node_num_inbound.data(), nodes, options);
    if (h.node_weights.extent(0) != 0) f.write_array(id, "node_weights", h.node_weights.data(), nodes, options);
    f.check_status(H5Fflush(id, H5F_SCOPE_LOCAL), "cannot flush HDF5 file");
    f.check_status(file.close(), "cannot close HDF5 file (disk full?)");
  }
  out.commit();
}

HostHypergraph read_hypergraph_hdf5(const std::string& path) {
  detail::SilenceHdf5Errors silence;
  const H5File f(path);
  H5Handle file = f.open_read();
  const hid_t id = file.get();
  f.check_format(id, k_hdf5_hypergraph_format, k_hdf5_hypergraph_version);
  const std::int64_t num_nodes = f.read_int_attr(id, "num_nodes");
  const std::int64_t num_nets = f.read_int_attr(id, "num_nets");
  const std::int64_t num_pins = f.read_int_attr(id, "num_pins");
  const std::int64_t num_incidences = f.read_int_attr(id, "num_incidences");
  if (num_nodes < 0 || num_nodes > max_vertices) f.fail("attribute num_nodes = " + std::to_string(num_nodes) + " is out of range");
  if (num_nets < 0 || num_nets > max_vertices) f.fail("attribute num_nets = " + std::to_string(num_nets) + " is out of range");
  if (num_pins < 0) f.fail("attribute num_pins is negative");
  if (num_incidences < 0) f.fail("attribute num_incidences is negative");
  const auto nodes = static_cast<std::uint64_t>(num_nodes);
  const auto nets = static_cast<std::uint64_t>(num_nets);
  const auto pins = static_cast<std::uint64_t>(num_pins);
  const auto incidences = static_cast<std::uint64_t>(num_incidences);

  HostHypergraph h;
  h.num_nodes = static_cast<vid_t>(num_nodes);
  h.directed = f.read_int_attr(id, "directed") != 0;
  const bool has_net_weights = f.read_int_attr(id, "has_net_weights") != 0;
  const bool has_node_weights = f.read_int_attr(id, "has_node_weights") != 0;

  h.net_offsets = f.read_whole<eid_t>(id, "net_offsets", nets + 1);
  check_offsets(f, "net_offsets", h.net_offsets, num_pins);
  h.pins = f.read_whole<vid_t>(id, "pins", pins);
  check_ids(f, "pins", h.pins, num_nodes);
  h.net_num_sources = f.read_whole<vid_t>(id, "net_num_sources", nets);
  check_counts(f, "net_num_sources", h.net_num_sources, h.net_offsets);
  // Absent weights are unit weights: the container always carries both weight arrays.
  h.net_weights = host_array<weight_t>("tessera::io::hdf5::net_weights", nets);
  if (has_net_weights) {
    f.read_array(id, "net_weights", nets, 0, nets, h.net_weights.data());
    check_net_weights(h.net_weights.data(), h.net_offsets.data(), static_cast<std::size_t>(nets), path);
  } else
    Kokkos::deep_copy(h.net_weights, 1.0);

  h.node_offsets = f.read_whole<eid_t>(id, "node_offsets", nodes + 1);
  check_offsets(f, "node_offsets", h.node_offsets, num_incidences);
  h.incident_nets = f.read_whole<nid_t>(id, "incident_nets", incidences);
  check_ids(f, "incident_nets", h.incident_nets, num_nets);
  h.node_num_inbound = f.read_whole<nid_t>(id, "node_num_inbound", nodes);
  check_counts(f, "node_num_inbound", h.node_num_inbound, h.node_offsets);
  h.node_weights = host_array<node_weight_t>("tessera::io::hdf5::node_weights", nodes);
  if (has_node_weights) {
    f.read_array(id, "node_weights", nodes, 0, nodes, h.node_weights.data());
    check_node_weight_total(h.node_weights.data(), static_cast<std::size_t>(nodes), path);
  } else
    Kokkos::deep_copy(h.node_weights, node_weight_t{1});
  return h;
}

}  // namespace tessera::io
