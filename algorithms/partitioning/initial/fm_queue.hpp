#pragma once
// The move queue of the sequential k-way FM (initial/fm_refine): a max-queue of (gain, node,
// target) entries, largest gain first, then smaller node, then larger target, holding every entry
// the FM pushed and has not popped, stale ones included (the FM is lazy: it checks an entry
// against the node's current best move when it is popped).
//
// Issue 25: with one flat heap, ~90% of the pops at the coarse levels (hundreds of nodes, ~30 nets
// each) were entries of nodes already moved in the pass, each costing a sift through the whole
// heap. Here the entries are kept per node (a small heap each) and a heap of nodes orders them by
// their largest entry; lock() drops all of a node's entries at once. Entries compare in a total
// order and equal entries are interchangeable, so top() yields the same sequence as the flat heap
// after the same pushes, pops and locks: the FM's moves, and the partition, are unchanged.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "algorithms/partitioning/common/level.hpp"

namespace tessera::partitioning {

class FmQueue {
 public:
  struct Entry {
    score_t gain;
    vid_t node;
    part_t target;
  };

  explicit FmQueue(vid_t num_nodes) : entries_(num_nodes), position_(num_nodes, -1) {}

  bool empty() const { return heap_.empty(); }
  Entry top() const {
    const vid_t v = heap_.front();
    return {entries_[v].front().first, v, entries_[v].front().second};
  }

  void push(score_t gain, vid_t v, part_t target) {
    auto& own = entries_[v];
    own.emplace_back(gain, target);
    std::push_heap(own.begin(), own.end());
    if (position_[v] < 0) {
      position_[v] = static_cast<std::int64_t>(heap_.size());
      heap_.push_back(v);
      sift_up(position_[v]);
    } else if (own.front().first == gain && own.front().second == target) {
      sift_up(position_[v]);  // the new entry is v's largest
    }
  }

  // Removes the top entry.
  void pop() {
    const vid_t v = heap_.front();
    auto& own = entries_[v];
    std::pop_heap(own.begin(), own.end());
    own.pop_back();
    if (own.empty()) {
      remove(v);
    } else {
      sift_down(0);
    }
  }

  // Drops every entry of v (v moved: the FM skips them).
  void lock(vid_t v) {
    entries_[v].clear();
    if (position_[v] >= 0) remove(v);
  }

  // Empties the queue for the next pass, keeping the per-node capacity.
  void clear() {
    for (const vid_t v : heap_) {
      entries_[v].clear();
      position_[v] = -1;
    }
    heap_.clear();
  }

 private:
  // Node a's largest entry comes before node b's: the flat heap's (gain, -node, target) order.
  bool before(vid_t a, vid_t b) const {
    const auto& x = entries_[a].front();
    const auto& y = entries_[b].front();
    if (x.first != y.first) return x.first > y.first;
    return a < b;  // different nodes: the target never decides
  }

  void place(std::int64_t i, vid_t v) {
    heap_[i] = v;
    position_[v] = i;
  }

  void sift_up(std::int64_t i) {
    const vid_t v = heap_[i];
    while (i > 0) {
      const std::int64_t parent = (i - 1) / 2;
      if (!before(v, heap_[parent])) break;
      place(i, heap_[parent]);
      i = parent;
    }
    place(i, v);
  }

  void sift_down(std::int64_t i) {
    const vid_t v = heap_[i];
    const std::int64_t n = static_cast<std::int64_t>(heap_.size());
    for (;;) {
      std::int64_t child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && before(heap_[child + 1], heap_[child])) ++child;
      if (!before(heap_[child], v)) break;
      place(i, heap_[child]);
      i = child;
    }
    place(i, v);
  }

  void remove(vid_t v) {
    const std::int64_t i = position_[v];
    position_[v] = -1;
    const vid_t last = heap_.back();
    heap_.pop_back();
    if (last == v) return;
    place(i, last);
    sift_up(i);
    sift_down(position_[last]);
  }

  std::vector<std::vector<std::pair<score_t, part_t>>> entries_;  // v's entries, a max-heap of (gain, target)
  std::vector<vid_t> heap_;                                        // nodes with entries, by their largest
  std::vector<std::int64_t> position_;                             // v's index in heap_, -1 when absent
};

}  // namespace tessera::partitioning
