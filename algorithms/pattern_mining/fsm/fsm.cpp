#include "algorithms/pattern_mining/fsm/fsm.hpp"

#include <algorithm>
#include <ostream>

#include <optional>

#include "algorithms/pattern_mining/fsm/domain_support.hpp"
#include "algorithms/pattern_mining/fsm/count_support.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"

namespace tessera::mining {

namespace {

using LabelPair = std::pair<label_t, label_t>;

// Every label pair (a <= b) on some edge: the level-1 candidates without label counts.
// A host pass over the rows (only which pairs occur; the supports come from the engine).
template <class MemorySpace>
std::vector<LabelPair> edge_label_pairs(const CsrGraph<MemorySpace>& graph, const DenseLabels<MemorySpace>& labels) {
  const HostGraph g = mirror_graph<Kokkos::HostSpace>(graph);
  const auto& dense = labels.host_of_vertex;
  const auto L = static_cast<std::size_t>(labels.count());
  std::vector<char> seen(L * L, 0);
  for (vid_t u = 0; u < g.num_vertices(); ++u) {
    const auto a = static_cast<std::size_t>(dense(u));
    for (eid_t j = g.row_map(u); j < g.row_map(u + 1); ++j) seen[a * L + static_cast<std::size_t>(dense(g.entries(j)))] = 1;
  }
  std::vector<LabelPair> pairs;
  for (std::size_t a = 0; a < L; ++a)
    for (std::size_t b = a; b < L; ++b)
      if (seen[a * L + b]) pairs.emplace_back(labels.distinct[a], labels.distinct[b]);
  return pairs;
}

// Every label pair (a <= b) of the graph's labels.
std::vector<LabelPair> all_label_pairs(const std::vector<label_t>& distinct) {
  std::vector<LabelPair> pairs;
  for (std::size_t a = 0; a < distinct.size(); ++a)
    for (std::size_t b = a; b < distinct.size(); ++b) pairs.emplace_back(distinct[a], distinct[b]);
  return pairs;
}

bool all_subpatterns_frequent(const LabelledPattern& p, const std::vector<LabelledPattern>& frequent_below) {
  for (const auto& sub : one_edge_subpatterns(p))
    if (!std::binary_search(frequent_below.begin(), frequent_below.end(), sub)) return false;
  return true;
}

}  // namespace

template <class ExecSpace>
FsmResult frequent_subgraphs(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph,
                             const FsmParams& params, const EngineParams& engine, const DomainUnion& unite) {
  validate(params);
  TESSERA_USER_REQUIRE(!graph.directed, "frequent subgraph mining needs an undirected graph");
  TESSERA_USER_REQUIRE(graph.has_labels(), "frequent subgraph mining needs vertex labels (--labels FILE, an HDF5 "
                                           "file with labels, or a generator with labels=L)");
  Kokkos::Timer timer;
  FsmResult r;
  r.by_edges.assign(static_cast<std::size_t>(params.max_edges), 0);
  const DenseLabels<typename ExecSpace::memory_space> labels = dense_labels(space, graph);
  DomainSupport<ExecSpace> domains(space, graph, labels, params.max_edges + 1, engine, unite);
  std::optional<CountSupport<ExecSpace>> counted;
  if (params.count_supports && CountSupport<ExecSpace>::fits(graph.num_vertices(), labels.count()))
    counted.emplace(space, graph, labels);
  // Supports of one level's candidates: stars and 3-paths from the label counts when they are
  // kept; other patterns (and all without counts) on the engine: levels 1 and 2 (single edges, wedges:
  // one shape each) in batched launches of the unlabelled shape (the paper's bounded BFS),
  // deeper levels one launch per candidate (the DFS extension).
  auto supports_of = [&](const std::vector<LabelledPattern>& candidates, int edges) {
    std::vector<count_t> supports(candidates.size(), 0);
    std::vector<std::size_t> count_index, engine_index;
    for (std::size_t i = 0; i < candidates.size(); ++i) (counted && has_count_support(candidates[i]) ? count_index : engine_index).push_back(i);
    auto subset = [&](const std::vector<std::size_t>& index) {
      std::vector<LabelledPattern> out;
      for (std::size_t i : index) out.push_back(candidates[i]);
      return out;
    };
    if (!count_index.empty()) {
      const auto found = counted->supports(subset(count_index));
      for (std::size_t i = 0; i < count_index.size(); ++i) supports[count_index[i]] = found[i];
    }
    if (edges <= 2 && params.bounded_bfs) {
      const auto found = domains.supports(subset(engine_index));
      for (std::size_t i = 0; i < engine_index.size(); ++i) supports[engine_index[i]] = found[i];
    } else {
      for (std::size_t i : engine_index) supports[i] = domains.support(candidates[i]);
    }
    return supports;
  };
  auto keep_frequent = [&](const std::vector<LabelledPattern>& candidates, const std::vector<count_t>& supports, int edges) {
    r.candidates += candidates.size();
    std::vector<LabelledPattern> frequent;
    for (std::size_t i = 0; i < candidates.size(); ++i)
      if (supports[i] >= params.support) {
        frequent.push_back(candidates[i]);
        r.patterns.push_back({candidates[i], supports[i]});
      }
    std::sort(frequent.begin(), frequent.end());
    r.by_edges[static_cast<std::size_t>(edges - 1)] = frequent.size();
    return frequent;
  };
  // Level 1: single edges; their frequent label pairs are the only ones later edges may carry.
  // With label counts every label pair is tried and the candidates are those that occur
  // (support >= 1); otherwise a host pass finds the occurring pairs first.
  std::vector<LabelledPattern> edges;
  for (const auto& [a, b] : counted ? all_label_pairs(labels.distinct) : edge_label_pairs(graph, labels))
    edges.push_back(LabelledPattern{{a, b}, {{0, 1}}});
  std::vector<count_t> edge_supports = supports_of(edges, 1);
  std::vector<LabelledPattern> occurring;
  std::vector<count_t> occurring_supports;
  for (std::size_t i = 0; i < edges.size(); ++i)
    if (edge_supports[i] > 0) {
      occurring.push_back(edges[i]);
      occurring_supports.push_back(edge_supports[i]);
    }
  std::vector<LabelledPattern> level = keep_frequent(occurring, occurring_supports, 1);  // frequent, sorted
  std::vector<LabelPair> frequent_pairs;
  for (const auto& p : level) frequent_pairs.emplace_back(p.labels[0], p.labels[1]);
  for (int k = 2; k <= params.max_edges && !level.empty(); ++k) {
    std::vector<LabelledPattern> candidates;
    for (const auto& p : level) {
      auto grown = one_edge_extensions(p, frequent_pairs);
      candidates.insert(candidates.end(), grown.begin(), grown.end());
    }
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    std::vector<LabelledPattern> kept;
    for (const auto& c : candidates) {
      if (all_subpatterns_frequent(c, level))
        kept.push_back(c);
      else
        ++r.pruned;
    }
    level = keep_frequent(kept, supports_of(kept, k), k);
  }
  std::sort(r.patterns.begin(), r.patterns.end(), [](const FrequentPattern& a, const FrequentPattern& b) {
    return a.pattern.num_edges() != b.pattern.num_edges() ? a.pattern.num_edges() < b.pattern.num_edges()
                                                          : a.pattern < b.pattern;
  });
  r.matches = domains.matches();
  r.engine_seconds = domains.engine_seconds();
  r.share_units = domains.share_units();
  r.count_seconds = counted ? counted->seconds() : 0;
  r.seconds = timer.seconds();
  return r;
}

void write_pattern_list(std::ostream& out, const FsmResult& result, const std::string& graph_name, const FsmParams& params) {
  out << "# frequent connected vertex-labelled patterns of graph " << graph_name << " with 1.." << params.max_edges
      << " edges, MNI support >= " << params.support << "\n"
      << "# line: <num_edges> <MNI support> L <label of v0> ... <label of v(n-1)> E <i-j> ... (0 <= i < j < n)\n"
      << "# canonical form: vertex order minimising (label sequence, sorted edge list) lexicographically; lines "
         "sorted by (num_edges, canonical form)\n";
  for (const auto& f : result.patterns) out << pattern_line(f.pattern, f.support) << "\n";
}

#define TESSERA_INST(Space)                                                                                    \
  template FsmResult frequent_subgraphs<Space>(const Space&, const CsrGraph<Space::memory_space>&, const FsmParams&, \
                                               const EngineParams&, const DomainUnion&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::mining
