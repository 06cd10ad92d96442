#pragma once
// Exact MNI (domain) supports of labelled stars (a single edge, a wedge, 3- and 4-stars) from
// per-vertex neighbour label counts, without enumerating a single embedding.
//
// A star has a centre c adjacent to every leaf; let need(l) be the number of leaves labelled l.
// An embedding maps the leaves to distinct neighbours of the centre's image, so
//   - the centre's domain is D = {x labelled c : x has >= need(l) neighbours labelled l, every l};
//   - a leaf labelled a is mapped to y exactly when y is labelled a and has a neighbour x in D:
//     y itself is one of the need(a) label-a neighbours x must have, the other leaves take
//     other neighbours of x (distinct from y: another label, or counted in need(a)).
// Leaves with one label form one orbit of Aut(P) and share this domain; the centre of a star
// with two or more edges is an orbit of its own; a single edge (a, a) has one orbit whose two
// descriptions coincide. So the support is min(|D|, |N_a(D)| over the leaf labels a): counts
// capped at 255 in n × L bytes, one pass over the adjacency for them, then per star a pass over
// the vertices labelled c (D) and one over those labelled a, each scanning its row until a
// neighbour in D turns up (a star of one edge needs no scan: y has a neighbour labelled c).
// A wedge on kron20 (35e9 embeddings on the engine) costs about two label classes of rows.
#include <Kokkos_Core.hpp>

#include <vector>

#include "algorithms/pattern_mining/fsm/dense_labels.hpp"
#include "algorithms/pattern_mining/fsm/labelled_pattern.hpp"
#include "core/graph/csr_graph.hpp"

namespace tessera::mining {

// Budget of the counts: StarSupport is used when L <= k_star_max_labels and n × L bytes fit.
inline constexpr std::size_t k_star_count_bytes = std::size_t(1) << 30;
inline constexpr int k_star_max_labels = 256;  // thread scratch of the counting kernel

// True for a pattern with a vertex adjacent to all others and no other edge (every single
// edge, wedge, 3-star, 4-star).
bool is_star(const LabelledPattern& p);

template <class ExecSpace>
class StarSupport {
 public:
  using memory_space = typename ExecSpace::memory_space;

  // Whether the counts of a graph with n vertices and `labels` distinct labels fit the budget.
  static bool fits(vid_t n, int labels);

  // Builds the counts (the graph must fit, see fits()).
  StarSupport(const ExecSpace& space, const CsrGraph<memory_space>& graph, const DenseLabels<memory_space>& labels);

  // The MNI supports of stars (is_star; any labels, 0 for labels no vertex carries), all in one
  // launch.
  std::vector<count_t> supports(const std::vector<LabelledPattern>& stars);

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
