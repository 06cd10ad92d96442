// core/set_ops/intersect.hpp on the host: every strategy's lane shares add up to the exact
// intersection for any number of lanes, on random sorted lists of every length relation.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <random>
#include <vector>

#include "core/set_ops/intersect.hpp"

namespace {

using tessera::vid_t;
using List = std::vector<vid_t>;

List random_sorted(std::mt19937& rng, std::size_t n, vid_t range) {
  std::vector<vid_t> all(static_cast<std::size_t>(range));
  for (vid_t i = 0; i < range; ++i) all[static_cast<std::size_t>(i)] = i;
  std::shuffle(all.begin(), all.end(), rng);
  List out(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(n, all.size())));
  std::sort(out.begin(), out.end());
  return out;
}

List common(const List& a, const List& b) {
  List both;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
  return both;
}

}  // namespace

TEST_CASE("set_ops: binary and merge lane shares sum to the exact intersection, each common id reported once") {
  std::mt19937 rng(20261205);
  const std::size_t lengths[] = {0, 1, 2, 3, 7, 16, 31, 32, 33, 64, 100, 257};
  int cases = 0;
  for (std::size_t na : lengths)
    for (std::size_t nb : lengths)
      for (vid_t range : {vid_t(300), vid_t(2000)}) {
        const List a = random_sorted(rng, na, range), b = random_sorted(rng, nb, range);
        const auto want = static_cast<std::int64_t>(common(a, b).size());
        for (int lanes : {1, 2, 4, 8, 16, 32}) {
          const auto ua = static_cast<std::uint32_t>(a.size()), ub = static_cast<std::uint32_t>(b.size());
          std::int64_t binary = 0, merge = 0;
          std::vector<vid_t> matched;
          for (int lane = 0; lane < lanes; ++lane) {
            binary += tessera::set_ops::intersect_binary(lane, lanes, a.data(), ua, b.data(), ub,
                                                         [&](vid_t x) { matched.push_back(x); });
            merge += tessera::set_ops::intersect_merge(lane, lanes, a.data(), ua, b.data(), ub,
                                                       [&](vid_t x) { matched.push_back(x); });
          }
          INFO("na=" << na << " nb=" << nb << " range=" << range << " lanes=" << lanes);
          CHECK(binary == want);
          CHECK(merge == want);
          std::sort(matched.begin(), matched.end());
          List twice;  // both strategies report every common id once
          for (vid_t x : common(a, b)) twice.insert(twice.end(), {x, x});
          CHECK(matched == twice);
          ++cases;
        }
      }
  CHECK(cases == 12 * 12 * 2 * 6);
}

TEST_CASE("set_ops: binary search is preferred for skewed lists, merging for similar ones") {
  using tessera::set_ops::prefer_binary_search;
  CHECK(prefer_binary_search<std::uint32_t>(4, 4000));
  CHECK_FALSE(prefer_binary_search<std::uint32_t>(400, 400));
  CHECK_FALSE(prefer_binary_search<std::uint32_t>(40, 400, 4));  // a host probe costs 4 reads
  CHECK(prefer_binary_search<std::uint32_t>(40, 400, 1));        // a GPU probe costs 1
}
