#include "io/generators/nn_hypergraph.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "core/error.hpp"
#include "core/util/memory_budget.hpp"
#include "io/generators/nn_allen.hpp"
#include "io/generators/nn_model.hpp"
#include "io/generators/nn_spec_keys.hpp"

namespace tessera::gen {

namespace {

struct Shape {
  std::int64_t c = 0, h = 0, w = 0;
  std::int64_t size() const { return c * h * w; }
};

// One feed-forward layer: convolution (kernel, stride, pad, out channels), depthwise pooling,
// or dense (every input to every output).
struct Layer {
  enum Kind { conv, pool, depthwise, dense } kind;  // pool and depthwise: each channel to itself
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
  return {l.kind == Layer::conv ? l.out : in.c, h, w};
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
                                                : double(l.kind == Layer::conv ? shapes[i + 1].c : 1) *
                                                      std::pow(double((l.kernel + l.stride - 1) / l.stride), 2);
    pins += double(shapes[i].size()) * (reach + 1);
  }
  TESSERA_USER_REQUIRE(pins <= std::ldexp(1.0, 40), "nn generator: about " << pins << " pins is too many");
  // Pins and their node -> net transpose, 32-bit ids each, and the per-neuron arrays: a lower
  // bound of the build, checked before the pin lists grow.
  require_fits_in_memory(8.0L * pins + 24.0L * first.back(), "nn generator (" + std::to_string(first.back()) + " neurons, about " +
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
            const bool own_channel = l.kind != Layer::conv;
            const std::int64_t c0 = own_channel ? c : 0, c1 = own_channel ? c : o.c - 1;
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

namespace {

HypergraphInput random_fanout_network(const detail::NnSpecKeys& keys, const std::string& spec) {
  keys.allow_only({"neurons", "fanout", "seed"});
  const std::int64_t n = keys.integer("neurons", 0, 2, 0x7fffffffLL, true);
  const std::int64_t f = keys.integer("fanout", 0, 1, 0x7fffffffLL, true);
  const auto seed = keys.seed("seed", 1);
  TESSERA_USER_REQUIRE(f < n, "nn generator: fanout must be in [1, neurons - 1]");
  TESSERA_USER_REQUIRE(double(n) * double(f + 1) <= std::ldexp(1.0, 40), "nn generator: too many pins");
  // Pins and their node -> net transpose, 32-bit ids each: a lower bound of the build.
  require_fits_in_memory(8.0L * n * (f + 1), "nn generator '" + spec + "'");
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

// The layer list of a convolutional network (lenet, alexnet, vgg, mobilenet) and its input.
bool conv_network(const detail::NnSpecKeys& keys, Shape& input, std::vector<Layer>& layers) {
  using L = Layer;
  const std::string& name = keys.name;
  if (name != "lenet" && name != "alexnet" && name != "vgg" && name != "mobilenet") return false;
  const double width = keys.positive("width", name == "lenet" ? 1.0 : name == "mobilenet" ? 1.0 : 0.25, 1024);
  TESSERA_USER_REQUIRE(width > 0 && width <= 1024, "nn generator: width must be in (0, 1024]");
  // input=SIDE: the input layer alone has SIDE^2 neurons per channel, so a side beyond 46340
  // exceeds 2^31 - 1 neurons before any layer is built.
  auto side = [&](std::int64_t fallback) { return keys.integer("input", fallback, 1, 46340); };
  if (name == "lenet") {
    keys.allow_only({"input", "width"});
    input = {1, side(28), side(28)};
    layers = {{L::conv, 5, 1, 2, scaled(6, width)},   {L::pool, 2, 2, 0, 0},
              {L::conv, 5, 1, 0, scaled(16, width)},  {L::pool, 2, 2, 0, 0},
              {L::dense, 1, 1, 0, scaled(120, width)}, {L::dense, 1, 1, 0, scaled(84, width)},
              {L::dense, 1, 1, 0, 10}};
  } else if (name == "alexnet") {
    keys.allow_only({"input", "width"});
    input = {3, side(64), side(64)};
    layers = {{L::conv, 11, 4, 2, scaled(64, width)},  {L::pool, 3, 2, 0, 0},
              {L::conv, 5, 1, 2, scaled(192, width)},  {L::pool, 3, 2, 0, 0},
              {L::conv, 3, 1, 1, scaled(384, width)},  {L::conv, 3, 1, 1, scaled(256, width)},
              {L::conv, 3, 1, 1, scaled(256, width)},  {L::pool, 3, 2, 0, 0},
              {L::dense, 1, 1, 0, scaled(4096, width)}, {L::dense, 1, 1, 0, scaled(4096, width)},
              {L::dense, 1, 1, 0, 1000}};
  } else if (name == "vgg") {
    keys.allow_only({"input", "width", "blocks"});
    input = {3, side(32), side(32)};
    const auto blocks = static_cast<int>(keys.integer("blocks", 5, 1, 5));
    const std::int64_t channels[5] = {64, 128, 256, 512, 512};
    const int convs[5] = {1, 1, 2, 2, 2};
    for (int b = 0; b < blocks; ++b) {
      for (int c = 0; c < convs[b]; ++c) layers.push_back({L::conv, 3, 1, 1, scaled(channels[b], width)});
      layers.push_back({L::pool, 2, 2, 0, 0});
    }
    layers.push_back({L::dense, 1, 1, 0, scaled(4096, width)});
    layers.push_back({L::dense, 1, 1, 0, 10});
  } else {
    // MobileNet v1: a strided conv, then 13 depthwise-separable blocks (depthwise 3x3 of stride
    // s, pointwise 1x1), global average pooling (depthwise, the whole map) and the classifier.
    keys.allow_only({"input", "width"});
    input = {3, side(224), side(224)};
    layers.push_back({L::conv, 3, 2, 1, scaled(32, width)});
    const std::int64_t blocks[13][2] = {{64, 1},  {128, 2}, {128, 1}, {256, 2}, {256, 1},  {512, 2},  {512, 1},
                                        {512, 1}, {512, 1}, {512, 1}, {512, 1}, {1024, 2}, {1024, 1}};
    Shape shape = output_shape(input, layers.back());
    for (const auto& b : blocks) {
      layers.push_back({L::depthwise, 3, b[1], 1, 0});
      shape = output_shape(shape, layers.back());
      layers.push_back({L::conv, 1, 1, 0, scaled(b[0], width)});
      shape = output_shape(shape, layers.back());
    }
    layers.push_back({L::pool, shape.h, 1, 0, 0});
    layers.push_back({L::dense, 1, 1, 0, 1000});
  }
  return true;
}

// Table I of the paper (§VII-A) by name: the spec each name stands for. See nn_hypergraph.hpp
// for what is approximated.
const std::vector<std::pair<std::string, std::string>>& table1_presets() {
  static const std::vector<std::pair<std::string, std::string>> presets = {
      {"lenet", "nn:lenet,input=50,width=0.625"},
      {"alexnet", "nn:alexnet,input=136,width=0.28"},
      {"mobilenet", "nn:mobilenet,input=24,width=3"},
      {"vgg11", "nn:vgg,input=36,width=1.375"},
      {"16k-rand", "nn:model-rand,neurons=14000,fanout=62,layers=5"},
      {"64k-rand", "nn:model-rand,neurons=208000,fanout=695"},
      {"256k-rand", "nn:model-rand,neurons=194000,fanout=687"},
      {"1M", "nn:model-rand,neurons=6900000,fanout=83"},
      {"allen-v1", "nn:allen,neurons=231000,fanout=304"},
      {"16k-model", "nn:model,neurons=16384,fanout=128"},
      {"64k-model", "nn:model,neurons=65536,fanout=192"},
      {"256k-model", "nn:model,neurons=262144,fanout=256"},
  };
  return presets;
}

}  // namespace

std::string table1_spec(const std::string& name) {
  std::string names;
  for (const auto& p : table1_presets()) {
    if (p.first == name) return p.second;
    names += (names.empty() ? "" : ", ") + p.first;
  }
  throw UserError("nn generator: unknown Table I network '" + name + "' (" + names + ")");
}

std::vector<std::string> table1_names() {
  std::vector<std::string> names;
  for (const auto& p : table1_presets()) names.push_back(p.first);
  return names;
}

HypergraphInput generate_nn_hypergraph(const std::string& spec_in) {
  std::string spec = spec_in;
  if (spec.rfind("gen:", 0) == 0) spec = spec.substr(4);
  TESSERA_USER_REQUIRE(spec.rfind("nn:", 0) == 0, "not a neural-network generator spec: '" << spec_in << "'");
  if (spec.rfind("nn:table1=", 0) == 0) {
    const std::string name = spec.substr(10);
    TESSERA_USER_REQUIRE(name.find(',') == std::string::npos,
                         "nn generator: nn:table1=NAME takes no other keys (write the network's own spec instead)");
    return generate_nn_hypergraph(table1_spec(name));
  }
  const auto keys = detail::parse_nn_spec_keys(spec.substr(3));
  if (keys.name == "random") return random_fanout_network(keys, spec_in);
  if (keys.name == "model" || keys.name == "model-rand") return detail::generate_model_network(keys, spec_in);
  if (keys.name == "allen") return detail::generate_allen_network(keys, spec_in);
  Shape input;
  std::vector<Layer> layers;
  if (conv_network(keys, input, layers)) return build_layers(input, layers);
  throw UserError("nn generator: unknown network '" + keys.name +
                  "' (lenet, alexnet, vgg, mobilenet, model, model-rand, allen, random, table1=NAME)");
}

}  // namespace tessera::gen
