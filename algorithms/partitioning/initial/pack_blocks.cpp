#include "algorithms/partitioning/initial/pack_blocks.hpp"

#include <algorithm>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

namespace tessera::partitioning {

namespace {

// The block being filled: its weight and its exact set of distinct inbound nets (a marker per
// net holding the id of the last block it was counted for, so opening a block clears nothing).
class OpenBlock {
 public:
  OpenBlock(const Level<Kokkos::HostSpace>& L, const PartitionLimits& limits)
      : L_(L), limits_(limits), inbound_mark_(static_cast<std::size_t>(L.num_nets), invalid_part) {}

  void open(part_t id) {
    id_ = id;
    weight_ = 0;
    inbound_ = 0;
  }
  part_t id() const { return id_; }
  bool full() const { return weight_ >= limits_.max_block_weight; }
  node_weight_t room() const { return limits_.max_block_weight - weight_; }

  bool fits(vid_t v) const {
    if (weight_ + L_.node_weights(v) > limits_.max_block_weight) return false;
    if (!limits_.check_inbound) return true;
    std::int64_t added = 0;
    const eid_t b = L_.node_offsets(v), e = b + L_.node_num_inbound(v);
    for (eid_t i = b; i < e; ++i)
      if (inbound_mark_[L_.incident_nets(i)] != id_ && inbound_ + ++added > limits_.max_inbound) return false;
    return true;
  }

  void add(vid_t v) {
    weight_ += L_.node_weights(v);
    const eid_t b = L_.node_offsets(v), e = b + L_.node_num_inbound(v);
    for (eid_t i = b; i < e; ++i) {
      part_t& mark = inbound_mark_[L_.incident_nets(i)];
      if (mark != id_) {
        mark = id_;
        ++inbound_;
      }
    }
  }

 private:
  const Level<Kokkos::HostSpace>& L_;
  const PartitionLimits& limits_;
  std::vector<part_t> inbound_mark_;
  part_t id_ = invalid_part;
  node_weight_t weight_ = 0;
  std::int64_t inbound_ = 0;
};

// Overlap of the unassigned nodes with the open block: weight (+1, so zero-weight nets count) of
// their nets already touching it; a max-heap of (score, -id) whose stale entries are skipped (a
// node's score only grows while the block is open, so an entry is current iff it equals the score).
// An expansion pushes each node it raised once, with its final score: per pin, coarse levels of
// rewired networks (206 nodes sharing 208 k nets of about 60 pins, 64k-rand) pushed billions of
// entries and packing took 46 s.
class OverlapFrontier {
 public:
  OverlapFrontier(const Level<Kokkos::HostSpace>& L, const PackParams& params)
      : L_(L), params_(params), net_mark_(static_cast<std::size_t>(L.num_nets), invalid_part),
        overlap_block_(static_cast<std::size_t>(L.num_nodes), invalid_part),
        overlap_(static_cast<std::size_t>(L.num_nodes), 0),
        raised_in_(static_cast<std::size_t>(L.num_nodes), invalid_vid) {
    if (params.score == PackScore::cut_gain) own_ = own_net_weights();
  }

  void open(part_t id) {
    id_ = id;
    heap_ = {};
  }

  // The nets of v (just added to the block) raise the overlap of their unassigned pins.
  void expand(vid_t v, const std::vector<part_t>& parts) {
    ++expansions_;
    raised_.clear();
    for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v + 1); ++i) {
      const nid_t e = L_.incident_nets(i);
      const eid_t pb = L_.net_offsets(e), pe = L_.net_offsets(e + 1);
      if (net_mark_[e] == id_ || pe - pb > params_.max_overlap_net_size) continue;
      net_mark_[e] = id_;
      for (eid_t q = pb; q < pe; ++q) {
        const vid_t u = L_.pins(q);
        if (parts[u] != invalid_part) continue;
        if (overlap_block_[u] != id_) {
          overlap_block_[u] = id_;
          overlap_[u] = 0;
        }
        overlap_[u] += L_.net_weights(e) + 1;
        if (raised_in_[u] != expansions_) {
          raised_in_[u] = expansions_;
          raised_.push_back(u);
        }
      }
    }
    for (const vid_t u : raised_) heap_.emplace(score(u), -u);
  }

  // The unassigned, not yet rejected node of largest score, or invalid_vid.
  vid_t pop(const std::vector<part_t>& parts, const std::vector<part_t>& rejected) {
    while (!heap_.empty()) {
      const auto [key, negative_id] = heap_.top();
      heap_.pop();
      const vid_t u = -negative_id;
      if (parts[u] == invalid_part && rejected[u] != id_ && score(u) == key) return u;
    }
    return invalid_vid;
  }

 private:
  score_t score(vid_t u) const {
    return params_.score == PackScore::cut_gain ? 2 * overlap_[u] - own_[u] : overlap_[u];
  }

  // Per node, the weight (+1 each) of its nets that feed overlap: its overlap if all were shared.
  std::vector<score_t> own_net_weights() const {
    std::vector<score_t> own(static_cast<std::size_t>(L_.num_nodes), 0);
    for (vid_t v = 0; v < L_.num_nodes; ++v)
      for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v + 1); ++i) {
        const nid_t e = L_.incident_nets(i);
        if (L_.net_offsets(e + 1) - L_.net_offsets(e) <= params_.max_overlap_net_size) own[v] += L_.net_weights(e) + 1;
      }
    return own;
  }

  const Level<Kokkos::HostSpace>& L_;
  const PackParams& params_;
  std::vector<part_t> net_mark_;       // block whose overlap a net already raised
  std::vector<part_t> overlap_block_;  // block overlap_ refers to
  std::vector<score_t> overlap_;
  std::vector<score_t> own_;  // cut_gain only
  std::vector<vid_t> raised_in_;  // the expansion that last raised a node
  std::vector<vid_t> raised_;     // nodes the current expansion raised
  vid_t expansions_ = 0;
  std::priority_queue<std::pair<score_t, vid_t>> heap_;
  part_t id_ = invalid_part;
};

// The lightest unassigned node's weight: a cursor over the nodes by (weight, id) that skips the
// assigned ones (the minimum only grows as nodes are assigned).
class LightestUnassigned {
 public:
  explicit LightestUnassigned(const Level<Kokkos::HostSpace>& L) : L_(L), order_(static_cast<std::size_t>(L.num_nodes)) {
    for (vid_t v = 0; v < L.num_nodes; ++v) order_[v] = v;
    std::stable_sort(order_.begin(), order_.end(),
                     [&](vid_t a, vid_t b) { return L.node_weights(a) < L.node_weights(b); });
  }
  // The weight, or the largest representable one when every node is assigned (nothing fits).
  node_weight_t weight(const std::vector<part_t>& parts) {
    while (next_ < order_.size() && parts[order_[next_]] != invalid_part) ++next_;
    return next_ < order_.size() ? L_.node_weights(order_[next_]) : std::numeric_limits<node_weight_t>::max();
  }

 private:
  const Level<Kokkos::HostSpace>& L_;
  std::vector<vid_t> order_;
  std::size_t next_ = 0;
};

}  // namespace

std::vector<part_t> pack_blocks(const Level<Kokkos::HostSpace>& L, const PartitionLimits& limits,
                                const PackParams& params) {
  const vid_t n = L.num_nodes;
  std::vector<part_t> parts(static_cast<std::size_t>(n), invalid_part);
  std::vector<part_t> rejected(static_cast<std::size_t>(n), invalid_part);  // block that refused the node
  OpenBlock block(L, limits);
  OverlapFrontier frontier(L, params);
  LightestUnassigned lightest(L);
  // A node's nets raise the frontier only before the next pop: a block that no unassigned node
  // can join by weight closes without that sweep over its last node's pins (the 1M network's
  // coarsest clusters fill most of a block each; a sweep walks ~270 k nets of ~80 pins). Nothing
  // else changes: a refused candidate only marks the block it was refused by.
  vid_t unexpanded = invalid_vid;
  auto assign = [&](vid_t v) {
    parts[v] = block.id();
    block.add(v);
    unexpanded = v;
  };
  vid_t first_unassigned = 0;
  for (part_t b = 0;; ++b) {
    while (first_unassigned < n && parts[first_unassigned] != invalid_part) ++first_unassigned;
    if (first_unassigned == n) break;
    block.open(b);
    frontier.open(b);
    assign(first_unassigned);  // a single node always fits (checked by the driver)
    vid_t scan = first_unassigned + 1;
    int failures = 0;
    while (failures < params.max_failures && !block.full() && block.room() >= lightest.weight(parts)) {
      if (unexpanded != invalid_vid) frontier.expand(std::exchange(unexpanded, invalid_vid), parts);
      vid_t v = frontier.pop(parts, rejected);
      if (v == invalid_vid) {
        while (scan < n && (parts[scan] != invalid_part || rejected[scan] == b)) ++scan;
        if (scan == n) break;
        v = scan;
      }
      if (block.fits(v)) {
        assign(v);
        failures = 0;
      } else {
        rejected[v] = b;
        ++failures;
      }
    }
  }
  return parts;
}

std::vector<vid_t> growth_order(const Level<Kokkos::HostSpace>& L, const PartitionLimits& limits,
                                const PackParams& params) {
  const vid_t n = L.num_nodes;
  std::vector<part_t> parts(static_cast<std::size_t>(n), invalid_part);  // segment of each ordered node
  const std::vector<part_t> rejected(static_cast<std::size_t>(n), invalid_part);
  std::vector<vid_t> order;
  order.reserve(static_cast<std::size_t>(n));
  OverlapFrontier frontier(L, params);
  part_t segment = 0;
  node_weight_t filled = 0;  // weight of the current segment
  frontier.open(segment);
  vid_t scan = 0;
  while (static_cast<vid_t>(order.size()) < n) {
    vid_t v = frontier.pop(parts, rejected);
    if (v == invalid_vid) {
      while (parts[scan] != invalid_part) ++scan;
      v = scan;
    }
    parts[v] = segment;
    order.push_back(v);
    frontier.expand(v, parts);
    filled += L.node_weights(v);
    if (filled < limits.max_block_weight) continue;
    // v crosses a block boundary: its remainder starts the next segment, which grows around it.
    filled -= limits.max_block_weight;
    frontier.open(++segment);
    if (filled > 0) frontier.expand(v, parts);
  }
  return order;
}

std::vector<part_t> one_pass_blocks(const Level<Kokkos::HostSpace>& L, const PartitionLimits& limits,
                                    const std::vector<vid_t>& order) {
  std::vector<part_t> parts(static_cast<std::size_t>(L.num_nodes), invalid_part);
  OpenBlock block(L, limits);
  part_t b = 0;
  block.open(b);
  for (const vid_t v : order) {
    if (!block.fits(v)) block.open(++b);
    parts[v] = b;
    block.add(v);
  }
  return parts;
}

std::vector<part_t> one_pass_blocks(const Level<Kokkos::HostSpace>& L, const PartitionLimits& limits) {
  std::vector<vid_t> order(static_cast<std::size_t>(L.num_nodes));
  for (vid_t v = 0; v < L.num_nodes; ++v) order[v] = v;
  return one_pass_blocks(L, limits, order);
}

}  // namespace tessera::partitioning
