#pragma once
// Refinement state filled on the host for the step tests (the steps' own kernels are
// instantiated in the library only: core/kokkos_ext/instantiate.hpp).
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <random>
#include <vector>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "core/hypergraph/hypergraph.hpp"
#include "core/hypergraph/hypergraph_builder.hpp"

namespace tessera::test {

// The shape of hub_hypergraph's nets: every hub_every-th net a hub of hub_min + [0, hub_span)
// pins, the others of 2 + [0, small_span) pins.
struct HubNets {
  int hub_every, hub_min, hub_span, small_span;
};

// m random directed nets on n nodes (one source each), weights 1..1000 (so that spread scores
// w(e) / c^2 differ from 0 for c > 1).
inline HostHypergraph hub_hypergraph(vid_t n, nid_t m, const HubNets& shape, std::mt19937& rng) {
  HypergraphInput in;
  in.num_nodes = n;
  in.directed = true;
  for (nid_t e = 0; e < m; ++e) {
    const int size = e % shape.hub_every == 0 ? shape.hub_min + static_cast<int>(rng() % shape.hub_span)
                                              : 2 + static_cast<int>(rng() % shape.small_span);
    std::vector<vid_t> pins(n);
    std::iota(pins.begin(), pins.end(), 0);
    std::shuffle(pins.begin(), pins.end(), rng);
    pins.resize(size);
    in.add_net({pins[0]}, std::vector<vid_t>(pins.begin() + 1, pins.end()), 1 + static_cast<double>(rng() % 1000));
  }
  return build_hypergraph(in);
}

// Step 1's net runs (block, pins, destination pins) of every net, sorted by block, filled on the host.
template <class Mem>
void host_net_runs(const HostHypergraph& h, const std::vector<part_t>& parts, partitioning::detail::NetRuns<Mem>& runs) {
  auto rb = Kokkos::create_mirror_view(runs.block);
  auto rc = Kokkos::create_mirror_view(runs.count);
  auto ri = Kokkos::create_mirror_view(runs.in);
  auto lam = Kokkos::create_mirror_view(runs.lambda);
  for (nid_t e = 0; e < h.num_nets(); ++e) {
    std::map<part_t, std::pair<std::int32_t, std::int32_t>> count;  // block -> (pins, destination pins)
    const eid_t dst_begin = h.net_offsets(e) + h.net_num_sources(e);
    for (eid_t k = h.net_offsets(e); k < h.net_offsets(e + 1); ++k) {
      auto& c = count[parts[h.pins(k)]];
      ++c.first;
      c.second += k >= dst_begin ? 1 : 0;
    }
    eid_t r = h.net_offsets(e);
    for (const auto& [p, c] : count) {
      rb(r) = p;
      ri(r) = c.second;
      rc(r++) = c.first;
    }
    lam(e) = static_cast<std::int32_t>(count.size());
  }
  Kokkos::deep_copy(runs.block, rb);
  Kokkos::deep_copy(runs.count, rc);
  Kokkos::deep_copy(runs.in, ri);
  Kokkos::deep_copy(runs.lambda, lam);
}

// Blocks' weights and distinct inbound nets (nets with a destination pin there) under `parts`.
struct BlockState {
  std::vector<node_weight_t> weight;
  std::vector<std::int64_t> inbound;
};
inline BlockState host_block_state(const HostHypergraph& h, const std::vector<part_t>& parts, part_t k) {
  BlockState b{std::vector<node_weight_t>(k, 0), std::vector<std::int64_t>(k, 0)};
  for (vid_t v = 0; v < h.num_nodes; ++v) b.weight[parts[v]] += h.node_weights(v);
  for (nid_t e = 0; e < h.num_nets(); ++e) {
    std::vector<char> seen(k, 0);
    for (eid_t q = h.net_offsets(e) + h.net_num_sources(e); q < h.net_offsets(e + 1); ++q) seen[parts[h.pins(q)]] = 1;
    for (part_t p = 0; p < k; ++p) b.inbound[p] += seen[p];
  }
  return b;
}

// A move sequence: each node's block, its destination (invalid_part: stays) and sequence position
// (-1: stays), and the node of every position.
struct Moves {
  std::vector<part_t> parts, move_to;
  std::vector<std::int32_t> seqpos;
  std::vector<vid_t> seq_node;
};

// Random blocks, about 70% of the nodes moving to another block, in a random order.
inline Moves random_moves(vid_t n, part_t k, std::mt19937& rng) {
  Moves mv{std::vector<part_t>(n), std::vector<part_t>(n, invalid_part), std::vector<std::int32_t>(n, -1), {}};
  for (vid_t v = 0; v < n; ++v) {
    mv.parts[v] = static_cast<part_t>(rng() % k);
    if (rng() % 10 < 7) {
      mv.move_to[v] = static_cast<part_t>((mv.parts[v] + 1 + rng() % (k - 1)) % k);
      mv.seq_node.push_back(v);
    }
  }
  std::shuffle(mv.seq_node.begin(), mv.seq_node.end(), rng);
  for (std::size_t s = 0; s < mv.seq_node.size(); ++s) mv.seqpos[mv.seq_node[s]] = static_cast<std::int32_t>(s);
  return mv;
}

template <class T, class Mem>
void copy_into(const Kokkos::View<T*, Mem>& dst, const std::vector<T>& src) {
  auto h = Kokkos::create_mirror_view(dst);
  std::copy(src.begin(), src.end(), h.data());
  Kokkos::deep_copy(dst, h);
}

// The refinement state of a move sequence on level L of `host`: buffers with the moves' targets
// and positions, the net runs of the partition before the moves, the partition, the sequence.
template <class Mem>
struct SequenceState {
  partitioning::detail::RefineBuffers<Mem> buf;
  partitioning::detail::NetRuns<Mem> runs;
  Kokkos::View<part_t*, Mem> parts;
  Kokkos::View<vid_t*, Mem> seq_node;

  SequenceState(const HostHypergraph& host, const partitioning::Level<Mem>& L, const Moves& mv, part_t k)
      : buf(L.num_nodes, L.num_nets, k), runs(L), parts("parts", L.num_nodes), seq_node("seq_node", mv.seq_node.size()) {
    host_net_runs(host, mv.parts, runs);
    copy_into(parts, mv.parts);
    copy_into(buf.move_to, mv.move_to);
    copy_into(buf.seqpos, mv.seqpos);
    copy_into(seq_node, mv.seq_node);
  }
};

}  // namespace tessera::test
