#pragma once
// k-motif counting (G2Miner, paper 2 §2, k-MC), k = 3 and 4: the number of vertex-induced
// occurrences of every connected k-vertex pattern, all in one call. Counting only, so the
// work goes to formulas where they exist ("counting-only pruning", paper Table 2 D):
//
//   k = 3:  triangles T from the engine (3-clique plan on the oriented DAG);
//           wedge (induced, open) = Σ_v C(d_v, 2) − 3 T
//   k = 4:  non-induced (edge-induced) counts N: 4-clique (DAG), diamond and 4-cycle from
//           the engine; tailed-triangle = Σ_v t(v) (d_v − 2) with per-vertex triangles t(v)
//           from algorithms/triangle_count (checked to agree with the engine's total);
//           3-star = Σ_v C(d_v, 3) and 4-path = Σ_{uv ∈ E} (d_u − 1)(d_v − 1) − 3 T from degrees. Each induced 4-vertex
//           graph contains a fixed number of copies of every pattern, so (I = induced)
//             N_k4       = I_k4
//             N_diamond  = I_diamond + 6 I_k4
//             N_4cycle   = I_4cycle + I_diamond + 3 I_k4
//             N_tailed   = I_tailed + 4 I_diamond + 12 I_k4
//             N_4path    = I_4path + 2 I_tailed + 4 I_4cycle + 6 I_diamond + 12 I_k4
//             N_3star    = I_3star + I_tailed + 2 I_diamond + 4 I_k4
//           and the induced counts follow by back substitution.
// Counts are distinct vertex sets (never embeddings).
#include <string>
#include <utility>
#include <vector>

#include "algorithms/pattern_mining/problems/mine.hpp"

namespace tessera::mining {

struct MotifCounts {
  int k = 0;
  // In the order of motifs(k): k = 3 {wedge, triangle}; k = 4 {3-star, 4-path,
  // tailed-triangle, 4-cycle, diamond, 4-clique}.
  std::vector<std::pair<std::string, count_t>> induced;
  // The non-induced (edge-induced) counts the formulas started from, same order.
  std::vector<std::pair<std::string, count_t>> non_induced;
  double seconds = 0;
  // This process's engine launches, by pattern (EngineStats::launch; launch_report.hpp).
  std::vector<std::pair<std::string, ResolvedLaunch>> launches;
  std::string wedge_choice;  // k = 4: whether and why the 4-cycles were counted by wedge aggregation
  count_t at(const std::string& name) const;  // UserError for an unknown name
};

template <class ExecSpace>
MotifCounts count_motifs(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, int k,
                         const MineParams& params = {});

// The additive terms the formulas start from, so that processes sharing the work
// (params.engine.share, task_share.hpp) can sum them before the formulas: the engine's counts
// cover the share's units; the closed-form terms (degree sums and the per-vertex triangle
// counter behind the tailed-triangle sum, a few percent of the work) are computed by share
// rank 0 alone and are zero on the other ranks. Summed element-wise over the ranks (as_vector /
// from_vector), they are the whole graph's terms.
struct MotifTerms {
  int k = 0;
  count_t degree_wedges = 0;      // Σ_v C(d_v, 2)
  count_t degree_stars = 0;       // Σ_v C(d_v, 3)
  count_t edge_paths = 0;         // Σ_{uv ∈ E} (d_u − 1)(d_v − 1)
  count_t triangles = 0;          // engine, 3-clique plan
  count_t counter_triangles = 0;  // k = 4: the per-vertex triangle counter's total (cross-check)
  count_t tailed = 0;             // Σ_v t(v) (d_v − 2)
  count_t cliques4 = 0, diamonds = 0, cycles4 = 0;  // engine
  double seconds = 0;             // this process's time (not summed)
  eid_t share_units = 0;          // engine units this process ran, over all its launches (not summed)
  double kernel_seconds = 0;      // its engine kernels' time, over all its launches (not summed)
  std::vector<std::pair<std::string, ResolvedLaunch>> launches;  // its engine launches by pattern (not summed)
  std::string wedge_choice;  // k = 4: MineResult::wedge_choice of the 4-cycles (the same on every rank)

  std::vector<count_t> as_vector() const;
  static MotifTerms from_vector(int k, const std::vector<count_t>& terms);
};

template <class ExecSpace>
MotifTerms count_motif_terms(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& graph, int k,
                             const MineParams& params = {});

// The motif counts from the whole graph's terms (InternalError when an identity fails).
MotifCounts motifs_from_terms(const MotifTerms& terms);

}  // namespace tessera::mining
