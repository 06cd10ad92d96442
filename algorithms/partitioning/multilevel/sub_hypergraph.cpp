#include "algorithms/partitioning/multilevel/sub_hypergraph.hpp"

namespace tessera::partitioning {

namespace {

// The kept nets (input ids, ascending) and their pin counts inside the subset.
void kept_nets(const HostHypergraph& h, const std::vector<vid_t>& local, bool whole_nets, std::vector<nid_t>& nets,
               std::vector<vid_t>& sources, eid_t& pins) {
  pins = 0;
  for (nid_t e = 0; e < h.num_nets(); ++e) {
    eid_t inside = 0;
    vid_t inside_sources = 0;
    for (eid_t q = h.net_offsets(e); q < h.net_offsets(e + 1); ++q) {
      const bool in = local[h.pins(q)] != invalid_vid;
      inside += in;
      inside_sources += in && q - h.net_offsets(e) < eid_t(h.net_num_sources(e));
    }
    if (inside < 2 || (whole_nets && inside != h.net_offsets(e + 1) - h.net_offsets(e))) continue;
    nets.push_back(e);
    sources.push_back(inside_sources);
    pins += inside;
  }
}

}  // namespace

HostHypergraph induced_hypergraph(const HostHypergraph& h, const std::vector<vid_t>& nodes, bool whole_nets) {
  std::vector<vid_t> local(h.num_nodes, invalid_vid);
  for (std::size_t i = 0; i < nodes.size(); ++i) local[nodes[i]] = vid_t(i);
  std::vector<nid_t> nets;
  std::vector<vid_t> sources;
  eid_t pins = 0;
  kept_nets(h, local, whole_nets, nets, sources, pins);
  const vid_t n = vid_t(nodes.size());
  const nid_t m = nid_t(nets.size());
  HostHypergraph s;
  s.num_nodes = n;
  s.directed = h.directed;
  s.net_offsets = Kokkos::View<eid_t*, Kokkos::HostSpace>("tessera::part::sub_net_offsets", std::size_t(m) + 1);
  s.pins = Kokkos::View<vid_t*, Kokkos::HostSpace>("tessera::part::sub_pins", pins);
  s.net_num_sources = Kokkos::View<vid_t*, Kokkos::HostSpace>("tessera::part::sub_sources", m);
  s.net_weights = Kokkos::View<weight_t*, Kokkos::HostSpace>("tessera::part::sub_net_w", m);
  s.node_offsets = Kokkos::View<eid_t*, Kokkos::HostSpace>("tessera::part::sub_node_offsets", std::size_t(n) + 1);
  s.incident_nets = Kokkos::View<nid_t*, Kokkos::HostSpace>("tessera::part::sub_incident", pins);
  s.node_num_inbound = Kokkos::View<nid_t*, Kokkos::HostSpace>("tessera::part::sub_inbound", n);
  s.node_weights = Kokkos::View<node_weight_t*, Kokkos::HostSpace>("tessera::part::sub_node_w", n);
  eid_t next = 0;
  for (nid_t j = 0; j < m; ++j) {
    const nid_t e = nets[j];
    for (eid_t q = h.net_offsets(e); q < h.net_offsets(e + 1); ++q)
      if (local[h.pins(q)] != invalid_vid) s.pins(next++) = local[h.pins(q)];
    s.net_offsets(j + 1) = next;
    s.net_num_sources(j) = sources[j];
    s.net_weights(j) = h.net_weights(e);
  }
  // Incidence, inbound nets first (nets where the node is a source come after), nets ascending.
  for (eid_t q = 0; q < pins; ++q) ++s.node_offsets(s.pins(q) + 1);
  for (vid_t v = 0; v < n; ++v) s.node_offsets(v + 1) += s.node_offsets(v);
  std::vector<eid_t> fill(s.node_offsets.data(), s.node_offsets.data() + n);
  for (int pass = 0; pass < 2; ++pass)  // 0: nets where the node is a destination (inbound), 1: source
    for (nid_t j = 0; j < m; ++j)
      for (eid_t q = s.net_offsets(j); q < s.net_offsets(j + 1); ++q) {
        const bool source = q - s.net_offsets(j) < eid_t(s.net_num_sources(j));
        if (source != (pass == 1)) continue;
        const vid_t v = s.pins(q);
        s.incident_nets(fill[v]++) = j;
        if (!source) ++s.node_num_inbound(v);
      }
  for (vid_t v = 0; v < n; ++v) s.node_weights(v) = h.node_weights(nodes[v]);
  return s;
}

}  // namespace tessera::partitioning
