#include "algorithms/pattern_mining/fsm/domain_support.hpp"

#include <algorithm>
#include <limits>

#include "algorithms/pattern_mining/engine/local_bitmap.hpp"
#include "algorithms/pattern_mining/plan/analysis.hpp"
#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"

namespace tessera::mining {

namespace {

// Popcount of the union of the bitmap rows in `rows_mask` (bit p: row p), word by word.
template <class MemorySpace>
struct UnionSize {
  DomainBitmaps<MemorySpace> bitmaps;
  unsigned rows_mask = 0;
  KOKKOS_INLINE_FUNCTION void operator()(const eid_t w, count_t& size) const {
    DomainWord x = 0;
    for (unsigned p = 0, m = rows_mask; m != 0; ++p, m >>= 1)
      if (m & 1u) x |= bitmaps(p, w);
    size += static_cast<count_t>(detail::popcount(x));
  }
};

}  // namespace

template <class ExecSpace>
DomainSupport<ExecSpace>::DomainSupport(const ExecSpace& space, const CsrGraph<memory_space>& graph, int max_vertices,
                                        const EngineParams& params)
    : space_(space), params_(params) {
  TESSERA_USER_REQUIRE(graph.has_labels(), "frequent subgraph mining needs vertex labels");
  graph_ = prepare_mining_graph(space, graph, /*with_dag=*/false);
  const std::size_t words = (static_cast<std::size_t>(graph.num_vertices()) + 31) / 32;
  bitmaps_ = DomainBitmaps<memory_space>(Kokkos::view_alloc(space, "tessera::fsm::domains"),
                                         static_cast<std::size_t>(max_vertices), words);
}

template <class ExecSpace>
count_t DomainSupport<ExecSpace>::support(const LabelledPattern& p) {
  const Pattern pattern = to_mining_pattern(p);
  PlanOptions options;
  options.allow_oriented_dag = false;  // the DAG's matches need no symmetry bounds, but cost a second graph
  const SearchPlan plan = build_search_plan(pattern, options);
  const int n = p.num_vertices();
  TESSERA_REQUIRE(static_cast<std::size_t>(n) <= bitmaps_.extent(0), "pattern larger than the domain bitmaps");
  auto rows = Kokkos::subview(bitmaps_, Kokkos::make_pair(0, n), Kokkos::ALL);
  Kokkos::deep_copy(space_, rows, DomainWord(0));
  EngineStats stats;
  const count_t found = engine_domains(space_, graph_, plan, bitmaps_, params_, &stats);
  engine_seconds_ += stats.mine_seconds;
  matches_ += found;
  if (found == 0) return 0;
  count_t support = std::numeric_limits<count_t>::max();
  const eid_t words = static_cast<eid_t>(bitmaps_.extent(1));
  for (const auto& orbit : PatternAnalysis(pattern).orbits()) {
    unsigned mask = 0;
    for (pvid_t v : orbit) mask |= 1u << v;
    count_t size = 0;
    Kokkos::parallel_reduce("tessera::fsm::domain_size", Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<eid_t>>(space_, 0, words),
                            UnionSize<memory_space>{bitmaps_, mask}, size);
    support = std::min(support, size);
  }
  return support;
}

#define TESSERA_INST(Space) template class DomainSupport<Space>;
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::mining
