#include "core/hypergraph/hypergraph_builder.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/util/memory_budget.hpp"

namespace tessera {

void HypergraphInput::add_net(const std::vector<vid_t>& sources, const std::vector<vid_t>& destinations,
                              weight_t weight) {
  pins.insert(pins.end(), sources.begin(), sources.end());
  pins.insert(pins.end(), destinations.begin(), destinations.end());
  net_offsets.push_back(static_cast<eid_t>(pins.size()));
  net_num_sources.push_back(static_cast<vid_t>(sources.size()));
  if (!sources.empty()) directed = true;
  // Weights are stored only once one differs from 1, keeping unit-weight inputs compact.
  if (!net_weights.empty() || weight != 1) {
    net_weights.resize(net_offsets.size() - 2, 1.0);
    net_weights.push_back(weight);
  }
}

namespace {
template <class T>
Kokkos::View<T*, Kokkos::HostSpace> to_view(const std::vector<T>& v, const char* label) {
  Kokkos::View<T*, Kokkos::HostSpace> out(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), v.size());
  std::copy(v.begin(), v.end(), out.data());
  return out;
}
}  // namespace

void check_node_weight_total(const node_weight_t* weights, std::size_t count, const std::string& source) {
  node_weight_t total = 0;
  for (std::size_t v = 0; v < count; ++v) {
    TESSERA_USER_REQUIRE(weights[v] >= 0, source << ": node " << v << " has negative weight " << weights[v]);
    TESSERA_USER_REQUIRE(weights[v] <= k_max_total_node_weight - total,
                         source << ": node weights sum to more than 2^62 (at node " << v
                                << "); the partitioner's weight arithmetic is 64-bit");
    total += weights[v];
  }
}

void check_net_weights(const weight_t* weights, const eid_t* offsets, std::size_t count, const std::string& source) {
  long double total = 0;
  for (std::size_t e = 0; e < count; ++e) {
    TESSERA_USER_REQUIRE(std::isfinite(weights[e]) && weights[e] >= 0,
                         source << ": net " << e << " has weight " << weights[e] << " (must be finite and >= 0)");
    total += static_cast<long double>(weights[e]) * static_cast<long double>(offsets[e + 1] - offsets[e]);
    TESSERA_USER_REQUIRE(total <= k_max_total_net_weight,
                         source << ": net weights times their pin counts sum to more than 2^62 (at net " << e
                                << ", weight " << weights[e] << "); the partitioner's weight arithmetic is 64-bit");
  }
}

HostHypergraph build_hypergraph(const HypergraphInput& in, HypergraphBuildReport* report,
                                const std::string& source) {
  const vid_t n = in.num_nodes;
  TESSERA_USER_REQUIRE(n >= 0, source << ": negative node count " << n);
  TESSERA_USER_REQUIRE(!in.net_offsets.empty() && in.net_offsets.front() == 0,
                       source << ": net offsets must start at 0");
  const nid_t num_nets = in.num_nets();
  TESSERA_USER_REQUIRE(static_cast<std::size_t>(in.net_offsets.back()) == in.pins.size(),
                       source << ": net offsets end at " << in.net_offsets.back() << " but there are "
                              << in.pins.size() << " pins");
  TESSERA_USER_REQUIRE(in.net_num_sources.empty() || in.net_num_sources.size() == static_cast<std::size_t>(num_nets),
                       source << ": " << in.net_num_sources.size() << " source counts for " << num_nets << " nets");
  TESSERA_USER_REQUIRE(in.net_weights.empty() || in.net_weights.size() == static_cast<std::size_t>(num_nets),
                       source << ": " << in.net_weights.size() << " net weights for " << num_nets << " nets");
  TESSERA_USER_REQUIRE(in.node_weights.empty() || in.node_weights.size() == static_cast<std::size_t>(n),
                       source << ": " << in.node_weights.size() << " node weights for " << n << " nodes");
  check_net_weights(in.net_weights.data(), in.net_offsets.data(), in.net_weights.size(), source);
  check_node_weight_total(in.node_weights.data(), in.node_weights.size(), source);
  // The node count may come from a header or from one large id in a short file: the arrays below
  // and the result take about 24 bytes per node and net and 16 per pin, checked before any of them.
  require_fits_in_memory(24.0L * n + 24.0L * num_nets + 16.0L * static_cast<long double>(in.pins.size()),
                         source + ": a hypergraph of " + std::to_string(n) + " nodes, " + std::to_string(num_nets) +
                             " nets and " + std::to_string(in.pins.size()) + " pins");

  // Nets: sources first, each pin once; a pin listed as source and destination stays a source.
  // Pins go straight into the result's view (sized for the input's pins; cut to size only when
  // duplicates were dropped): at hundreds of millions of pins a vector and a copy cost a second
  // gigabyte of first-touched pages, half the build time.
  std::vector<eid_t> offsets{0};
  offsets.reserve(num_nets + 1);
  Kokkos::View<vid_t*, Kokkos::HostSpace> pins(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("tessera::hypergraph::pins")), in.pins.size());
  std::size_t num_pins = 0;
  std::vector<vid_t> num_sources(num_nets, 0);
  std::vector<char> seen(n, 0);
  eid_t duplicates = 0;
  nid_t empty = 0;
  for (nid_t e = 0; e < num_nets; ++e) {
    const eid_t begin = in.net_offsets[e], end = in.net_offsets[e + 1];
    TESSERA_USER_REQUIRE(begin <= end, source << ": net offsets decrease at net " << e);
    const eid_t src_end = begin + (in.net_num_sources.empty() ? 0 : in.net_num_sources[e]);
    TESSERA_USER_REQUIRE(src_end <= end, source << ": net " << e << " has more sources than pins");
    const std::size_t net_start = num_pins;
    for (eid_t j = begin; j < end; ++j) {
      const vid_t v = in.pins[j];
      TESSERA_USER_REQUIRE(v >= 0 && v < n, source << ": net " << e << " has pin " << v
                                                  << " outside the node range [0, " << n << ")");
      if (seen[v]) {
        ++duplicates;
        continue;
      }
      seen[v] = 1;
      pins(num_pins++) = v;
      if (j < src_end) ++num_sources[e];
    }
    for (std::size_t j = net_start; j < num_pins; ++j) seen[pins(j)] = 0;
    if (num_pins == net_start) ++empty;
    offsets.push_back(static_cast<eid_t>(num_pins));
  }
  if (num_pins < pins.extent(0)) {
    Kokkos::View<vid_t*, Kokkos::HostSpace> exact(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("tessera::hypergraph::pins")), num_pins);
    std::copy(pins.data(), pins.data() + num_pins, exact.data());
    pins = exact;
  }

  // Nodes -> incident nets by counting sort over pins: inbound (destination) nets first.
  std::vector<eid_t> node_offsets(static_cast<std::size_t>(n) + 1, 0);
  std::vector<nid_t> num_inbound(n, 0);
  for (nid_t e = 0; e < num_nets; ++e)
    for (eid_t j = offsets[e]; j < offsets[e + 1]; ++j) {
      ++node_offsets[pins(j) + 1];
      if (j >= offsets[e] + num_sources[e]) ++num_inbound[pins(j)];
    }
  for (vid_t v = 0; v < n; ++v) node_offsets[v + 1] += node_offsets[v];
  std::vector<eid_t> in_cursor(node_offsets.begin(), node_offsets.end() - 1);
  std::vector<eid_t> out_cursor(n);
  for (vid_t v = 0; v < n; ++v) out_cursor[v] = node_offsets[v] + num_inbound[v];
  Kokkos::View<nid_t*, Kokkos::HostSpace> incident(
      Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("tessera::hypergraph::incident_nets")), num_pins);
  for (nid_t e = 0; e < num_nets; ++e)
    for (eid_t j = offsets[e]; j < offsets[e + 1]; ++j) {
      const bool inbound = j >= offsets[e] + num_sources[e];
      incident(inbound ? in_cursor[pins(j)]++ : out_cursor[pins(j)]++) = e;
    }

  HostHypergraph h;
  h.num_nodes = n;
  h.directed = in.directed || std::any_of(num_sources.begin(), num_sources.end(), [](vid_t s) { return s > 0; });
  h.net_offsets = to_view(offsets, "tessera::hypergraph::net_offsets");
  h.pins = pins;
  h.net_num_sources = to_view(num_sources, "tessera::hypergraph::net_num_sources");
  h.net_weights = in.net_weights.empty() ? to_view(std::vector<weight_t>(num_nets, 1.0), "tessera::hypergraph::net_weights")
                                         : to_view(in.net_weights, "tessera::hypergraph::net_weights");
  h.node_offsets = to_view(node_offsets, "tessera::hypergraph::node_offsets");
  h.incident_nets = incident;
  h.node_num_inbound = to_view(num_inbound, "tessera::hypergraph::node_num_inbound");
  h.node_weights = in.node_weights.empty() ? to_view(std::vector<node_weight_t>(n, 1), "tessera::hypergraph::node_weights")
                                           : to_view(in.node_weights, "tessera::hypergraph::node_weights");
  if (report) {
    report->duplicate_pins_removed = duplicates;
    report->empty_nets = empty;
  }
  return h;
}

HypergraphInput to_hypergraph_input(const HostHypergraph& h) {
  HypergraphInput in;
  in.num_nodes = h.num_nodes;
  in.directed = h.directed;
  const nid_t num_nets = h.num_nets();
  in.net_offsets.assign(h.net_offsets.data(), h.net_offsets.data() + num_nets + 1);
  in.pins.assign(h.pins.data(), h.pins.data() + h.num_pins());
  in.net_num_sources.assign(h.net_num_sources.data(), h.net_num_sources.data() + num_nets);
  in.net_weights.assign(h.net_weights.data(), h.net_weights.data() + h.net_weights.extent(0));
  if (std::all_of(in.net_weights.begin(), in.net_weights.end(), [](weight_t w) { return w == 1; }))
    in.net_weights.clear();
  in.node_weights.assign(h.node_weights.data(), h.node_weights.data() + h.node_weights.extent(0));
  if (std::all_of(in.node_weights.begin(), in.node_weights.end(), [](node_weight_t w) { return w == 1; }))
    in.node_weights.clear();
  return in;
}

}  // namespace tessera
