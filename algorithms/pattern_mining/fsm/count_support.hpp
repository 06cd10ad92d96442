#pragma once
// Exact MNI (domain) supports of labelled stars (a single edge, a wedge, 3- and 4-stars) and
// 3-paths from per-vertex neighbour label counts and label-grouped rows, without enumerating
// embeddings: a domain is a set of data vertices each of which needs one witness embedding,
// and for these shapes a witness is decided by counts plus a short scan.
//
// Stars: a centre c adjacent to every leaf; need(l) leaves are labelled l. An embedding maps
// the leaves to distinct neighbours of the centre's image, so
//   - the centre's domain is D = {x labelled c : x has >= need(l) neighbours labelled l, every l};
//   - a leaf labelled a is mapped to y exactly when y is labelled a and has a neighbour x in D:
//     y itself is one of the need(a) label-a neighbours x must have, the other leaves take
//     other neighbours of x (distinct from y: another label, or counted in need(a)).
// 3-paths p0-p1-p2-p3 labelled L0..L3 (p3, p2 are p0, p1 of the reversed path):
//   - x is in p1's domain when some z in N_L2(x) leaves A = N_L0(x) \ {z} and B = N_L3(z) \ {x}
//     non-empty and not the same single vertex (|A| and |B| come from the counts; only when both
//     are 1 are the two vertices looked up);
//   - y is in p0's domain when some x in N_L1(y) has a z in N_L2(x) \ {y} with a neighbour
//     labelled L3 other than x and y (counts >= 3 decide it, else the at most two are checked).
// Vertices of one orbit of Aut(P) have the same domain (an automorphism maps witnesses to
// witnesses), so the support is the smallest domain over the pattern's vertices.
//
// Data: counts capped at 255 (n × L bytes) and a copy of the rows with each row's neighbours
// grouped by label (2m × 4 bytes), from one pass over the adjacency; then one launch measures
// every pattern's domains: a team per chunk of vertices of one label class and one domain, the
// lanes scanning label groups (found by binary search in the grouped row) until a witness turns
// up. A wedge on kron20 (35e9 embeddings on the engine) costs about two label classes of tests.
#include <Kokkos_Core.hpp>

#include <vector>

#include "algorithms/pattern_mining/fsm/dense_labels.hpp"
#include "algorithms/pattern_mining/fsm/labelled_pattern.hpp"
#include "core/graph/csr_graph.hpp"

namespace tessera::mining {

// Budget of the counts: CountSupport is used when L <= k_count_max_labels and n × L bytes fit.
inline constexpr std::size_t k_count_bytes = std::size_t(1) << 30;
inline constexpr int k_count_max_labels = 256;  // thread scratch of the counting kernel

// A vertex adjacent to all others and no other edge (every single edge, wedge, 3-star, 4-star).
bool is_star(const LabelledPattern& p);
// Four vertices on a path (three edges).
bool is_three_path(const LabelledPattern& p);
// The patterns CountSupport handles: stars and 3-paths.
bool has_count_support(const LabelledPattern& p);

template <class ExecSpace>
class CountSupport {
 public:
  using memory_space = typename ExecSpace::memory_space;

  // Whether the counts of a graph with n vertices and `labels` distinct labels fit the budget.
  static bool fits(vid_t n, int labels);

  // Builds the counts and the grouped rows (the graph must fit, see fits()).
  CountSupport(const ExecSpace& space, const CsrGraph<memory_space>& graph, const DenseLabels<memory_space>& labels);

  // The MNI supports of stars and 3-paths (has_count_support; any labels, 0 for labels no
  // vertex carries), all in one launch.
  std::vector<count_t> supports(const std::vector<LabelledPattern>& patterns);

  double seconds() const { return seconds_; }  // kernel time so far (counts included)

 private:
  ExecSpace space_;
  CsrGraph<memory_space> graph_;
  DenseLabels<memory_space> labels_;
  Kokkos::View<unsigned char**, Kokkos::LayoutRight, memory_space> counts_;  // n × L, capped at 255
  Kokkos::View<vid_t*, memory_space> grouped_;                                // rows, neighbours grouped by label
  Kokkos::View<vid_t*, memory_space> by_label_;                               // vertices sorted by label
  std::vector<vid_t> label_begin_;                                            // L + 1 offsets into by_label_
  double seconds_ = 0;
};

}  // namespace tessera::mining
