#pragma once
// MNI (minimum image-based, "domain") support of labelled patterns, computed by the generic
// engine (paper 2 §5.2: domain support with per-pattern-vertex bitmaps on the device).
//
// The engine's domain mode (engine_domains) lists every distinct edge-induced match once and
// ORs its data vertices into one n-bit bitmap per pattern vertex. All embeddings of a pattern
// are the distinct matches composed with the automorphisms of the pattern, so the domain of
// pattern vertex p over all embeddings is the union of the bitmaps of p's orbit under Aut(P);
// the support is the smallest orbit union's popcount.
#include <Kokkos_Core.hpp>

#include <functional>
#include <vector>

#include "algorithms/pattern_mining/engine/engine.hpp"
#include "algorithms/pattern_mining/fsm/dense_labels.hpp"
#include "algorithms/pattern_mining/fsm/labelled_pattern.hpp"

namespace tessera::mining {

inline constexpr std::size_t k_batched_domain_bytes = std::size_t(4) << 30;  // bitmap rows per launch

// Several processes sharing the work (EngineParams::share, task_share.hpp) each mark the domains
// of their own matches; MNI support is not additive, but the domains are unions over matches, so
// the OR of the processes' bitmaps is the whole graph's. Called with `words` bitmap words in host
// memory, it must replace them by their OR over the processes (an MPI_Allreduce with MPI_BOR).
// Collective: every process calls it the same number of times, with the same word counts.
using DomainUnion = std::function<void(DomainWord* words, std::size_t count)>;
inline constexpr std::size_t k_max_label_table_entries = std::size_t(1) << 26;

template <class ExecSpace>
class DomainSupport {
 public:
  using memory_space = typename ExecSpace::memory_space;

  // The graph must carry vertex labels; bitmaps for patterns of up to `max_vertices` vertices
  // are allocated once (max_vertices × n bits).
  // With `unite` (and a share in params), every launch's bitmaps are united over the
  // processes before their sizes are taken.
  DomainSupport(const ExecSpace& space, const CsrGraph<memory_space>& graph, int max_vertices,
                const EngineParams& params = {}, DomainUnion unite = {});
  // The same with the graph's dense labels already computed.
  DomainSupport(const ExecSpace& space, const CsrGraph<memory_space>& graph, const DenseLabels<memory_space>& labels,
                int max_vertices, const EngineParams& params = {}, DomainUnion unite = {});

  // The MNI support of p (0 when p does not occur): one engine launch of p's labelled plan.
  count_t support(const LabelledPattern& p);

  // The supports of patterns that all have the same unlabelled shape, from launches of the
  // shape's unlabelled plan (the paper's bounded BFS: every embedding of the shape once,
  // aggregated by its label tuple in parallel). Each pattern gets one bitmap row per orbit; a
  // table indexed by label tuples names the rows a match marks. Patterns are processed in
  // groups whose rows fit the batch bytes (set_batch_bytes); a label table beyond
  // k_max_label_table_entries falls back to support() per pattern.
  std::vector<count_t> supports(const std::vector<LabelledPattern>& same_shape);

  // Bytes of bitmap rows one batched launch may use (default k_batched_domain_bytes; tests
  // lower it to force several launches).
  void set_batch_bytes(std::size_t bytes) { batch_bytes_ = bytes; }

  double engine_seconds() const { return engine_seconds_; }  // total kernel time so far
  count_t matches() const { return matches_; }               // distinct matches listed so far (this share's)
  eid_t share_units() const { return share_units_; }         // engine units this share ran so far

 private:
  ExecSpace space_;
  MiningGraph<memory_space> graph_;
  EngineParams params_;
  DomainBitmaps<memory_space> bitmaps_;
  DenseLabels<memory_space> labels_;
  std::size_t batch_bytes_ = k_batched_domain_bytes;
  DomainUnion unite_;
  eid_t share_units_ = 0;

  template <class Rows>
  void unite(const Rows& rows);  // no-op without unite_ (domain_support.cpp)
  double engine_seconds_ = 0;
  count_t matches_ = 0;
};

}  // namespace tessera::mining
