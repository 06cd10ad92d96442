#include "algorithms/partitioning/refinement/dissolve_blocks.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace tessera::partitioning {

namespace {

// Block weights and distinct inbound nets, kept exact under single-node moves.
class BlockState {
 public:
  BlockState(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t num_parts)
      : L_(L), parts_(parts), weight_(num_parts, 0), inbound_(num_parts, 0), mark_(num_parts, -1) {
    for (vid_t v = 0; v < L.num_nodes; ++v) weight_[parts[v]] += L.node_weights(v);
    for (nid_t e = 0; e < L.num_nets; ++e)
      for_destination_blocks(e, -1, [&](part_t p) { ++inbound_[p]; });
  }

  node_weight_t weight(part_t p) const { return weight_[p]; }
  std::int64_t inbound(part_t p) const { return inbound_[p]; }

  // Calls f(p) once for every block holding a destination pin of net e other than `skip`.
  template <class F>
  void for_destination_blocks(nid_t e, vid_t skip, F&& f) {
    ++stamp_;
    for (eid_t i = L_.net_offsets(e) + L_.net_num_sources(e); i < L_.net_offsets(e + 1); ++i) {
      const vid_t u = L_.pins(i);
      if (u == skip) continue;
      const part_t p = parts_[u];
      if (mark_[p] != stamp_) {
        mark_[p] = stamp_;
        f(p);
      }
    }
  }

  // Moves v to block b (parts_ is the caller's partition).
  void move(vid_t v, part_t b) {
    const part_t a = parts_[v];
    for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v) + L_.node_num_inbound(v); ++i) {
      bool in_a = false, in_b = false;
      for_destination_blocks(L_.incident_nets(i), v, [&](part_t p) {
        in_a = in_a || p == a;
        in_b = in_b || p == b;
      });
      if (!in_a) --inbound_[a];
      if (!in_b) ++inbound_[b];
    }
    weight_[a] -= L_.node_weights(v);
    weight_[b] += L_.node_weights(v);
    parts_[v] = b;
  }

 private:
  const Level<Kokkos::HostSpace>& L_;
  std::vector<part_t>& parts_;
  std::vector<node_weight_t> weight_;
  std::vector<std::int64_t> inbound_;
  std::vector<std::int64_t> mark_;
  std::int64_t stamp_ = 0;
};

// The valid block other than `from` that v shares the most net weight with, or -1.
class TargetChooser {
 public:
  TargetChooser(const Level<Kokkos::HostSpace>& L, const std::vector<part_t>& parts, part_t num_parts)
      : L_(L), parts_(parts), shared_(num_parts, 0), new_inbound_(num_parts, 0), seen_(num_parts, -1),
        any_pin_(num_parts, -1), destination_pin_(num_parts, -1) {}

  part_t choose(vid_t v, part_t from, const BlockState& state, const std::vector<bool>& live,
                const PartitionLimits& limits) {
    const eid_t inbound_end = L_.node_offsets(v) + L_.node_num_inbound(v);
    ++node_stamp_;
    touched_.clear();
    for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v + 1); ++i) {
      const nid_t e = L_.incident_nets(i);
      ++net_stamp_;
      for (eid_t j = L_.net_offsets(e); j < L_.net_offsets(e + 1); ++j) {
        const vid_t u = L_.pins(j);
        if (u == v) continue;
        const part_t p = parts_[u];
        if (seen_[p] != node_stamp_) {  // first net of v reaching p
          seen_[p] = node_stamp_;
          shared_[p] = 0;
          new_inbound_[p] = L_.node_num_inbound(v);
          touched_.push_back(p);
        }
        if (any_pin_[p] != net_stamp_) {  // e reaches p: its weight is shared with p
          any_pin_[p] = net_stamp_;
          shared_[p] += L_.net_weights(e);
        }
        const bool destination = j >= L_.net_offsets(e) + L_.net_num_sources(e);
        if (i < inbound_end && destination && destination_pin_[p] != net_stamp_) {  // p has e inbound already
          destination_pin_[p] = net_stamp_;
          --new_inbound_[p];
        }
      }
    }
    auto fits = [&](part_t p, std::int64_t added_inbound) {
      if (p == from || !live[p]) return false;
      if (state.weight(p) + L_.node_weights(v) > limits.max_block_weight) return false;
      return !limits.check_inbound || state.inbound(p) + added_inbound <= limits.max_inbound;
    };
    part_t best = -1;
    for (const part_t p : touched_)
      if (fits(p, new_inbound_[p]) && (best < 0 || shared_[p] > shared_[best] || (shared_[p] == shared_[best] && p < best)))
        best = p;
    if (best >= 0) return best;
    for (part_t p = 0; p < static_cast<part_t>(live.size()); ++p)  // no neighbouring block has room
      if (seen_[p] != node_stamp_ && fits(p, L_.node_num_inbound(v))) return p;
    return -1;
  }

 private:
  const Level<Kokkos::HostSpace>& L_;
  const std::vector<part_t>& parts_;
  std::vector<score_t> shared_;             // net weight v shares with each block it reaches
  std::vector<std::int64_t> new_inbound_;   // v's inbound nets the block does not have yet
  std::vector<std::int64_t> seen_, any_pin_, destination_pin_;  // stamps: per node, per net
  std::vector<part_t> touched_;
  std::int64_t node_stamp_ = 0, net_stamp_ = 0;
};

}  // namespace

DissolveStats dissolve_blocks(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t num_parts,
                              const PartitionLimits& limits, part_t target) {
  BlockState state(L, parts, num_parts);
  TargetChooser chooser(L, parts, num_parts);
  std::vector<std::vector<vid_t>> members(num_parts);
  for (vid_t v = 0; v < L.num_nodes; ++v) members[parts[v]].push_back(v);
  std::vector<bool> live(num_parts);
  DissolveStats stats;
  for (part_t p = 0; p < num_parts; ++p) {
    live[p] = !members[p].empty();
    stats.remaining += live[p] ? 1 : 0;
  }
  while (stats.remaining > target) {
    part_t lightest = -1;
    for (part_t p = 0; p < num_parts; ++p)
      if (live[p] && (lightest < 0 || state.weight(p) < state.weight(lightest))) lightest = p;
    std::vector<std::pair<vid_t, part_t>> moved;  // to undo a block that cannot be emptied
    std::sort(members[lightest].begin(), members[lightest].end());
    for (const vid_t v : members[lightest]) {
      const part_t to = chooser.choose(v, lightest, state, live, limits);
      if (to < 0) break;
      state.move(v, to);
      moved.emplace_back(v, to);
    }
    if (moved.size() < members[lightest].size()) {
      for (auto it = moved.rbegin(); it != moved.rend(); ++it) state.move(it->first, lightest);
      break;
    }
    for (const auto& [v, to] : moved) members[to].push_back(v);
    members[lightest].clear();
    live[lightest] = false;
    --stats.remaining;
    ++stats.dissolved;
  }
  return stats;
}

}  // namespace tessera::partitioning
