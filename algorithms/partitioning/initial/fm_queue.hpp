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
//
// Only the set of distinct entries matters (a copy of an entry pops right after it, in the same
// state, and the FM does the same with it: moves the node, which drops the copy, or pushes the
// same current move again). So push() skips an entry its node already holds as its largest or as
// its last pushed one (a third of the FM's pushes on ISPD98 ibm05 at k = 4, each a heap insertion
// and, mostly, never popped), and a pass's first entries, one per node, are added unordered and
// arranged into a heap once (build: linear, where n pushes sifted through a heap of n nodes). The
// heap of nodes holds each node's largest gain beside its id: a comparison reads the heap array
// only, not the node's entries.
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

  explicit FmQueue(vid_t num_nodes) : entries_(num_nodes), position_(num_nodes, -1), last_(num_nodes, k_none) {}

  bool empty() const { return heap_.empty(); }
  Entry top() const {
    const vid_t v = heap_.front().node;
    return {entries_[v].front().first, v, entries_[v].front().second};
  }

  void push(score_t gain, vid_t v, part_t target) {
    auto& own = entries_[v];
    const Own entry{gain, target};
    if (entry == last_[v] || (!own.empty() && own.front() == entry)) return;  // held already
    own.push_back(entry);
    std::push_heap(own.begin(), own.end());
    last_[v] = entry;
    if (position_[v] < 0) {
      position_[v] = static_cast<std::int64_t>(heap_.size());
      heap_.push_back({gain, v});
      sift_up(position_[v]);
    } else if (own.front() == entry) {  // the new entry is v's largest
      heap_[position_[v]].gain = gain;
      sift_up(position_[v]);
    }
  }

  // A pass's first entries: add() one entry per node to an empty queue, then build() before any
  // other call. The same queue as push() of the same entries.
  void add(score_t gain, vid_t v, part_t target) {
    entries_[v].push_back({gain, target});
    last_[v] = {gain, target};
    position_[v] = static_cast<std::int64_t>(heap_.size());
    heap_.push_back({gain, v});
  }
  void build() {
    for (std::int64_t i = static_cast<std::int64_t>(heap_.size()) / 2; i-- > 0;) sift_down(i);
  }

  // Removes the top entry.
  void pop() {
    const vid_t v = heap_.front().node;
    auto& own = entries_[v];
    std::pop_heap(own.begin(), own.end());
    if (own.back() == last_[v]) last_[v] = k_none;  // perhaps its only copy
    own.pop_back();
    if (own.empty()) {
      remove(v);
    } else {
      heap_.front().gain = own.front().first;
      sift_down(0);
    }
  }

  // Drops every entry of v (v moved: the FM skips them).
  void lock(vid_t v) {
    entries_[v].clear();
    last_[v] = k_none;
    if (position_[v] >= 0) remove(v);
  }

  // Empties the queue for the next pass, keeping the per-node capacity.
  void clear() {
    for (const Slot& s : heap_) {
      entries_[s.node].clear();
      position_[s.node] = -1;
      last_[s.node] = k_none;
    }
    heap_.clear();
  }

 private:
  using Own = std::pair<score_t, part_t>;  // (gain, target)
  static constexpr Own k_none{0, invalid_part};
  struct Slot {
    score_t gain;  // the node's largest entry's
    vid_t node;
  };

  // Node a's largest entry comes before node b's: the flat heap's (gain, -node, target) order.
  static bool before(const Slot& a, const Slot& b) {
    if (a.gain != b.gain) return a.gain > b.gain;
    return a.node < b.node;  // different nodes: the target never decides
  }

  void place(std::int64_t i, const Slot& s) {
    heap_[i] = s;
    position_[s.node] = i;
  }

  void sift_up(std::int64_t i) {
    const Slot s = heap_[i];
    while (i > 0) {
      const std::int64_t parent = (i - 1) / 2;
      if (!before(s, heap_[parent])) break;
      place(i, heap_[parent]);
      i = parent;
    }
    place(i, s);
  }

  void sift_down(std::int64_t i) {
    const Slot s = heap_[i];
    const std::int64_t n = static_cast<std::int64_t>(heap_.size());
    for (;;) {
      std::int64_t child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && before(heap_[child + 1], heap_[child])) ++child;
      if (!before(heap_[child], s)) break;
      place(i, heap_[child]);
      i = child;
    }
    place(i, s);
  }

  void remove(vid_t v) {
    const std::int64_t i = position_[v];
    position_[v] = -1;
    const Slot last = heap_.back();
    heap_.pop_back();
    if (last.node == v) return;
    place(i, last);
    sift_up(i);
    sift_down(position_[last.node]);
  }

  std::vector<std::vector<Own>> entries_;  // v's entries, a max-heap of (gain, target)
  std::vector<Slot> heap_;                 // nodes with entries, by their largest
  std::vector<std::int64_t> position_;     // v's index in heap_, -1 when absent
  std::vector<Own> last_;                  // v's last pushed entry while v surely holds it, else k_none
};

}  // namespace tessera::partitioning
