#include "algorithms/pattern_mining/fsm/dense_labels.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/kokkos_ext/instantiate.hpp"

namespace tessera::mining {

namespace {

// Label ranges up to this wide are numbered with a presence table (one pass, no sort).
inline constexpr std::int64_t k_presence_table_range = std::int64_t(1) << 24;

}  // namespace

template <class MemorySpace>
int DenseLabels<MemorySpace>::dense(label_t label) const {
  const auto it = std::lower_bound(distinct.begin(), distinct.end(), label);
  return it != distinct.end() && *it == label ? static_cast<int>(it - distinct.begin()) : -1;
}

template <class ExecSpace>
DenseLabels<typename ExecSpace::memory_space> dense_labels(const ExecSpace& space,
                                                           const CsrGraph<typename ExecSpace::memory_space>& graph) {
  using memory_space = typename ExecSpace::memory_space;
  TESSERA_USER_REQUIRE(graph.has_labels(), "frequent subgraph mining needs vertex labels");
  DenseLabels<memory_space> out;
  // A copy even on host backends, where a mirror would be the graph's own labels.
  Kokkos::View<label_t*, Kokkos::HostSpace> labels(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::fsm::labels"),
                                                   graph.labels.extent(0));
  Kokkos::deep_copy(space, labels, graph.labels);
  space.fence();
  const std::size_t n = labels.extent(0);
  out.host_of_vertex = labels;
  if (n == 0) {
    out.of_vertex = Kokkos::View<label_t*, memory_space>("tessera::fsm::dense_labels", 0);
    return out;
  }
  const auto [lo, hi] = std::minmax_element(labels.data(), labels.data() + n);
  const label_t min_label = *lo;
  if (static_cast<std::int64_t>(*hi) - min_label < k_presence_table_range) {
    std::vector<int> index(static_cast<std::size_t>(*hi - min_label) + 1, -1);
    for (std::size_t v = 0; v < n; ++v) index[static_cast<std::size_t>(labels(v) - min_label)] = 0;
    for (std::size_t i = 0; i < index.size(); ++i)
      if (index[i] == 0) {
        index[i] = static_cast<int>(out.distinct.size());
        out.distinct.push_back(static_cast<label_t>(min_label + static_cast<label_t>(i)));
      }
    for (std::size_t v = 0; v < n; ++v) labels(v) = index[static_cast<std::size_t>(labels(v) - min_label)];
  } else {
    out.distinct.assign(labels.data(), labels.data() + n);
    std::sort(out.distinct.begin(), out.distinct.end());
    out.distinct.erase(std::unique(out.distinct.begin(), out.distinct.end()), out.distinct.end());
    for (std::size_t v = 0; v < n; ++v) labels(v) = out.dense(labels(v));
  }
  out.of_vertex = Kokkos::View<label_t*, memory_space>(
      Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::fsm::dense_labels"), n);
  Kokkos::deep_copy(space, out.of_vertex, labels);
  return out;
}

#define TESSERA_INST(Space)                                                                                             \
  template struct DenseLabels<Space::memory_space>;                                                                     \
  template DenseLabels<Space::memory_space> dense_labels<Space>(const Space&, const CsrGraph<Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::mining
