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

#include "algorithms/pattern_mining/engine/engine.hpp"
#include "algorithms/pattern_mining/fsm/labelled_pattern.hpp"

namespace tessera::mining {

template <class ExecSpace>
class DomainSupport {
 public:
  using memory_space = typename ExecSpace::memory_space;

  // The graph must carry vertex labels; bitmaps for patterns of up to `max_vertices` vertices
  // are allocated once (max_vertices × n bits).
  DomainSupport(const ExecSpace& space, const CsrGraph<memory_space>& graph, int max_vertices,
                const EngineParams& params = {});

  // The MNI support of p (0 when p does not occur).
  count_t support(const LabelledPattern& p);

  double engine_seconds() const { return engine_seconds_; }  // total kernel time so far
  count_t matches() const { return matches_; }               // distinct matches listed so far

 private:
  ExecSpace space_;
  MiningGraph<memory_space> graph_;
  EngineParams params_;
  DomainBitmaps<memory_space> bitmaps_;
  double engine_seconds_ = 0;
  count_t matches_ = 0;
};

}  // namespace tessera::mining
