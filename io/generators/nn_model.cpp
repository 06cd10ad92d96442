#include "io/generators/nn_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "io/generators/counter_hash.hpp"
#include "io/generators/nn_net_filler.hpp"

namespace tessera::gen::detail {

namespace {

struct ModelShape {
  std::int64_t layers = 0, channels = 0, side = 0;
  std::int64_t window = 0;  // k: destinations lie in a k x k window of the next layer
  std::int64_t fanout = 0;  // H
  std::int64_t neurons() const { return layers * channels * side * side; }
  std::int64_t layer_size() const { return channels * side * side; }
};

ModelShape resolve_shape(const NnSpecKeys& keys) {
  const std::int64_t requested = keys.integer("neurons", 0, 2, 0x7fffffffLL, true);
  ModelShape s;
  s.fanout = keys.integer("fanout", 0, 1, 0x7fffffffLL, true);
  s.channels = keys.integer("channels", 16, 1, 1 << 16);
  const std::int64_t layers = keys.integer("layers", 4, 2, 1 << 20);
  s.side = std::max<std::int64_t>(1, std::llround(std::sqrt(double(requested) / double(layers * s.channels))));
  s.layers = std::max<std::int64_t>(2, std::llround(double(requested) / double(s.channels * s.side * s.side)));
  TESSERA_USER_REQUIRE(s.neurons() <= 0x7fffffffLL, "nn generator: " << keys.name << " would have "
                                                                     << s.neurons() << " neurons, more than 2^31 - 1");
  TESSERA_USER_REQUIRE(s.fanout <= s.layer_size(), "nn generator: " << keys.name << " fanout " << s.fanout
                                                                    << " exceeds a layer of " << s.layer_size()
                                                                    << " neurons (channels x side^2); lower fanout");
  const std::int64_t positions = (s.fanout + s.channels - 1) / s.channels;
  s.window = 1;
  while (s.window * s.window < positions) ++s.window;
  return s;
}

// Writes the H regular destinations of neuron v (layer l, channel c, row y, column x).
struct RegularDestinations {
  ModelShape s;

  vid_t operator()(std::int64_t v, std::int64_t j) const {
    const std::int64_t side = s.side, k = s.window;
    const std::int64_t x = v % side, y = (v / side) % side, layer = v / s.layer_size();
    const std::int64_t next = (layer + 1) % s.layers;
    const std::int64_t y0 = std::min(std::max<std::int64_t>(0, y - (k - 1) / 2), side - k);
    const std::int64_t x0 = std::min(std::max<std::int64_t>(0, x - (k - 1) / 2), side - k);
    const std::int64_t position = j / s.channels, channel = j % s.channels;
    const std::int64_t dy = position / k, dx = position % k;
    return static_cast<vid_t>(((next * s.channels + channel) * side + y0 + dy) * side + x0 + dx);
  }
};

// Probability draws compare 53 hash bits with P * 2^53.
bool rewired(std::uint64_t seed, std::int64_t v, std::int64_t j, std::int64_t fanout, double p) {
  return double(hash2(seed, static_cast<std::uint64_t>(v * fanout + j)) >> 11) < p * 9007199254740992.0;
}

}  // namespace

HypergraphInput generate_model_network(const NnSpecKeys& keys, const std::string& spec) {
  const bool rand = keys.name == "model-rand";
  if (rand) keys.allow_only({"neurons", "fanout", "channels", "layers", "rewire", "seed"});
  else keys.allow_only({"neurons", "fanout", "channels", "layers"});
  const ModelShape shape = resolve_shape(keys);
  const double p = rand ? keys.probability("rewire", 0.1) : 0.0;
  const auto seed = keys.seed("seed", 1);
  const std::int64_t n = shape.neurons(), h = shape.fanout;
  const RegularDestinations regular{shape};
  return one_net_per_neuron(
      n, static_cast<long double>(n) * (h + 1), [h](std::int64_t) { return h; }, spec, "could not draw distinct rewired destinations; lower fanout",
      [&](std::int64_t v, vid_t* dst, DistinctIds& ids) {
        if (p == 0) {
          for (std::int64_t j = 0; j < h; ++j) dst[j] = regular(v, j);
          return true;
        }
        ids.reset(static_cast<std::size_t>(h) + 1);
        ids.insert(static_cast<vid_t>(v));
        for (std::int64_t j = 0; j < h; ++j)
          if (!rewired(seed, v, j, h, p)) ids.insert(dst[j] = regular(v, j));
        for (std::int64_t j = 0; j < h; ++j) {
          if (!rewired(seed, v, j, h, p)) continue;
          const std::uint64_t slot_key = hash2(seed ^ 0x5eedULL, static_cast<std::uint64_t>(v * h + j));
          std::uint64_t attempt = 0;
          vid_t u = 0;
          do {
            if (attempt == 100000) return false;
            u = static_cast<vid_t>(hash2(slot_key, attempt++) % static_cast<std::uint64_t>(n));
          } while (!ids.insert(u));
          dst[j] = u;
        }
        return true;
      });
}

}  // namespace tessera::gen::detail
