// The k-way FM's move queue (initial/fm_queue.hpp) against the flat heap it replaces, both driven
// the way fm_refine drives them: pop the top entry; if it is its node's current move, lock the node
// (the flat heap skips a locked node's entries when they come up) and requeue a few nodes' current
// moves, duplicates included; else push the node's current move. Gains come from a small range so
// that ties, duplicates and stale entries that become current again are frequent. The sequence of
// locked moves must be the same: duplicates the queue skips, and its heap built at once from the
// first entries, do not change it.
#include <doctest/doctest.h>

#include <queue>
#include <random>
#include <tuple>
#include <vector>

#include "algorithms/partitioning/initial/fm_queue.hpp"

using namespace tessera;
using namespace tessera::partitioning;

namespace {

using Move = std::tuple<score_t, vid_t, part_t>;  // (gain, node, target)

// The flat heap: (gain, -node, target) largest first, locked nodes skipped when popped.
struct FlatQueue {
  std::priority_queue<std::tuple<score_t, vid_t, part_t>> heap;
  void push(score_t g, vid_t v, part_t t) { heap.emplace(g, -v, t); }
};

struct Driver {
  vid_t n;
  std::mt19937 rng;
  std::vector<std::pair<score_t, part_t>> current;  // target -1: no move
  std::vector<char> locked;

  Driver(vid_t nodes, unsigned seed) : n(nodes), rng(seed), current(nodes), locked(nodes, 0) {
    for (vid_t v = 0; v < n; ++v) current[v] = draw();
  }
  std::pair<score_t, part_t> draw() {
    const part_t t = part_t(rng() % 4) - 1;  // a quarter without a move
    return {score_t(rng() % 6) - 2, t};
  }
  // After a lock: a few nodes' moves change, and a few more are requeued unchanged.
  std::vector<vid_t> requeue() {
    std::vector<vid_t> nodes;
    for (int i = 0; i < 6; ++i) {
      const vid_t u = vid_t(rng() % n);
      if (i % 2 == 0) current[u] = draw();
      if (!locked[u]) nodes.push_back(u);
    }
    return nodes;
  }
};

template <class Queue, class Top, class Pop, class Lock>
std::vector<Move> run(vid_t n, unsigned seed, Queue& q, Top top, Pop pop, Lock lock) {
  Driver d(n, seed);
  std::vector<Move> moves;
  for (int pass = 0; pass < 3; ++pass) {
    for (vid_t v = 0; v < n; ++v) {
      d.locked[v] = 0;
      if (d.current[v].second >= 0) q.add(d.current[v].first, v, d.current[v].second);
    }
    q.build();
    for (;;) {
      Move e;
      if (!top(e)) break;
      pop();
      const auto [g, v, t] = e;
      if (d.locked[v]) continue;
      if (d.current[v] == std::make_pair(g, t)) {
        d.locked[v] = 1;
        lock(v);
        moves.push_back(e);
        for (const vid_t u : d.requeue())
          if (d.current[u].second >= 0) q.push(d.current[u].first, u, d.current[u].second);
      } else if (d.current[v].second >= 0) {
        q.push(d.current[v].first, v, d.current[v].second);
      }
    }
    q.clear();
    for (vid_t v = 0; v < n; ++v) d.current[v] = d.draw();
  }
  return moves;
}

// FlatQueue with the FmQueue calls the driver makes (add: push; build, lock: nothing).
struct FlatAdapter {
  FlatQueue flat;
  void add(score_t g, vid_t v, part_t t) { flat.push(g, v, t); }
  void push(score_t g, vid_t v, part_t t) { flat.push(g, v, t); }
  void build() {}
  void clear() { flat.heap = {}; }
};

// FmQueue with pass-start entries pushed one by one (bulk false) or added and built (true).
struct QueueAdapter {
  FmQueue queue;
  bool bulk;
  void add(score_t g, vid_t v, part_t t) {
    if (bulk) {
      queue.add(g, v, t);
    } else {
      queue.push(g, v, t);
    }
  }
  void push(score_t g, vid_t v, part_t t) { queue.push(g, v, t); }
  void build() {
    if (bulk) queue.build();
  }
  void clear() { queue.clear(); }
};

}  // namespace

TEST_CASE("FM queue: the same locked moves as the flat heap, with duplicates skipped and the first entries built at once") {
  for (const vid_t n : {1, 7, 60, 500}) {
    for (const unsigned seed : {1u, 2u, 3u}) {
      FlatAdapter flat;
      const auto expected = run(
          n, seed, flat,
          [&](Move& e) {
            if (flat.flat.heap.empty()) return false;
            const auto [g, negv, t] = flat.flat.heap.top();
            e = {g, -negv, t};
            return true;
          },
          [&] { flat.flat.heap.pop(); }, [](vid_t) {});
      for (const bool bulk : {false, true}) {
        QueueAdapter q{FmQueue(n), bulk};
        const auto got = run(
            n, seed, q,
            [&](Move& e) {
              if (q.queue.empty()) return false;
              const auto top = q.queue.top();
              e = {top.gain, top.node, top.target};
              return true;
            },
            [&] { q.queue.pop(); }, [&](vid_t v) { q.queue.lock(v); });
        CHECK_MESSAGE(got == expected, "n = " << n << ", seed " << seed << ", bulk " << bulk);
        CHECK(!expected.empty());
      }
    }
  }
}

TEST_CASE("FM queue: order is gain, then smaller node, then larger target; lock drops a node's entries") {
  FmQueue q(4);
  q.push(5, 2, 0);
  q.push(5, 1, 0);
  q.push(5, 1, 3);
  q.push(7, 3, 1);
  q.push(7, 3, 1);  // a duplicate of the largest: skipped
  q.push(2, 0, 2);
  std::vector<std::tuple<score_t, vid_t, part_t>> order;
  bool locked = false;
  while (!q.empty()) {
    const auto e = q.top();
    q.pop();
    order.emplace_back(e.gain, e.node, e.target);
    if (e.node == 1 && !locked) {
      q.lock(1);  // drops (5, 1, 0)
      locked = true;
    }
  }
  const std::vector<std::tuple<score_t, vid_t, part_t>> expected = {{7, 3, 1}, {5, 1, 3}, {5, 2, 0}, {2, 0, 2}};
  CHECK(order == expected);
}
