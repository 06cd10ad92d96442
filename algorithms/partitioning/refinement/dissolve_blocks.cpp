#include "algorithms/partitioning/refinement/dissolve_blocks.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace tessera::partitioning {

namespace {

// Per net, the blocks holding its pins, with how many pins and destination pins each holds: a
// node's choice and move read one entry per (net, block) instead of every pin of its nets
// (64k-rand: about 700 pins a net, about 200 blocks).
class NetBlocks {
 public:
  struct Entry {
    part_t block;
    std::int32_t pins, destinations;
  };

  NetBlocks(const Level<Kokkos::HostSpace>& L, const std::vector<part_t>& parts, part_t num_parts)
      : rows_(L.num_nets) {
    std::vector<std::int64_t> at(num_parts, -1);  // index of a block's entry in the current net's row
    for (nid_t e = 0; e < L.num_nets; ++e) {
      auto& row = rows_[e];
      for (eid_t i = L.net_offsets(e); i < L.net_offsets(e + 1); ++i) {
        const part_t p = parts[L.pins(i)];
        if (at[p] < 0) {
          at[p] = static_cast<std::int64_t>(row.size());
          row.push_back({p, 0, 0});
        }
        row[at[p]].pins++;
        row[at[p]].destinations += i >= L.net_offsets(e) + L.net_num_sources(e) ? 1 : 0;
      }
      for (const Entry& x : row) at[x.block] = -1;
    }
  }

  // The blocks of net e's pins (entries whose counts dropped to zero included).
  const std::vector<Entry>& blocks(nid_t e) const { return rows_[e]; }

  // Block p's entry in net e's row, added with zero counts when missing (invalidates references
  // into the row).
  Entry& entry(nid_t e, part_t p) {
    auto& row = rows_[e];
    for (Entry& x : row)
      if (x.block == p) return x;
    row.push_back({p, 0, 0});
    return row.back();
  }

 private:
  std::vector<std::vector<Entry>> rows_;
};

// Block weights and distinct inbound nets, kept exact under single-node moves.
class BlockState {
 public:
  BlockState(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t num_parts)
      : L_(L), parts_(parts), nets_(L, parts, num_parts), weight_(num_parts, 0), inbound_(num_parts, 0) {
    for (vid_t v = 0; v < L.num_nodes; ++v) weight_[parts[v]] += L.node_weights(v);
    for (nid_t e = 0; e < L.num_nets; ++e)
      for (const auto& x : nets_.blocks(e)) inbound_[x.block] += x.destinations > 0 ? 1 : 0;
  }

  const NetBlocks& nets() const { return nets_; }
  node_weight_t weight(part_t p) const { return weight_[p]; }
  std::int64_t inbound(part_t p) const { return inbound_[p]; }

  // Moves v to block b (parts_ is the caller's partition). Incidence i < inbound_end is a
  // destination pin of v: a loses the net as inbound with its last one, b gains it with its first.
  void move(vid_t v, part_t b) {
    const part_t a = parts_[v];
    const eid_t inbound_end = L_.node_offsets(v) + L_.node_num_inbound(v);
    for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v + 1); ++i) {
      const nid_t e = L_.incident_nets(i);
      const bool destination = i < inbound_end;
      auto& from = nets_.entry(e, a);
      from.pins--;
      if (destination && --from.destinations == 0) --inbound_[a];
      auto& to = nets_.entry(e, b);  // (after the last use of `from`: it may grow the row)
      to.pins++;
      if (destination && to.destinations++ == 0) ++inbound_[b];
    }
    weight_[a] -= L_.node_weights(v);
    weight_[b] += L_.node_weights(v);
    parts_[v] = b;
  }

 private:
  const Level<Kokkos::HostSpace>& L_;
  std::vector<part_t>& parts_;
  NetBlocks nets_;
  std::vector<node_weight_t> weight_;
  std::vector<std::int64_t> inbound_;
};

// The valid block other than `from` that v shares the most net weight with, or -1.
class TargetChooser {
 public:
  TargetChooser(const Level<Kokkos::HostSpace>& L, part_t num_parts)
      : L_(L), shared_(num_parts, 0), new_inbound_(num_parts, 0), seen_(num_parts, -1) {}

  part_t choose(vid_t v, part_t from, const BlockState& state, const std::vector<bool>& live,
                const PartitionLimits& limits) {
    const eid_t inbound_end = L_.node_offsets(v) + L_.node_num_inbound(v);
    ++node_stamp_;
    touched_.clear();
    for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v + 1); ++i) {
      const nid_t e = L_.incident_nets(i);
      for (const auto& x : state.nets().blocks(e)) {
        const part_t p = x.block;
        if (p == from || x.pins == 0) continue;  // (v's own block is never a target)
        if (seen_[p] != node_stamp_) {  // first net of v reaching p
          seen_[p] = node_stamp_;
          shared_[p] = 0;
          new_inbound_[p] = L_.node_num_inbound(v);
          touched_.push_back(p);
        }
        shared_[p] += L_.net_weights(e);  // e reaches p: its weight is shared with p
        if (i < inbound_end && x.destinations > 0) --new_inbound_[p];  // p has e inbound already
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
  std::vector<score_t> shared_;             // net weight v shares with each block it reaches
  std::vector<std::int64_t> new_inbound_;   // v's inbound nets the block does not have yet
  std::vector<std::int64_t> seen_;          // stamp: the blocks the current node reaches
  std::vector<part_t> touched_;
  std::int64_t node_stamp_ = 0;
};

}  // namespace

DissolveStats dissolve_blocks(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t num_parts,
                              const PartitionLimits& limits, part_t target) {
  BlockState state(L, parts, num_parts);
  TargetChooser chooser(L, num_parts);
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
