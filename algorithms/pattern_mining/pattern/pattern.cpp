#include "algorithms/pattern_mining/pattern/pattern.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <istream>
#include <limits>
#include <map>
#include <sstream>

#include "core/error.hpp"
#include "core/util/names.hpp"

namespace tessera::mining {

const char* to_string(Induced induced) {
  switch (induced) {
    case Induced::edge: return "edge-induced";
    case Induced::vertex: return "vertex-induced";
  }
  return "?";
}

Induced parse_induced(const std::string& text) {
  if (same_name(text, "edge") || same_name(text, "edge-induced")) return Induced::edge;
  if (same_name(text, "vertex") || same_name(text, "vertex-induced")) return Induced::vertex;
  throw UserError("unknown induced-ness '" + text + "': use 'edge' or 'vertex'");
}

Pattern::Pattern(const std::vector<PatternEdge>& edges, std::string name, Induced induced,
                 std::vector<label_t> labels, int num_vertices)
    : name_(std::move(name)), induced_(induced) {
  TESSERA_USER_REQUIRE(!edges.empty(), "pattern '" << name_ << "' is empty: it needs at least one edge");
  int n = num_vertices;
  if (n < 0) {
    n = 0;
    for (const auto& [u, v] : edges) n = std::max({n, u + 1, v + 1});
  }
  TESSERA_USER_REQUIRE(n <= k_max_pattern_vertices, "pattern '" << name_ << "' has " << n
                                                                << " vertices; at most " << k_max_pattern_vertices
                                                                << " are supported");
  n_ = n;
  for (const auto& edge : edges) {  // no structured bindings: the check macros capture them (C++20)
    const vid_t u = edge.first, v = edge.second;
    TESSERA_USER_REQUIRE(u >= 0 && v >= 0 && u < n && v < n,
                         "pattern '" << name_ << "': edge " << u << "-" << v << " has a vertex outside [0, " << n
                                     << ")");
    TESSERA_USER_REQUIRE(u != v, "pattern '" << name_ << "': self-loop on vertex " << u
                                             << "; patterns are simple graphs");
    adj_[static_cast<std::size_t>(u)] |= static_cast<std::uint8_t>(1u << v);
    adj_[static_cast<std::size_t>(v)] |= static_cast<std::uint8_t>(1u << u);
  }
  labels_.fill(k_no_label);
  if (!labels.empty()) {
    TESSERA_USER_REQUIRE(static_cast<int>(labels.size()) == n, "pattern '" << name_ << "': " << labels.size()
                                                                           << " labels given for " << n
                                                                           << " vertices");
    for (int v = 0; v < n; ++v) {
      TESSERA_USER_REQUIRE(labels[static_cast<std::size_t>(v)] >= k_no_label,
                           "pattern '" << name_ << "': vertex " << v << " has label "
                                       << labels[static_cast<std::size_t>(v)] << "; labels are >= 0 (-1: any)");
      labels_[static_cast<std::size_t>(v)] = labels[static_cast<std::size_t>(v)];
    }
  }
  // Connectivity: grow the component of vertex 0 with bitmask steps.
  std::uint32_t reached = 1u, frontier = 1u;
  while (frontier != 0) {
    std::uint32_t next = 0;
    for (int v = 0; v < n; ++v)
      if ((frontier >> v) & 1u) next |= adj_[static_cast<std::size_t>(v)];
    frontier = next & ~reached;
    reached |= next;
  }
  const std::uint32_t all = (1u << n) - 1u;
  if (reached != all) {
    std::ostringstream unreached;
    for (int v = 0; v < n; ++v)
      if (!((reached >> v) & 1u)) unreached << ' ' << v;
    throw UserError("pattern '" + name_ + "' is disconnected: vertices" + unreached.str() +
                    " are not reachable from vertex 0 (every vertex must lie on a path of edges)");
  }
}

int Pattern::num_edges() const {
  int twice = 0;
  for (int v = 0; v < n_; ++v) twice += degree(v);
  return twice / 2;
}

int Pattern::degree(pvid_t v) const {
  int d = 0;
  for (std::uint8_t bits = adj_[static_cast<std::size_t>(v)]; bits != 0; bits &= static_cast<std::uint8_t>(bits - 1))
    ++d;
  return d;
}

std::vector<PatternEdge> Pattern::edges() const {
  std::vector<PatternEdge> out;
  for (pvid_t u = 0; u < n_; ++u)
    for (pvid_t v = u + 1; v < n_; ++v)
      if (has_edge(u, v)) out.emplace_back(u, v);
  return out;
}

bool Pattern::is_labelled() const {
  for (int v = 0; v < n_; ++v)
    if (labels_[static_cast<std::size_t>(v)] != k_no_label) return true;
  return false;
}

Pattern Pattern::with_induced(Induced induced) const {
  Pattern p = *this;
  p.induced_ = induced;
  return p;
}

Pattern Pattern::with_name(std::string name) const {
  Pattern p = *this;
  p.name_ = std::move(name);
  return p;
}

bool operator==(const Pattern& a, const Pattern& b) {
  return a.n_ == b.n_ && a.adj_ == b.adj_ && a.labels_ == b.labels_ && a.induced_ == b.induced_;
}

std::string describe(const Pattern& p) {
  std::ostringstream os;
  os << p.name() << " (" << p.num_vertices() << " vertices, " << p.num_edges() << " edges, "
     << to_string(p.induced()) << "):";
  for (const auto& [u, v] : p.edges()) os << ' ' << u << '-' << v;
  if (p.is_labelled()) {
    os << " labels";
    for (int v = 0; v < p.num_vertices(); ++v) os << ' ' << p.label(v);
  }
  return os.str();
}

// ---------------------------------------------------------------------------------------------
// Pattern files

namespace {

// A whole token as a decimal integer, or false.
bool parse_integer(const std::string& token, long long& out) {
  if (token.empty()) return false;
  errno = 0;
  char* end = nullptr;
  const long long value = std::strtoll(token.c_str(), &end, 10);
  if (errno != 0 || end != token.c_str() + token.size()) return false;
  out = value;
  return true;
}

}  // namespace

Pattern parse_pattern(std::istream& in, const std::string& source, Induced induced) {
  std::vector<PatternEdge> edges;
  std::map<pvid_t, std::pair<label_t, long long>> labels;  // vertex -> (label, line)
  std::string line;
  long long line_no = 0;
  auto vertex_id = [&](const std::string& token) {
    long long v = 0;
    if (!parse_integer(token, v))
      throw ParseError(source, line_no, "'" + token + "' is not a vertex id (expected an integer)");
    if (v < 0 || v >= k_max_pattern_vertices)
      throw ParseError(source, line_no,
                       "vertex id " + token + " is outside [0, " + std::to_string(k_max_pattern_vertices) +
                           "); patterns have at most " + std::to_string(k_max_pattern_vertices) +
                           " vertices, numbered from 0");
    return static_cast<pvid_t>(v);
  };
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream tokens(line);
    std::vector<std::string> words;
    for (std::string w; tokens >> w;) words.push_back(w);
    if (words.empty() || words[0][0] == '#') continue;
    if (words[0] == "label") {
      if (words.size() != 3)
        throw ParseError(source, line_no, "expected 'label <vertex> <label>', got '" + line + "'");
      const pvid_t v = vertex_id(words[1]);
      long long l = 0;
      if (!parse_integer(words[2], l) || l < 0 || l > std::numeric_limits<label_t>::max())
        throw ParseError(source, line_no, "'" + words[2] + "' is not a label (expected an integer >= 0)");
      const auto it = labels.find(v);
      if (it != labels.end() && it->second.first != static_cast<label_t>(l))
        throw ParseError(source, line_no,
                         "vertex " + words[1] + " already has label " + std::to_string(it->second.first) +
                             " (line " + std::to_string(it->second.second) + ")");
      labels[v] = {static_cast<label_t>(l), line_no};
      continue;
    }
    if (words.size() != 2)
      throw ParseError(source, line_no, "expected an edge 'u v' or 'label v L', got '" + line + "'");
    const pvid_t u = vertex_id(words[0]);
    const pvid_t v = vertex_id(words[1]);
    if (u == v) throw ParseError(source, line_no, "self-loop on vertex " + words[0] + "; patterns are simple graphs");
    edges.emplace_back(u, v);
  }
  if (in.bad()) throw ParseError(source, 0, "read error");
  if (edges.empty()) throw ParseError(source, 0, "no edges: a pattern file needs at least one 'u v' line");
  int n = 0;
  for (const auto& [u, v] : edges) n = std::max({n, u + 1, v + 1});
  std::vector<label_t> label_vec;
  if (!labels.empty()) {
    label_vec.assign(static_cast<std::size_t>(n), k_no_label);
    for (const auto& [v, entry] : labels) {
      if (v >= n)
        throw ParseError(source, entry.second,
                         "label for vertex " + std::to_string(v) + ", which is in no edge (vertices are 0.." +
                             std::to_string(n - 1) + ")");
      label_vec[static_cast<std::size_t>(v)] = entry.first;
    }
  }
  const std::string stem = std::filesystem::path(source).stem().string();
  try {
    return Pattern(edges, stem.empty() ? std::string("pattern") : stem, induced, label_vec, n);
  } catch (const ParseError&) {
    throw;
  } catch (const UserError& e) {
    throw ParseError(source, 0, e.what());  // disconnected (ids are already range-checked)
  }
}

Pattern read_pattern_file(const std::string& path, Induced induced) {
  std::ifstream in(path);
  if (!in) throw ParseError(path, 0, "cannot open the pattern file");
  return parse_pattern(in, path, induced);
}

// ---------------------------------------------------------------------------------------------
// Built-ins. Vertex numbering:
//   triangle / k-clique  every pair of 0..k-1
//   diamond              0-1 is the shared (chord) edge; 2 and 3 are the degree-2 tips
//   4-cycle              0-1-2-3-0
//   tailed-triangle      triangle 0,1,2 and the tail 0-3
//   3-star               centre 0, leaves 1,2,3
//   4-path               0-1-2-3
//   wedge                centre 0, ends 1,2
//   house                square 0-1-2-3-0 and roof 4 on 0 and 1
//   pentagon             0-1-2-3-4-0

Pattern clique(int k, Induced induced) {
  TESSERA_USER_REQUIRE(k >= 2 && k <= k_max_pattern_vertices,
                       "clique size " << k << " is outside [2, " << k_max_pattern_vertices << "]");
  std::vector<PatternEdge> edges;
  for (pvid_t u = 0; u < k; ++u)
    for (pvid_t v = u + 1; v < k; ++v) edges.emplace_back(u, v);
  return Pattern(edges, std::to_string(k) + "-clique", induced);
}

namespace {

struct Builtin {
  const char* name;
  std::vector<PatternEdge> edges;
};

const std::vector<Builtin>& builtins() {
  static const std::vector<Builtin> table = {
      {"triangle", {{0, 1}, {0, 2}, {1, 2}}},
      {"diamond", {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}}},
      {"4-cycle", {{0, 1}, {1, 2}, {2, 3}, {0, 3}}},
      {"tailed-triangle", {{0, 1}, {0, 2}, {1, 2}, {0, 3}}},
      {"3-star", {{0, 1}, {0, 2}, {0, 3}}},
      {"4-path", {{0, 1}, {1, 2}, {2, 3}}},
      {"wedge", {{0, 1}, {0, 2}}},
      {"house", {{0, 1}, {1, 2}, {2, 3}, {0, 3}, {0, 4}, {1, 4}}},
      {"pentagon", {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 4}}},
  };
  return table;
}

const std::map<std::string, std::string>& aliases() {
  static const std::map<std::string, std::string> table = {
      {"rectangle", "4-cycle"}, {"3-path", "wedge"}, {"k3", "3-clique"}, {"k4", "4-clique"},
      {"k5", "5-clique"},       {"k6", "6-clique"},  {"k7", "7-clique"}, {"k8", "8-clique"},
  };
  return table;
}

}  // namespace

std::vector<std::string> builtin_pattern_names() {
  std::vector<std::string> names;
  for (const auto& b : builtins()) names.emplace_back(b.name);
  for (int k = 3; k <= k_max_pattern_vertices; ++k) names.push_back(std::to_string(k) + "-clique");
  return names;
}

Pattern pattern_by_name(const std::string& requested, Induced induced) {
  std::string name = requested;
  if (const auto it = aliases().find(name); it != aliases().end()) name = it->second;
  for (const auto& b : builtins())
    if (name == b.name) return Pattern(b.edges, b.name, induced);
  for (int k = 3; k <= k_max_pattern_vertices; ++k)
    if (name == std::to_string(k) + "-clique") return clique(k, induced);
  std::ostringstream os;
  os << "unknown pattern '" << requested << "'; built-in patterns are:";
  for (const auto& n : builtin_pattern_names()) os << ' ' << n;
  os << " (aliases:";
  for (const auto& [alias, target] : aliases()) os << ' ' << alias;
  os << "); or give a pattern file";
  throw UserError(os.str());
}

std::vector<Pattern> motifs(int k) {
  std::vector<const char*> names;
  switch (k) {
    case 3: names = {"wedge", "triangle"}; break;
    case 4: names = {"3-star", "4-path", "tailed-triangle", "4-cycle", "diamond", "4-clique"}; break;
    default: throw UserError("motifs(" + std::to_string(k) + "): only 3- and 4-vertex motif sets are built in");
  }
  std::vector<Pattern> out;
  for (const char* n : names) out.push_back(pattern_by_name(n, Induced::vertex));
  return out;
}

}  // namespace tessera::mining
