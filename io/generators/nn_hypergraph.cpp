#include "io/generators/nn_hypergraph.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <sstream>
#include <vector>

#include "core/error.hpp"
#include "core/util/memory_budget.hpp"

namespace tessera::gen {

namespace {

struct Shape {
  std::int64_t c = 0, h = 0, w = 0;
  std::int64_t size() const { return c * h * w; }
};

// One feed-forward layer: convolution (kernel, stride, pad, out channels), depthwise pooling,
// or dense (every input to every output).
struct Layer {
  enum Kind { conv, pool, dense } kind;
  std::int64_t kernel = 1, stride = 1, pad = 0, out = 0;
};

Shape output_shape(const Shape& in, const Layer& l) {
  if (l.kind == Layer::dense) return {l.out, 1, 1};
  const std::int64_t h = (in.h + 2 * l.pad - l.kernel) / l.stride + 1;
  const std::int64_t w = (in.w + 2 * l.pad - l.kernel) / l.stride + 1;
  TESSERA_USER_REQUIRE(h >= 1 && w >= 1, "nn generator: the input is too small for this network: a "
                                             << (l.kind == Layer::pool ? "pooling" : "convolution") << " layer of "
                                             << l.kernel << "x" << l.kernel << " gets a " << in.h << "x" << in.w
                                             << " map and would have no output; give a larger input=SIDE");
  return {l.kind == Layer::pool ? in.c : l.out, h, w};
}

std::map<std::string, std::string> parse_keys(const std::string& text, std::string& name) {
  std::map<std::string, std::string> keys;
  std::stringstream ss(text);
  std::string item;
  bool first = true;
  while (std::getline(ss, item, ',')) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (first) {
      name = item;
      first = false;
      continue;
    }
    const auto eq = item.find('=');
    TESSERA_USER_REQUIRE(eq != std::string::npos, "nn generator: expected key=value, got '" << item << "'");
    TESSERA_USER_REQUIRE(keys.emplace(item.substr(0, eq), item.substr(eq + 1)).second,
                         "nn generator: key '" << item.substr(0, eq) << "' given twice");
  }
  return keys;
}

const std::string* find_key(const std::map<std::string, std::string>& keys, const std::string& key, bool required) {
  auto it = keys.find(key);
  TESSERA_USER_REQUIRE(it != keys.end() || !required, "nn generator: key '" << key << "' is required");
  return it == keys.end() ? nullptr : &it->second;
}

// A real key (width): finite, in (0, max]. Bounded so that every scaled channel count, and the
// neuron counts computed from them, stay far inside 64-bit integers.
double real_in(const std::map<std::string, std::string>& keys, const std::string& key, double fallback, double max) {
  const std::string* text = find_key(keys, key, false);
  if (text == nullptr) return fallback;
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(*text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  TESSERA_USER_REQUIRE(used == text->size() && used > 0 && std::isfinite(v) && v > 0 && v <= max,
                       "nn generator: key '" << key << "' expects a number in (0, " << max << "], got '" << *text
                                             << "'");
  return v;
}

// An integer key: decimal digits only, in [min, max].
std::uint64_t integer_in(const std::map<std::string, std::string>& keys, const std::string& key, std::uint64_t fallback,
                         bool required, std::uint64_t min, std::uint64_t max) {
  const std::string* text = find_key(keys, key, required);
  if (text == nullptr) return fallback;
  std::uint64_t v = 0;
  const char* end = text->data() + text->size();
  const auto [ptr, ec] = std::from_chars(text->data(), end, v);
  TESSERA_USER_REQUIRE(!text->empty() && std::isdigit(static_cast<unsigned char>(text->front())) && ec == std::errc() &&
                           ptr == end && v >= min && v <= max,
                       "nn generator: key '" << key << "' expects an integer in [" << min << ", " << max << "], got '"
                                             << *text << "'");
  return v;
}

// input=SIDE: the input layer alone has SIDE^2 neurons per channel, so a side beyond 46340
// exceeds 2^31 - 1 neurons before any layer is built.
std::int64_t input_side(const std::map<std::string, std::string>& keys, std::int64_t fallback) {
  return static_cast<std::int64_t>(integer_in(keys, "input", static_cast<std::uint64_t>(fallback), false, 1, 46340));
}

void check_keys(const std::map<std::string, std::string>& keys, const std::vector<std::string>& allowed,
                const std::string& name) {
  for (const auto& kv : keys) {
    const std::string& k = kv.first;
    TESSERA_USER_REQUIRE(std::find(allowed.begin(), allowed.end(), k) != allowed.end(),
                         "nn generator: unknown key '" << k << "' for " << name);
  }
}

HypergraphInput build_layers(const Shape& input, const std::vector<Layer>& layers) {
  std::vector<Shape> shapes{input};
  for (const auto& l : layers) shapes.push_back(output_shape(shapes.back(), l));
  std::vector<std::int64_t> first{0};
  for (const auto& s : shapes) first.push_back(first.back() + s.size());
  TESSERA_USER_REQUIRE(first.back() <= 0x7fffffffLL, "nn generator: " << first.back()
                                                                     << " neurons exceed 2^31 - 1; lower input= or width=");
  // Pins: per layer, each input neuron reaches (out channels) x (positions covering it).
  double pins = 0;
  for (std::size_t i = 0; i < layers.size(); ++i) {
    const auto& l = layers[i];
    const double reach = l.kind == Layer::dense ? double(l.out)
                                                : double(l.kind == Layer::pool ? 1 : shapes[i + 1].c) *
                                                      std::pow(double((l.kernel + l.stride - 1) / l.stride), 2);
    pins += double(shapes[i].size()) * (reach + 1);
  }
  TESSERA_USER_REQUIRE(pins <= std::ldexp(1.0, 40), "nn generator: about " << pins << " pins is too many");
  // Pins and their node -> net transpose, 32-bit ids each, and the per-neuron arrays: a lower
  // bound of the build, checked before the pin lists grow.
  require_fits_in_memory(8.0L * pins + 24.0L * first.back(),
                         "nn generator (" + std::to_string(first.back()) + " neurons, about " +
                             std::to_string(static_cast<long long>(pins)) + " pins)");
  HypergraphInput in;
  in.num_nodes = static_cast<vid_t>(first.back());
  in.directed = true;
  in.net_offsets.reserve(static_cast<std::size_t>(first[shapes.size() - 1]) + 1);
  in.pins.reserve(static_cast<std::size_t>(pins));
  std::vector<vid_t> dst;
  for (std::size_t i = 0; i < layers.size(); ++i) {
    const Shape& s = shapes[i];
    const Shape& o = shapes[i + 1];
    const Layer& l = layers[i];
    for (std::int64_t c = 0; c < s.c; ++c)
      for (std::int64_t y = 0; y < s.h; ++y)
        for (std::int64_t x = 0; x < s.w; ++x) {
          dst.clear();
          if (l.kind == Layer::dense) {
            for (std::int64_t j = 0; j < o.c; ++j) dst.push_back(static_cast<vid_t>(first[i + 1] + j));
          } else {
            // Output rows oy with oy*stride - pad <= y <= oy*stride - pad + kernel - 1.
            auto range = [&](std::int64_t p, std::int64_t limit, std::int64_t& lo, std::int64_t& hi) {
              lo = std::max<std::int64_t>(0, (p + l.pad - l.kernel + l.stride) / l.stride);
              if (p + l.pad - l.kernel + 1 > 0) lo = std::max(lo, (p + l.pad - l.kernel + 1 + l.stride - 1) / l.stride);
              hi = std::min<std::int64_t>(limit - 1, (p + l.pad) / l.stride);
            };
            std::int64_t y0, y1, x0, x1;
            range(y, o.h, y0, y1);
            range(x, o.w, x0, x1);
            const std::int64_t c0 = l.kind == Layer::pool ? c : 0, c1 = l.kind == Layer::pool ? c : o.c - 1;
            for (std::int64_t oc = c0; oc <= c1; ++oc)
              for (std::int64_t oy = y0; oy <= y1; ++oy)
                for (std::int64_t ox = x0; ox <= x1; ++ox)
                  dst.push_back(static_cast<vid_t>(first[i + 1] + (oc * o.h + oy) * o.w + ox));
          }
          if (dst.empty()) continue;
          const vid_t src = static_cast<vid_t>(first[i] + (c * s.h + y) * s.w + x);
          in.pins.push_back(src);
          in.pins.insert(in.pins.end(), dst.begin(), dst.end());
          in.net_num_sources.push_back(1);
          in.net_offsets.push_back(static_cast<eid_t>(in.pins.size()));
        }
  }
  return in;
}

std::int64_t scaled(std::int64_t base, double width) {
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(double(base) * width + 0.5));
}

}  // namespace

bool is_nn_spec(const std::string& spec) { return spec.rfind("nn:", 0) == 0 || spec.rfind("gen:nn:", 0) == 0; }

HypergraphInput generate_nn_hypergraph(const std::string& spec_in) {
  std::string spec = spec_in;
  if (spec.rfind("gen:", 0) == 0) spec = spec.substr(4);
  TESSERA_USER_REQUIRE(spec.rfind("nn:", 0) == 0, "not a neural-network generator spec: '" << spec_in << "'");
  std::string name;
  const auto keys = parse_keys(spec.substr(3), name);
  if (name == "random") {
    check_keys(keys, {"neurons", "fanout", "seed"}, name);
    const auto n = static_cast<std::int64_t>(integer_in(keys, "neurons", 0, true, 2, 0x7fffffffULL));
    const auto f = static_cast<std::int64_t>(integer_in(keys, "fanout", 0, true, 1, 0x7fffffffULL));
    const auto seed = integer_in(keys, "seed", 1, false, 0, UINT64_MAX);
    TESSERA_USER_REQUIRE(n >= 2 && n <= 0x7fffffffLL, "nn generator: neurons must be in [2, 2^31 - 1]");
    TESSERA_USER_REQUIRE(f >= 1 && f < n, "nn generator: fanout must be in [1, neurons - 1]");
    TESSERA_USER_REQUIRE(double(n) * double(f + 1) <= std::ldexp(1.0, 40), "nn generator: too many pins");
    // Pins and their node -> net transpose, 32-bit ids each: a lower bound of the build.
    require_fits_in_memory(8.0L * n * (f + 1), "nn generator '" + spec_in + "'");
    HypergraphInput in;
    in.num_nodes = static_cast<vid_t>(n);
    in.directed = true;
    std::mt19937_64 rng(seed);
    std::vector<vid_t> dst;
    for (std::int64_t v = 0; v < n; ++v) {
      dst.clear();
      while (static_cast<std::int64_t>(dst.size()) < f) {
        const auto u = static_cast<vid_t>(rng() % static_cast<std::uint64_t>(n));
        if (u != v && std::find(dst.begin(), dst.end(), u) == dst.end()) dst.push_back(u);
      }
      std::sort(dst.begin(), dst.end());
      in.pins.push_back(static_cast<vid_t>(v));
      in.pins.insert(in.pins.end(), dst.begin(), dst.end());
      in.net_num_sources.push_back(1);
      in.net_offsets.push_back(static_cast<eid_t>(in.pins.size()));
    }
    return in;
  }
  const double width = real_in(keys, "width", name == "lenet" ? 1.0 : 0.25, 1024);
  using L = Layer;
  if (name == "lenet") {
    check_keys(keys, {"input", "width"}, name);
    const auto side = input_side(keys, 28);
    return build_layers({1, side, side}, {{L::conv, 5, 1, 2, scaled(6, width)},
                                          {L::pool, 2, 2, 0, 0},
                                          {L::conv, 5, 1, 0, scaled(16, width)},
                                          {L::pool, 2, 2, 0, 0},
                                          {L::dense, 1, 1, 0, scaled(120, width)},
                                          {L::dense, 1, 1, 0, scaled(84, width)},
                                          {L::dense, 1, 1, 0, 10}});
  }
  if (name == "alexnet") {
    check_keys(keys, {"input", "width"}, name);
    const auto side = input_side(keys, 64);
    return build_layers({3, side, side}, {{L::conv, 11, 4, 2, scaled(64, width)},
                                          {L::pool, 3, 2, 0, 0},
                                          {L::conv, 5, 1, 2, scaled(192, width)},
                                          {L::pool, 3, 2, 0, 0},
                                          {L::conv, 3, 1, 1, scaled(384, width)},
                                          {L::conv, 3, 1, 1, scaled(256, width)},
                                          {L::conv, 3, 1, 1, scaled(256, width)},
                                          {L::pool, 3, 2, 0, 0},
                                          {L::dense, 1, 1, 0, scaled(4096, width)},
                                          {L::dense, 1, 1, 0, scaled(4096, width)},
                                          {L::dense, 1, 1, 0, 1000}});
  }
  if (name == "vgg") {
    check_keys(keys, {"input", "width", "blocks"}, name);
    const auto side = input_side(keys, 32);
    const auto blocks = static_cast<int>(integer_in(keys, "blocks", 5, false, 1, 5));
    const std::int64_t channels[5] = {64, 128, 256, 512, 512};
    const int convs[5] = {1, 1, 2, 2, 2};
    std::vector<Layer> layers;
    for (int b = 0; b < blocks; ++b) {
      for (int c = 0; c < convs[b]; ++c) layers.push_back({L::conv, 3, 1, 1, scaled(channels[b], width)});
      layers.push_back({L::pool, 2, 2, 0, 0});
    }
    layers.push_back({L::dense, 1, 1, 0, scaled(4096, width)});
    layers.push_back({L::dense, 1, 1, 0, 10});
    return build_layers({3, side, side}, layers);
  }
  throw UserError("nn generator: unknown network '" + name + "' (lenet, alexnet, vgg, random)");
}

}  // namespace tessera::gen
