#include "io/generators/hgr_augment.hpp"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <string>

#include "core/error.hpp"
#include "core/util/parse_number.hpp"
#include "io/generators/counter_hash.hpp"
#include "io/graph_io.hpp"

namespace tessera::gen {

namespace {

constexpr const char* k_prefix = "hgr-augment:";
constexpr const char* k_data_dir = "$TESSERA_DATA_DIR/";

struct AugmentSpec {
  std::string file;
  long long factor = 16;
  std::uint64_t seed = 0;
  double rewire = 0.125;
};

AugmentSpec parse(const std::string& spec) {
  std::string text = spec.rfind("gen:", 0) == 0 ? spec.substr(4) : spec;
  text = text.substr(std::string(k_prefix).size());
  std::map<std::string, std::string> keys;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string item = text.substr(start, comma - start);
    start = comma + 1;
    const auto eq = item.find('=');
    TESSERA_USER_REQUIRE(eq != std::string::npos, "generator spec '" << spec << "': expected key=value, got '" << item
                                                                     << "'; keys: file, factor, seed, rewire");
    const std::string key = item.substr(0, eq);
    TESSERA_USER_REQUIRE(key == "file" || key == "factor" || key == "seed" || key == "rewire",
                         "generator spec '" << spec << "': unknown key '" << key << "'; keys: file, factor, seed, rewire");
    TESSERA_USER_REQUIRE(keys.count(key) == 0, "generator spec '" << spec << "': key '" << key << "' given twice");
    keys[key] = item.substr(eq + 1);
  }
  TESSERA_USER_REQUIRE(keys.count("file") != 0, "generator spec '" << spec << "': missing required key 'file'");
  AugmentSpec a;
  a.file = keys["file"];
  if (a.file.rfind(k_data_dir, 0) == 0) {
    const char* dir = std::getenv("TESSERA_DATA_DIR");
    TESSERA_USER_REQUIRE(dir != nullptr && *dir != '\0',
                         "generator spec '" << spec << "': " << a.file << " needs the environment variable TESSERA_DATA_DIR");
    a.file = std::string(dir) + "/" + a.file.substr(std::string(k_data_dir).size());
  }
  if (keys.count("factor")) a.factor = option_integer("factor", keys["factor"], 1, 1024);
  if (keys.count("seed"))
    a.seed = static_cast<std::uint64_t>(option_integer("seed", keys["seed"], 0, std::numeric_limits<long long>::max()));
  if (keys.count("rewire")) {
    const auto r = parse_whole_number(keys["rewire"]);
    TESSERA_USER_REQUIRE(r && *r >= 0 && *r <= 1,
                         "generator spec '" << spec << "': rewire expects a number in [0, 1], got '" << keys["rewire"] << "'");
    a.rewire = *r;
  }
  return a;
}

}  // namespace

bool is_hgr_augment_spec(const std::string& spec) {
  return spec.rfind(k_prefix, 0) == 0 || spec.rfind(std::string("gen:") + k_prefix, 0) == 0;
}

HypergraphInput generate_hgr_augment(const std::string& spec) {
  const AugmentSpec a = parse(spec);
  const HostHypergraph h = io::load_hypergraph(a.file);
  const std::int64_t n = h.num_nodes, m = h.num_nets(), f = a.factor;
  TESSERA_USER_REQUIRE(n * f <= 0x7fffffffLL, "generator spec '" << spec << "': " << n * f << " nodes exceed 2^31 - 1");
  // A pin is rewired when the hash's top 32 bits fall below rewire * 2^32 (an exact threshold).
  const auto threshold = static_cast<std::uint64_t>(a.rewire * 4294967296.0);
  HypergraphInput out;
  out.num_nodes = static_cast<vid_t>(n * f);
  out.directed = h.directed;
  const bool unit_nodes = [&] {
    for (vid_t v = 0; v < h.num_nodes; ++v)
      if (h.node_weights(v) != 1) return false;
    return true;
  }();
  if (!unit_nodes) {
    out.node_weights.resize(static_cast<std::size_t>(n * f));
    for (std::int64_t c = 0; c < f; ++c)
      for (std::int64_t v = 0; v < n; ++v) out.node_weights[c * n + v] = h.node_weights(v);
  }
  out.net_offsets.reserve(static_cast<std::size_t>(m * f + 1));
  out.pins.reserve(static_cast<std::size_t>(h.num_pins() * f));
  out.net_num_sources.reserve(static_cast<std::size_t>(m * f));
  out.net_weights.reserve(static_cast<std::size_t>(m * f));
  for (std::int64_t c = 0; c < f; ++c) {
    for (std::int64_t e = 0; e < m; ++e) {
      const std::uint64_t key = detail::hash2(a.seed, static_cast<std::uint64_t>(c * m + e));
      for (eid_t q = h.net_offsets(e); q < h.net_offsets(e + 1); ++q) {
        const std::uint64_t r = detail::hash2(key, static_cast<std::uint64_t>(q - h.net_offsets(e)));
        const std::int64_t copy = (r >> 32) < threshold ? static_cast<std::int64_t>((r & 0xffffffffULL) % f) : c;
        out.pins.push_back(static_cast<vid_t>(copy * n + h.pins(q)));
      }
      out.net_offsets.push_back(static_cast<eid_t>(out.pins.size()));
      out.net_num_sources.push_back(h.net_num_sources(e));
      out.net_weights.push_back(h.net_weights(e));
    }
  }
  return out;
}

}  // namespace tessera::gen
