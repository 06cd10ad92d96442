#include "algorithms/pattern_mining/fsm/domain_support.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

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

// Popcount of every bitmap row: one team per row.
template <class ExecSpace>
struct RowSizes {
  using member = typename Kokkos::TeamPolicy<ExecSpace>::member_type;
  DomainBitmaps<typename ExecSpace::memory_space> bitmaps;
  Kokkos::View<count_t*, typename ExecSpace::memory_space> sizes;
  KOKKOS_INLINE_FUNCTION void operator()(const member& team) const {
    const int row = team.league_rank();
    count_t size = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, static_cast<eid_t>(bitmaps.extent(1))),
        [&](const eid_t w, count_t& c) { c += static_cast<count_t>(detail::popcount(bitmaps(row, w))); }, size);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { sizes(row) = size; });
  }
};

// Orbit index of every vertex of p (orbits numbered from 0 in PatternAnalysis order).
std::vector<int> orbit_of(const LabelledPattern& p) {
  std::vector<int> orbit(static_cast<std::size_t>(p.num_vertices()), -1);
  int o = 0;
  for (const auto& members : PatternAnalysis(to_mining_pattern(p)).orbits()) {
    for (pvid_t v : members) orbit[static_cast<std::size_t>(v)] = o;
    ++o;
  }
  return orbit;
}

}  // namespace

template <class ExecSpace>
DomainSupport<ExecSpace>::DomainSupport(const ExecSpace& space, const CsrGraph<memory_space>& graph, int max_vertices,
                                        const EngineParams& params, DomainUnion unite)
    : DomainSupport(space, graph, dense_labels(space, graph), max_vertices, params, std::move(unite)) {}

template <class ExecSpace>
DomainSupport<ExecSpace>::DomainSupport(const ExecSpace& space, const CsrGraph<memory_space>& graph,
                                        const DenseLabels<memory_space>& labels, int max_vertices,
                                        const EngineParams& params, DomainUnion unite)
    : space_(space), params_(params), labels_(labels), unite_(std::move(unite)) {
  TESSERA_USER_REQUIRE(graph.has_labels(), "frequent subgraph mining needs vertex labels");
  graph_ = prepare_mining_graph(space, graph, /*with_dag=*/false);
  const std::size_t words = (static_cast<std::size_t>(graph.num_vertices()) + 31) / 32;
  bitmaps_ = DomainBitmaps<memory_space>(Kokkos::view_alloc(space, "tessera::fsm::domains"),
                                         static_cast<std::size_t>(max_vertices), words);
}

template <class ExecSpace>
template <class Rows>
void DomainSupport<ExecSpace>::unite(const Rows& rows) {
  if (!unite_) return;
  // Through the host: the union need not know where the bitmaps live (no device-aware MPI).
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, rows);
  unite_(host.data(), host.size());
  Kokkos::deep_copy(space_, rows, host);
  space_.fence();
}

template <class ExecSpace>
std::vector<count_t> DomainSupport<ExecSpace>::supports(const std::vector<LabelledPattern>& same_shape) {
  std::vector<count_t> out(same_shape.size(), 0);
  if (same_shape.empty()) return out;
  // A pattern with a label no vertex carries does not occur: support 0, no table entry.
  std::vector<std::size_t> present;
  for (std::size_t c = 0; c < same_shape.size(); ++c)
    if (std::all_of(same_shape[c].labels.begin(), same_shape[c].labels.end(), [&](label_t l) { return labels_.dense(l) >= 0; }))
      present.push_back(c);
  if (present.size() < same_shape.size()) {
    std::vector<LabelledPattern> occurring;
    for (std::size_t c : present) occurring.push_back(same_shape[c]);
    const std::vector<count_t> supports_of_present = supports(occurring);
    for (std::size_t i = 0; i < present.size(); ++i) out[present[i]] = supports_of_present[i];
    return out;
  }
  const LabelledPattern shape = canonical_form(std::vector<label_t>(same_shape[0].labels.size(), 0), same_shape[0].edges);
  const int k = shape.num_vertices();
  const auto L = static_cast<std::size_t>(labels_.count());
  std::size_t tuples = 1;
  for (int p = 0; p < k && tuples <= k_max_label_table_entries; ++p) tuples *= L;
  if (tuples * static_cast<std::size_t>(k) > k_max_label_table_entries) {
    for (std::size_t c = 0; c < same_shape.size(); ++c) out[c] = support(same_shape[c]);
    return out;
  }
  const std::size_t words = bitmaps_.extent(1);
  const std::size_t rows_per_launch =
      std::max<std::size_t>(static_cast<std::size_t>(k), batch_bytes_ / (words * sizeof(DomainWord)));
  auto dense = [&](label_t l) { return static_cast<std::size_t>(labels_.dense(l)); };
  PlanOptions options;
  options.allow_oriented_dag = false;
  const SearchPlan plan = build_search_plan(Pattern(shape.edges, "fsm-shape", Induced::edge, {}, k), options);
  std::vector<int> perm(static_cast<std::size_t>(k));
  for (std::size_t first = 0; first < same_shape.size();) {
    // One launch: the patterns whose orbit rows fit, their rows and the label table.
    std::vector<int> table(tuples * static_cast<std::size_t>(k), -1);
    std::vector<std::vector<int>> rows_of;  // per pattern of this launch: its orbit rows
    std::size_t rows = 0, last = first;
    for (; last < same_shape.size(); ++last) {
      const LabelledPattern& c = same_shape[last];
      TESSERA_REQUIRE(c.num_vertices() == k && c.num_edges() == shape.num_edges(), "patterns of one shape");
      const std::vector<int> orbit = orbit_of(c);
      const int orbits = *std::max_element(orbit.begin(), orbit.end()) + 1;
      if (rows + static_cast<std::size_t>(orbits) > rows_per_launch && last > first) break;
      // Every isomorphism shape -> c (shape vertex s to c's vertex perm[s]) names, for the
      // label tuple it gives the shape, the orbit row of each shape vertex.
      std::iota(perm.begin(), perm.end(), 0);
      do {
        bool iso = true;
        for (const auto& [a, b] : shape.edges) {
          const int x = perm[static_cast<std::size_t>(a)], y = perm[static_cast<std::size_t>(b)];
          iso = iso && std::binary_search(c.edges.begin(), c.edges.end(), PatternEdge{std::min(x, y), std::max(x, y)});
        }
        if (!iso) continue;
        std::size_t index = 0;
        for (int s = k - 1; s >= 0; --s) index = index * L + dense(c.labels[static_cast<std::size_t>(perm[static_cast<std::size_t>(s)])]);
        for (int s = 0; s < k; ++s) {
          int& entry = table[index * static_cast<std::size_t>(k) + static_cast<std::size_t>(s)];
          const int row = static_cast<int>(rows) + orbit[static_cast<std::size_t>(perm[static_cast<std::size_t>(s)])];
          TESSERA_REQUIRE(entry < 0 || entry == row, "one pattern per label tuple of a shape");
          entry = row;
        }
      } while (std::next_permutation(perm.begin(), perm.end()));
      std::vector<int> mine;
      for (int o = 0; o < orbits; ++o) mine.push_back(static_cast<int>(rows) + o);
      rows_of.push_back(mine);
      rows += static_cast<std::size_t>(orbits);
    }
    DomainBitmaps<memory_space> bitmaps(Kokkos::view_alloc(space_, "tessera::fsm::batched_domains"), rows, words);
    DomainRowsByLabel<memory_space> by_label;
    by_label.labels = labels_.of_vertex;
    by_label.count = static_cast<int>(L);
    Kokkos::View<int*, memory_space> table_view(Kokkos::view_alloc(space_, Kokkos::WithoutInitializing, "tessera::fsm::label_table"),
                                                table.size());
    Kokkos::deep_copy(space_, table_view,
                      Kokkos::View<const int*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(table.data(), table.size()));
    by_label.rows = table_view;
    EngineStats stats;
    matches_ += engine_domains(space_, graph_, plan, bitmaps, params_, &stats, &by_label);
    engine_seconds_ += stats.mine_seconds;
    share_units_ += stats.share_units;
    unite(bitmaps);
    Kokkos::View<count_t*, memory_space> sizes("tessera::fsm::row_sizes", rows);
    Kokkos::parallel_for("tessera::fsm::row_sizes", Kokkos::TeamPolicy<ExecSpace>(space_, static_cast<int>(rows), Kokkos::AUTO),
                         RowSizes<ExecSpace>{bitmaps, sizes});
    const auto host_sizes = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, sizes);
    for (std::size_t c = first; c < last; ++c) {
      count_t support = std::numeric_limits<count_t>::max();
      for (int row : rows_of[c - first]) support = std::min(support, host_sizes(static_cast<std::size_t>(row)));
      out[c] = support;
    }
    first = last;
  }
  return out;
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
  share_units_ += stats.share_units;
  matches_ += found;
  if (unite_)
    unite(rows);  // other shares may have found some
  else if (found == 0)
    return 0;
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
