#pragma once
// Frequent subgraph mining (G2Miner, paper 2 §2 and §5.2; GraphMiner's k-FSM semantics as the
// reference data README documents them): every connected vertex-labelled pattern with 1..K
// edges whose MNI (domain) support over edge-induced embeddings is at least sigma.
//
// Pattern growth, one edge per level: level 1 tries every label pair that occurs on an edge;
// level k+1 extends only frequent level-k patterns (an edge closing two vertices, or a new
// vertex whose edge label pair is frequent), deduplicates them by canonical form and drops
// every candidate with an infrequent one-edge-smaller connected subpattern before counting
// (MNI support is anti-monotone, so no frequent pattern is lost). The support of each surviving
// candidate comes from per-vertex neighbour label counts when it is a star or a 3-path
// (count_support.hpp: every edge and wedge, 3-stars, 3-paths, 4-stars) and from the generic
// engine in domain mode otherwise
// (domain_support.hpp).
#include <Kokkos_Core.hpp>

#include <iosfwd>
#include <string>
#include <vector>

#include "algorithms/pattern_mining/engine/engine.hpp"
#include "algorithms/pattern_mining/fsm/domain_support.hpp"
#include "algorithms/pattern_mining/fsm/fsm_params.hpp"
#include "algorithms/pattern_mining/fsm/labelled_pattern.hpp"
#include "core/graph/csr_graph.hpp"

namespace tessera::mining {

struct FrequentPattern {
  LabelledPattern pattern;  // canonical form
  count_t support = 0;
};

struct FsmResult {
  std::vector<FrequentPattern> patterns;  // sorted by (edges, canonical form): the reference order
  std::vector<count_t> by_edges;          // by_edges[k - 1]: frequent patterns with k edges, k = 1..K
  count_t candidates = 0;                 // patterns whose support was computed
  count_t pruned = 0;                     // candidates dropped for an infrequent subpattern
  count_t matches = 0;                    // distinct matches the engine listed over all candidates
  double seconds = 0;                     // the whole mining (growth, engine runs, supports)
  double engine_seconds = 0;              // the engine's kernels alone
  eid_t share_units = 0;                  // engine units run, over every launch (this share's)
  double count_seconds = 0;               // the count supports' kernels (label counts included)
};

// The engine settings FSM runs with by default: vertex tasks. An edge task list filtered by
// labels is built by one thread per vertex walking its whole row (a hub's 25k neighbours
// serially on a GPU, for every candidate: about 10 ms per candidate on kron18, H200 round 1);
// a vertex task list costs one label test per vertex, and the kernel's lanes scan the rows.
inline EngineParams fsm_engine_params() {
  EngineParams p;
  p.tasks = TaskKind::vertex;
  return p;
}

// Needs an undirected graph with vertex labels (UserError otherwise) and valid params.
// Processes that share the work (engine.share) pass `unite` (domain_support.hpp): every support
// is then the whole graph's, so every process grows the same patterns; `matches` counts this
// process's share.
template <class ExecSpace>
FsmResult frequent_subgraphs(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph,
                             const FsmParams& params, const EngineParams& engine = fsm_engine_params(),
                             const DomainUnion& unite = {});

// The pattern list of `tessera fsm --list`: three `#` header lines (graph name, K, sigma, the
// line format and the canonical form) and one pattern_line per frequent pattern, in
// FsmResult order: the layout of the reference lists in ../shared/data/graphs/labelled/.
void write_pattern_list(std::ostream& out, const FsmResult& result, const std::string& graph_name, const FsmParams& params);

}  // namespace tessera::mining
