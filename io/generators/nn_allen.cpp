#include "io/generators/nn_allen.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "io/generators/counter_hash.hpp"
#include "io/generators/nn_net_filler.hpp"

namespace tessera::gen::detail {

namespace {

struct Sheet {
  std::int64_t neurons = 0, columns = 0;
  std::uint64_t seed = 0;
  int populations = 0;
  double fanout = 0, sigma = 0;

  int population(std::int64_t v) const {
    return static_cast<int>(hash2(seed, static_cast<std::uint64_t>(v)) % static_cast<std::uint64_t>(populations));
  }
  double multiplier(int p) const { return populations == 1 ? 1.0 : 0.5 + double(p) / double(populations - 1); }
  std::int64_t fanout_of(std::int64_t v) const {
    return std::max<std::int64_t>(1, std::llround(fanout * multiplier(population(v))));
  }
  // Half-width a of each uniform term: four terms in [-a, a] have standard deviation
  // sqrt(4 a (a + 1) / 3) ~ 1.15 a.
  std::int64_t half_width(std::int64_t v) const {
    return std::max<std::int64_t>(1, std::llround(sigma * std::sqrt(multiplier(population(v))) / 1.1547));
  }
};

// Sum of four uniform integers in [-a, a] from the four 16-bit parts of `bits`.
std::int64_t bell_offset(std::uint64_t bits, std::int64_t a) {
  std::int64_t sum = 0;
  for (int t = 0; t < 4; ++t) sum += static_cast<std::int64_t>(((bits >> (16 * t)) & 0xffff) * std::uint64_t(2 * a + 1) >> 16);
  return sum - 4 * a;
}

}  // namespace

HypergraphInput generate_allen_network(const NnSpecKeys& keys, const std::string& spec) {
  keys.allow_only({"neurons", "fanout", "populations", "sigma", "seed"});
  Sheet s;
  s.neurons = keys.integer("neurons", 0, 2, 0x7fffffffLL, true);
  s.fanout = double(keys.integer("fanout", 300, 1, 1 << 20));
  s.populations = static_cast<int>(keys.integer("populations", 4, 1, 64));
  s.sigma = keys.number("sigma", std::max(2.0, std::sqrt(s.fanout)));
  TESSERA_USER_REQUIRE(s.sigma >= 1 && s.sigma <= 1e6, "nn generator: allen sigma must be in [1, 10^6] grid steps");
  s.seed = keys.seed("seed", 1);
  s.columns = static_cast<std::int64_t>(std::ceil(std::sqrt(double(s.neurons))));
  std::int64_t largest = 0;
  for (int p = 0; p < s.populations; ++p)
    largest = std::max<std::int64_t>(largest, std::llround(s.fanout * s.multiplier(p)));
  TESSERA_USER_REQUIRE(largest < s.neurons, "nn generator: allen needs more neurons than the largest fanout ("
                                                << largest << "); raise neurons or lower fanout");
  const std::int64_t rows = (s.neurons + s.columns - 1) / s.columns;
  return one_net_per_neuron(
      s.neurons, static_cast<long double>(s.neurons) * (0.5L * s.fanout + 1), [&s](std::int64_t v) { return s.fanout_of(v); },
      spec, "too few distinct neurons within reach of a neuron; raise sigma or neurons",
      [&](std::int64_t v, vid_t* dst, DistinctIds& ids) {
        const std::int64_t f = s.fanout_of(v), a = s.half_width(v);
        const std::int64_t x = v % s.columns, y = v / s.columns;
        const std::uint64_t key = hash2(s.seed ^ 0xa11e7ULL, static_cast<std::uint64_t>(v));
        ids.reset(static_cast<std::size_t>(f) + 1);
        ids.insert(static_cast<vid_t>(v));
        std::uint64_t draw = 0;
        const std::uint64_t max_draws = 1000 * static_cast<std::uint64_t>(f) + 100000;
        for (std::int64_t j = 0; j < f;) {
          if (draw >= max_draws) return false;
          const std::int64_t tx = x + bell_offset(hash2(key, 2 * draw), a);
          const std::int64_t ty = y + bell_offset(hash2(key, 2 * draw + 1), a);
          ++draw;
          if (tx < 0 || ty < 0 || tx >= s.columns || ty >= rows) continue;
          const std::int64_t u = ty * s.columns + tx;
          if (u >= s.neurons || !ids.insert(static_cast<vid_t>(u))) continue;
          dst[j++] = static_cast<vid_t>(u);
        }
        return true;
      });
}

}  // namespace tessera::gen::detail
