// The word-level helpers of the local bitmap search (engine/local_bitmap.hpp), on the host:
// popcount, position-range masks, the next set bit, galloping search, and bitmap rows of a
// small local graph against a direct membership check.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "algorithms/pattern_mining/engine/local_bitmap.hpp"

using namespace tessera;
using namespace tessera::mining::detail;

TEST_CASE("local bitmaps: popcount, range masks and the next set bit") {
  std::mt19937 rng(5);
  for (int t = 0; t < 1000; ++t) {
    const word_t x = static_cast<word_t>(rng());
    CHECK(popcount(x) == __builtin_popcount(x));
  }
  CHECK(popcount(0) == 0);
  CHECK(popcount(~word_t(0)) == 32);
  // Positions 5..69 over three words.
  CHECK(range_mask(0, 5, 70) == ~word_t(0) << 5);
  CHECK(range_mask(1, 5, 70) == ~word_t(0));
  CHECK(range_mask(2, 5, 70) == (word_t(1) << 6) - 1);
  CHECK(range_mask(3, 5, 70) == 0);
  CHECK(range_mask(0, 40, 20) == 0);
  CHECK(range_mask(1, 32, 64) == ~word_t(0));
  const word_t words[3] = {word_t(1) << 31, 0, word_t(1) << 3};  // positions 31 and 67
  CHECK(next_set_bit(words, 70, 0) == 31);
  CHECK(next_set_bit(words, 70, 31) == 31);
  CHECK(next_set_bit(words, 70, 32) == 67);
  CHECK(next_set_bit(words, 70, 68) == 70);
  CHECK(next_set_bit(words, 67, 32) == 67);  // beyond the last position: none
}

TEST_CASE("local bitmaps: galloping search equals lower_bound") {
  std::mt19937 rng(9);
  for (int t = 0; t < 200; ++t) {
    std::vector<vid_t> a(rng() % 300);
    for (auto& x : a) x = rng() % 1000;
    std::sort(a.begin(), a.end());
    a.erase(std::unique(a.begin(), a.end()), a.end());
    const eid_t n = static_cast<eid_t>(a.size());
    vid_t x = 0;
    eid_t p = 0;
    for (int q = 0; q < 20; ++q) {
      x += rng() % 80;
      const eid_t expected = static_cast<eid_t>(std::lower_bound(a.begin(), a.end(), x) - a.begin());
      p = gallop(a.data(), n, p, x);
      CHECK(p == expected);
    }
  }
}

namespace {

struct List {
  const vid_t* data;
  eid_t size;
};

// Neighbour lists of a host CSR graph, as build_local_rows asks for them.
struct CsrLists {
  const eid_t* offsets;
  const vid_t* entries;
  KOKKOS_INLINE_FUNCTION List operator()(vid_t v) const { return {entries + offsets[v], offsets[v + 1] - offsets[v]}; }
};

}  // namespace

TEST_CASE("local bitmaps: rows of a random local graph") {
  std::mt19937 rng(3);
  const vid_t n = 100;
  std::vector<std::vector<vid_t>> adj(n);
  for (vid_t u = 0; u < n; ++u)
    for (vid_t v = u + 1; v < n; ++v)
      if (rng() % 3 == 0) {
        adj[u].push_back(v);
        adj[v].push_back(u);
      }
  std::vector<vid_t> W;
  for (vid_t v = 0; v < n; v += 1 + rng() % 2) W.push_back(v);
  const eid_t w = static_cast<eid_t>(W.size()), nw = words_for(w);
  std::vector<word_t> rows(static_cast<std::size_t>(w * nw));
  std::vector<eid_t> offsets{0};
  std::vector<vid_t> entries;
  for (const auto& list : adj) {
    entries.insert(entries.end(), list.begin(), list.end());
    offsets.push_back(static_cast<eid_t>(entries.size()));
  }
  const CsrLists lists{offsets.data(), entries.data()};
  const vid_t* local = W.data();
  word_t* out = rows.data();
  using policy = Kokkos::TeamPolicy<Kokkos::DefaultHostExecutionSpace>;
  Kokkos::parallel_for(policy(1, 1, 1), [=](const policy::member_type& team) { build_local_rows(team, local, w, lists, out); });
  for (eid_t j = 0; j < w; ++j)
    for (eid_t i = 0; i < w; ++i) {
      const bool edge = std::binary_search(adj[W[j]].begin(), adj[W[j]].end(), W[i]);
      const bool bit = (rows[j * nw + i / 32] >> (i % 32)) & 1u;
      CHECK(bit == edge);
    }
}
