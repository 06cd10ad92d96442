#include "io/generators/generator_spec.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <sstream>
#include <vector>

#include "core/error.hpp"
#include "core/util/memory_budget.hpp"
#include "core/util/switch_value.hpp"
#include "io/generators/structured.hpp"
#include "io/generators/vertex_labels.hpp"

namespace tessera::gen {
namespace {

constexpr long long k_max_generated_labels = 1 << 20;

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

struct KindInfo {
  const char* name;
  GeneratorKind kind;
  std::vector<std::string> keys;
  std::vector<std::string> required;
};

const std::vector<KindInfo>& kinds() {
  // Every kind also takes "labels" (vertex labels, generate_vertex_labels).
  static const std::vector<std::string> kron_keys = {"scale", "edge_factor", "a", "b", "c", "seed", "scramble", "labels"};
  static const std::vector<KindInfo> table = {
      {"kronecker", GeneratorKind::kronecker, kron_keys, {}},
      {"rmat", GeneratorKind::rmat, kron_keys, {}},
      {"er", GeneratorKind::erdos_renyi, {"n", "m", "seed", "labels"}, {"n", "m"}},
      {"clique", GeneratorKind::clique, {"n", "labels"}, {"n"}},
      {"star", GeneratorKind::star, {"n", "labels"}, {"n"}},
      {"grid", GeneratorKind::grid, {"rows", "cols", "labels"}, {"rows", "cols"}},
      {"bipartite", GeneratorKind::complete_bipartite, {"a", "b", "labels"}, {"a", "b"}},
      {"path", GeneratorKind::path, {"n", "labels"}, {"n"}},
      {"cycle", GeneratorKind::cycle, {"n", "labels"}, {"n"}},
  };
  return table;
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string valid_names() {
  std::vector<std::string> names;
  for (const auto& k : kinds()) names.push_back(k.name);
  return join(names);
}

std::string keys_hint(const KindInfo& info) {
  std::string s = "valid keys for '" + std::string(info.name) + "': " + join(info.keys);
  if (!info.required.empty()) s += " (required: " + join(info.required) + ")";
  return s;
}

class Parser {
 public:
  Parser(const std::string& text, const KindInfo& info) : text_(text), info_(info) {}

  long long integer(const std::string& key, const std::string& value, long long lo, long long hi) const {
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(value.c_str(), &end, 10);
    TESSERA_USER_REQUIRE(!value.empty() && end == value.c_str() + value.size() && errno != ERANGE,
                         prefix() << "value of '" << key << "' must be an integer, got '" << value << "'; "
                                  << keys_hint(info_));
    TESSERA_USER_REQUIRE(v >= lo && v <= hi, prefix() << "value of '" << key << "' must be in [" << lo << ", " << hi
                                                      << "], got " << v);
    return v;
  }
  std::uint64_t unsigned_integer(const std::string& key, const std::string& value) const {
    errno = 0;
    char* end = nullptr;
    const bool digits = !value.empty() && value.find_first_not_of("0123456789") == std::string::npos;
    const unsigned long long v = digits ? std::strtoull(value.c_str(), &end, 10) : 0;
    TESSERA_USER_REQUIRE(digits && end == value.c_str() + value.size() && errno != ERANGE,
                         prefix() << "value of '" << key << "' must be a non-negative integer below 2^64, got '"
                                  << value << "'; " << keys_hint(info_));
    return static_cast<std::uint64_t>(v);
  }
  double real(const std::string& key, const std::string& value) const {
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(value.c_str(), &end);
    TESSERA_USER_REQUIRE(!value.empty() && end == value.c_str() + value.size() && errno != ERANGE &&
                             std::isfinite(v),
                         prefix() << "value of '" << key << "' must be a finite number, got '" << value << "'; "
                                  << keys_hint(info_));
    return v;
  }
  bool boolean(const std::string& key, const std::string& value) const {
    const auto on = parse_switch_value(value);
    if (on) return *on;
    throw UserError(prefix() + "value of '" + key + "' must be true or false (" + k_switch_spellings + "), got '" + value + "'");
  }
  std::string prefix() const { return "generator spec '" + text_ + "': "; }

 private:
  const std::string& text_;
  const KindInfo& info_;
};

// Shortest decimal that reads back as the same double.
std::string format_double(double v) {
  for (int precision = 6; precision <= 17; ++precision) {
    std::ostringstream os;
    os.precision(precision);
    os << v;
    if (std::strtod(os.str().c_str(), nullptr) == v) return os.str();
  }
  std::ostringstream os;
  os.precision(17);
  os << v;
  return os.str();
}

}  // namespace

const char* generator_name(GeneratorKind kind) {
  switch (kind) {
    case GeneratorKind::kronecker: return "kronecker";
    case GeneratorKind::rmat: return "rmat";
    case GeneratorKind::erdos_renyi: return "er";
    case GeneratorKind::clique: return "clique";
    case GeneratorKind::star: return "star";
    case GeneratorKind::grid: return "grid";
    case GeneratorKind::complete_bipartite: return "bipartite";
    case GeneratorKind::path: return "path";
    case GeneratorKind::cycle: return "cycle";
  }
  TESSERA_REQUIRE(false, "unknown GeneratorKind " << static_cast<int>(kind));
  return "";
}

GeneratorSpec parse_generator_spec(const std::string& text) {
  const auto colon = text.find(':');
  const std::string name = trim(text.substr(0, colon));
  const KindInfo* info = nullptr;
  for (const auto& k : kinds())
    if (name == k.name) info = &k;
  TESSERA_USER_REQUIRE(info != nullptr, "generator spec '" << text << "': unknown generator '" << name
                                                           << "'; valid generators: " << valid_names());
  Parser parse(text, *info);

  // key -> value
  std::map<std::string, std::string> values;
  if (colon != std::string::npos) {
    const std::string rest = text.substr(colon + 1);
    std::size_t start = 0;
    while (start <= rest.size()) {
      auto comma = rest.find(',', start);
      if (comma == std::string::npos) comma = rest.size();
      const std::string item = trim(rest.substr(start, comma - start));
      start = comma + 1;
      if (item.empty()) {
        // Tolerate "name:" with nothing after it; reject empty items between commas.
        TESSERA_USER_REQUIRE(trim(rest).empty(), parse.prefix() << "empty key=value item; " << keys_hint(*info));
        continue;
      }
      const auto eq = item.find('=');
      TESSERA_USER_REQUIRE(eq != std::string::npos,
                           parse.prefix() << "expected key=value, got '" << item << "'; " << keys_hint(*info));
      const std::string key = trim(item.substr(0, eq));
      const std::string value = trim(item.substr(eq + 1));
      bool known = false;
      for (const auto& k : info->keys) known = known || k == key;
      TESSERA_USER_REQUIRE(known, parse.prefix() << "unknown key '" << key << "'; " << keys_hint(*info));
      TESSERA_USER_REQUIRE(values.count(key) == 0, parse.prefix() << "key '" << key << "' given twice");
      values[key] = value;
    }
  }
  for (const auto& r : info->required)
    TESSERA_USER_REQUIRE(values.count(r) != 0, parse.prefix() << "missing required key '" << r << "'; "
                                                              << keys_hint(*info));

  const long long vmax = max_vertices;
  auto has = [&](const char* key) { return values.count(key) != 0; };
  auto size = [&](const char* key) { return static_cast<vid_t>(parse.integer(key, values.at(key), 0, vmax)); };

  GeneratorSpec spec;
  spec.kind = info->kind;
  if (has("labels")) spec.labels = static_cast<int>(parse.integer("labels", values.at("labels"), 1, k_max_generated_labels));
  switch (info->kind) {
    case GeneratorKind::kronecker:
    case GeneratorKind::rmat: {
      auto& p = spec.kronecker;
      if (has("scale")) p.scale = static_cast<int>(parse.integer("scale", values.at("scale"), 1, 30));
      if (has("edge_factor"))
        p.edge_factor = static_cast<int>(
            parse.integer("edge_factor", values.at("edge_factor"), 1, std::numeric_limits<int>::max()));
      if (has("a")) p.a = parse.real("a", values.at("a"));
      if (has("b")) p.b = parse.real("b", values.at("b"));
      if (has("c")) p.c = parse.real("c", values.at("c"));
      if (has("seed")) p.seed = parse.unsigned_integer("seed", values.at("seed"));
      if (has("scramble")) p.scramble_ids = parse.boolean("scramble", values.at("scramble"));
      try {
        validate(p);
      } catch (const UserError& e) {
        throw UserError(parse.prefix() + e.what());
      }
      break;
    }
    case GeneratorKind::erdos_renyi: {
      auto& p = spec.erdos_renyi;
      p.n = size("n");
      p.m = static_cast<eid_t>(parse.integer("m", values.at("m"), 0, std::numeric_limits<eid_t>::max()));
      if (has("seed")) p.seed = parse.unsigned_integer("seed", values.at("seed"));
      try {
        validate(p);
      } catch (const UserError& e) {
        throw UserError(parse.prefix() + e.what());
      }
      break;
    }
    case GeneratorKind::clique:
    case GeneratorKind::star:
    case GeneratorKind::path:
      spec.n = size("n");
      break;
    case GeneratorKind::cycle:
      spec.n = static_cast<vid_t>(parse.integer("n", values.at("n"), 3, vmax));
      break;
    case GeneratorKind::grid:
      spec.rows = size("rows");
      spec.cols = size("cols");
      TESSERA_USER_REQUIRE(static_cast<long long>(spec.rows) * spec.cols <= vmax,
                           parse.prefix() << "rows*cols exceeds the 32-bit vertex id limit");
      break;
    case GeneratorKind::complete_bipartite:
      spec.a = size("a");
      spec.b = size("b");
      TESSERA_USER_REQUIRE(static_cast<long long>(spec.a) + spec.b <= vmax,
                           parse.prefix() << "a+b exceeds the 32-bit vertex id limit");
      break;
  }
  return spec;
}

std::string to_string(const GeneratorSpec& spec) {
  std::ostringstream os;
  os << generator_name(spec.kind) << ':';
  switch (spec.kind) {
    case GeneratorKind::kronecker:
    case GeneratorKind::rmat: {
      const auto& p = spec.kronecker;
      os << "scale=" << p.scale << ",edge_factor=" << p.edge_factor << ",a=" << format_double(p.a)
         << ",b=" << format_double(p.b) << ",c=" << format_double(p.c) << ",seed=" << p.seed
         << ",scramble=" << (p.scramble_ids ? "true" : "false");
      break;
    }
    case GeneratorKind::erdos_renyi:
      os << "n=" << spec.erdos_renyi.n << ",m=" << spec.erdos_renyi.m << ",seed=" << spec.erdos_renyi.seed;
      break;
    case GeneratorKind::clique:
    case GeneratorKind::star:
    case GeneratorKind::path:
    case GeneratorKind::cycle:
      os << "n=" << spec.n;
      break;
    case GeneratorKind::grid:
      os << "rows=" << spec.rows << ",cols=" << spec.cols;
      break;
    case GeneratorKind::complete_bipartite:
      os << "a=" << spec.a << ",b=" << spec.b;
      break;
  }
  if (spec.labels > 0) os << ",labels=" << spec.labels;
  return os.str();
}

namespace {

// Edges the spec asks for (before symmetrisation), in long double so that no spec overflows it.
long double requested_edges(const GeneratorSpec& spec) {
  const long double n = spec.n;
  switch (spec.kind) {
    case GeneratorKind::kronecker:
    case GeneratorKind::rmat: return std::ldexp(1.0L, spec.kronecker.scale) * spec.kronecker.edge_factor;
    case GeneratorKind::erdos_renyi: return static_cast<long double>(spec.erdos_renyi.m);
    case GeneratorKind::clique: return n * (n - 1) / 2;
    case GeneratorKind::grid: return 2.0L * spec.rows * spec.cols;
    case GeneratorKind::complete_bipartite: return static_cast<long double>(spec.a) * spec.b;
    case GeneratorKind::star:
    case GeneratorKind::path:
    case GeneratorKind::cycle: return n;
  }
  return 0;
}

EdgeArrays<Kokkos::DefaultExecutionSpace::memory_space> generate_edges(const GeneratorSpec& spec) {
  using Space = Kokkos::DefaultExecutionSpace;
  using Mem = Space::memory_space;
  // The edge arrays alone (two 32-bit ids per edge, both directions once symmetrised) are a
  // lower bound of what building the graph takes.
  require_fits_in_memory(16.0L * requested_edges(spec), "generator '" + to_string(spec) + "'");
  switch (spec.kind) {
    case GeneratorKind::kronecker:
    case GeneratorKind::rmat: return kronecker(Space{}, spec.kronecker);
    case GeneratorKind::erdos_renyi: return erdos_renyi(Space{}, spec.erdos_renyi);
    case GeneratorKind::clique: return to_edge_arrays<Mem>(clique(spec.n));
    case GeneratorKind::star: return to_edge_arrays<Mem>(star(spec.n));
    case GeneratorKind::grid: return to_edge_arrays<Mem>(grid(spec.rows, spec.cols));
    case GeneratorKind::complete_bipartite: return to_edge_arrays<Mem>(complete_bipartite(spec.a, spec.b));
    case GeneratorKind::path: return to_edge_arrays<Mem>(path(spec.n));
    case GeneratorKind::cycle: return to_edge_arrays<Mem>(cycle(spec.n));
  }
  TESSERA_REQUIRE(false, "unknown GeneratorKind " << static_cast<int>(spec.kind));
  return {};
}

}  // namespace

EdgeArrays<Kokkos::DefaultExecutionSpace::memory_space> generate(const GeneratorSpec& spec) {
  auto edges = generate_edges(spec);
  if (spec.labels > 0) edges.labels = generate_vertex_labels(edges.num_vertices, spec.labels);
  return edges;
}

}  // namespace tessera::gen
