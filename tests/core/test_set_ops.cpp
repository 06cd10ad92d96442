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
        for (int lanes : {1, 2, 3, 4, 7, 8, 16, 32}) {  // 3 and 7: the merge's division
          const auto ua = static_cast<std::uint32_t>(a.size()), ub = static_cast<std::uint32_t>(b.size());
          std::int64_t binary = 0, merge = 0;
          std::vector<vid_t> matched;
          for (int lane = 0; lane < lanes; ++lane) {
            binary += tessera::set_ops::intersect_binary(lane, lanes, a.data(), ua, b.data(), ub,
                                                         [&](vid_t x) { matched.push_back(x); });
            merge += tessera::set_ops::intersect_merge(lane, lanes, a.data(), ua, b.data(), ub,
                                                       [&](vid_t x) { matched.push_back(x); });
          }
          std::int64_t shifted = 0;  // the power-of-two lanes' chunk by a shift (TC kernels)
          if ((lanes & (lanes - 1)) == 0)
            for (int lane = 0; lane < lanes; ++lane)
              shifted += tessera::set_ops::intersect_merge<true>(lane, lanes, a.data(), ua, b.data(), ub,
                                                                 tessera::set_ops::NoMatchHook{});
          else
            shifted = want;
          INFO("na=" << na << " nb=" << nb << " range=" << range << " lanes=" << lanes);
          CHECK(binary == want);
          CHECK(merge == want);
          CHECK(shifted == want);
          std::sort(matched.begin(), matched.end());
          List twice;  // both strategies report every common id once
          for (vid_t x : common(a, b)) twice.insert(twice.end(), {x, x});
          CHECK(matched == twice);
          ++cases;
        }
      }
  CHECK(cases == 12 * 12 * 2 * 8);
}

TEST_CASE("set_ops: binary search is preferred for skewed lists, merging for similar ones") {
  using tessera::set_ops::prefer_binary_search;
  CHECK(prefer_binary_search<std::uint32_t>(4, 4000));
  CHECK_FALSE(prefer_binary_search<std::uint32_t>(400, 400));
  CHECK_FALSE(prefer_binary_search<std::uint32_t>(40, 400, 4));  // a host probe costs 4 reads
  CHECK(prefer_binary_search<std::uint32_t>(40, 400, 1));        // a GPU probe costs 1
}

TEST_CASE("set_ops: the automatic choice's log2 of the longer list is the smallest exponent >= 1 that covers it") {
  using tessera::set_ops::prefer_binary_search;
  // Reference: s log_l p < s + l with log_l from a loop over the exponents.
  auto expected = [](std::int64_t s, std::int64_t l, int p, int max_log) {
    int log_l = 1;
    while (log_l < max_log && (std::int64_t(1) << log_l) < l) ++log_l;
    return s * log_l * p < s + l;
  };
  int checked = 0;
  for (std::int64_t l : {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 1023, 1024, 1025, 65535, 65536, 65537,
                         (1 << 30) - 1, 1 << 30, (1 << 30) + 1, 2147483647})
    for (std::int64_t s : {0, 1, 2, 3, 5, 8, 100, 4000})
      for (int p : {1, 4}) {
        if (s > l) continue;
        CHECK(prefer_binary_search<std::uint32_t>(static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(l), p) ==
              expected(s, l, p, 31));
        CHECK(prefer_binary_search<std::int64_t>(s, l, p) == expected(s, l, p, 62));
        CHECK(prefer_binary_search<std::int64_t>(l, s, p) == expected(s, l, p, 62));  // either order
        ++checked;
      }
  CHECK(checked == 298);
  CHECK(tessera::detail::bit_width(0u) == 0);
  CHECK(tessera::detail::bit_width(1u) == 1);
  CHECK(tessera::detail::bit_width(0xffffffffu) == 32);
  CHECK(tessera::detail::bit_width(std::uint64_t(1) << 40) == 41);
}
