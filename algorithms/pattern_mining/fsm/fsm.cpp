#include "algorithms/pattern_mining/fsm/fsm.hpp"

#include <algorithm>
#include <ostream>

#include "algorithms/pattern_mining/fsm/domain_support.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"

namespace tessera::mining {

namespace {

using LabelPair = std::pair<label_t, label_t>;

// Every label pair (a <= b) on some edge: the level-1 candidates. A host pass over the rows
// (only which pairs occur; the supports come from the engine).
template <class MemorySpace>
std::vector<LabelPair> edge_label_pairs(const CsrGraph<MemorySpace>& graph) {
  const HostGraph g = mirror_graph<Kokkos::HostSpace>(graph);
  std::vector<label_t> distinct(g.labels.data(), g.labels.data() + g.labels.extent(0));
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  auto index = [&](label_t l) {
    return static_cast<std::size_t>(std::lower_bound(distinct.begin(), distinct.end(), l) - distinct.begin());
  };
  const std::size_t L = distinct.size();
  std::vector<char> seen(L * L, 0);
  for (vid_t u = 0; u < g.num_vertices(); ++u) {
    const std::size_t a = index(g.labels(u));
    for (eid_t j = g.row_map(u); j < g.row_map(u + 1); ++j) {
      const std::size_t b = index(g.labels(g.entries(j)));
      if (a <= b) seen[a * L + b] = 1;
    }
  }
  std::vector<LabelPair> pairs;
  for (std::size_t a = 0; a < L; ++a)
    for (std::size_t b = a; b < L; ++b)
      if (seen[a * L + b]) pairs.emplace_back(distinct[a], distinct[b]);
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
  DomainSupport<ExecSpace> domains(space, graph, params.max_edges + 1, engine, unite);
  std::vector<LabelledPattern> level;  // the frequent patterns of the current size, sorted
  // Supports of one level's candidates: levels 1 and 2 (single edges, wedges: one shape each)
  // in batched launches of the unlabelled shape (the paper's bounded BFS), deeper levels one
  // engine launch per candidate (the DFS extension).
  auto evaluate = [&](const std::vector<LabelledPattern>& candidates, int edges) {
    r.candidates += candidates.size();
    std::vector<count_t> supports;
    if (edges <= 2 && params.bounded_bfs) {
      supports = domains.supports(candidates);
    } else {
      for (const auto& c : candidates) supports.push_back(domains.support(c));
    }
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
  std::vector<LabelledPattern> edges;
  for (const auto& [a, b] : edge_label_pairs(graph)) edges.push_back(LabelledPattern{{a, b}, {{0, 1}}});
  level = evaluate(edges, 1);
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
    level = evaluate(kept, k);
  }
  std::sort(r.patterns.begin(), r.patterns.end(), [](const FrequentPattern& a, const FrequentPattern& b) {
    return a.pattern.num_edges() != b.pattern.num_edges() ? a.pattern.num_edges() < b.pattern.num_edges()
                                                          : a.pattern < b.pattern;
  });
  r.matches = domains.matches();
  r.engine_seconds = domains.engine_seconds();
  r.share_units = domains.share_units();
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
