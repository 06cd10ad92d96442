#pragma once
// Builds a Hypergraph from per-net pin lists (what readers produce).
#include <string>
#include <vector>

#include "core/hypergraph/hypergraph.hpp"

namespace tessera {

// Host-side description of a hypergraph, net by net.
struct HypergraphInput {
  vid_t num_nodes = 0;
  bool directed = false;
  std::vector<eid_t> net_offsets{0};      // num_nets + 1
  std::vector<vid_t> pins;                // per net: sources first, then destinations
  std::vector<vid_t> net_num_sources;     // per net (all zero when undirected)
  std::vector<weight_t> net_weights;      // empty = unit weights
  std::vector<node_weight_t> node_weights;  // empty = unit weights

  nid_t num_nets() const { return static_cast<nid_t>(net_offsets.size() - 1); }
  // Appends one net; `sources` may be empty.
  void add_net(const std::vector<vid_t>& sources, const std::vector<vid_t>& destinations,
               weight_t weight = 1);
};

// Node weights, and their total, stay at or below 2^62, so that any sum of two block weights or
// a ceiling division on the total cannot overflow the partitioner's 64-bit arithmetic.
constexpr node_weight_t k_max_total_node_weight = node_weight_t(1) << 62;
// Throws UserError ("<source>: node weights sum to more than 2^62 ...") when they do not fit.
void check_node_weight_total(const node_weight_t* weights, std::size_t count, const std::string& source);

// Net weights are finite and >= 0, and each weight times its net's pin count adds up to at most
// k_max_total_net_weight: the partitioner turns them into 64-bit fixed point and sums them over
// pins (a weight near 2^63 would wrap). Throws UserError naming the net otherwise. `offsets` has
// count + 1 entries (net e's pins are [offsets[e], offsets[e + 1])).
constexpr double k_max_total_net_weight = 4611686018427387904.0;  // 2^62
void check_net_weights(const weight_t* weights, const eid_t* offsets, std::size_t count, const std::string& source);

struct HypergraphBuildReport {
  eid_t duplicate_pins_removed = 0;  // repeated pins within a net, and sources listed as destinations
  nid_t empty_nets = 0;              // nets left with no pins are kept (they never cost anything)
};

// Validates ids and weights (throws UserError naming `source` on bad input), removes duplicate
// pins, and derives the node -> incident nets structure. Deterministic.
HostHypergraph build_hypergraph(const HypergraphInput& input, HypergraphBuildReport* report = nullptr,
                                const std::string& source = "hypergraph");

// The inverse of build_hypergraph, for writers.
HypergraphInput to_hypergraph_input(const HostHypergraph& h);

}  // namespace tessera
