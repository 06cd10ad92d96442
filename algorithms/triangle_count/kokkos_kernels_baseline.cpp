// Kokkos Kernels triangle-counting baseline (see kokkos_kernels_baseline.hpp and BASELINE.md).
#include "algorithms/triangle_count/kokkos_kernels_baseline.hpp"

#include <KokkosGraph_Triangle.hpp>
#include <KokkosKernels_BitUtils.hpp>
#include <KokkosKernels_Handle.hpp>

#include "core/error.hpp"
#include "core/graph/orientation.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"

namespace tessera {
namespace detail {

// Kokkos Kernels calls the visitor once per (row, compressed column set) of L*L masked by L:
// `col_set` is the 32-bit mask of the common neighbours in that set, so its population count
// is the number of triangles closed there. Several vector lanes may visit one row: atomics.
template <class MemorySpace>
struct KokkosKernelsTriangleVisitor {
  Kokkos::View<count_t*, MemorySpace> per_row;

  KOKKOS_INLINE_FUNCTION void operator()(const vid_t& row, const vid_t& /*col_set_index*/,
                                         const vid_t& col_set, const vid_t& /*thread_id*/) const {
    Kokkos::atomic_add(&per_row(row), static_cast<count_t>(KokkosKernels::Impl::pop_count(col_set)));
  }
};

}  // namespace detail

template <class ExecSpace>
KokkosKernelsTriangleResult kokkos_kernels_triangle_count(
    const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& g) {
  using memory_space = typename ExecSpace::memory_space;
  // Offsets and ordinals are ours (int64 / int32), so the handle's persistent views have the
  // very types of the graph's row_map and entries: the DAG is handed over without copies.
  using Handle = KokkosKernels::Experimental::KokkosKernelsHandle<eid_t, vid_t, double, ExecSpace,
                                                                  memory_space, memory_space>;
  static_assert(std::is_same<typename Handle::row_lno_persistent_work_view_t,
                             typename CsrGraph<memory_space>::row_map_type>::value,
                "the handle's row map type must be the graph's");
  static_assert(std::is_same<typename Handle::nnz_lno_persistent_work_view_t,
                             typename CsrGraph<memory_space>::entries_type>::value,
                "the handle's entries type must be the graph's");

  TESSERA_USER_REQUIRE(!g.directed,
                       "kokkos_kernels_triangle_count needs an undirected graph (symmetric storage, as "
                       "build_graph produces with symmetrize = true); got a directed one");
  // On the H200 (CUDA 13) 3.4.01's LL counted wrongly and then hung in its memory pool even
  // with our lower triangle; until that is patched (BASELINE.md) a GPU run fails clearly
  // instead of hanging the caller.
  TESSERA_USER_REQUIRE(!detail::is_gpu_space<ExecSpace>(),
                       "the Kokkos Kernels 3.4.01 triangle baseline is not usable on "
                           << ExecSpace::name()
                           << " yet (wrong counts, then a hang, on the H200; see "
                              "algorithms/triangle_count/BASELINE.md): run it on the host space");
  KokkosKernelsTriangleResult result;
  const vid_t n = g.num_vertices();
  if (n == 0 || g.num_entries() == 0) return result;

  Kokkos::Timer timer;
  // The "lower triangle": every edge kept once, from the lower to the higher vertex in
  // (degree, id) order. Kokkos Kernels only needs an acyclic orientation here (each triangle
  // has one source row a, middle b and sink c, and is found as c in L(a) /\ L(b)); the degree
  // order bounds row lengths by O(sqrt m), which is what its accumulators are sized by.
  const auto dag = orient(space, g, Orientation::degree);
  space.fence();
  result.preprocess_seconds = timer.seconds();

  timer.reset();
  Handle handle;
  handle.create_spgemm_handle(KokkosSparse::SPGEMM_KK_TRIANGLE_LL);
  auto* spgemm = handle.get_spgemm_handle();
  // No reordering: 3.4.01 sorts rows by size with host loops over the (device) row map, which
  // segfaults on CUDA. Our DAG already is degree ordered.
  spgemm->set_sort_lower_triangular(0);
  spgemm->set_create_lower_triangular(false);
  // The visitor below counts population bits of the compressed column sets.
  spgemm->set_compression(true);
  spgemm->set_lower_triangular_matrix(dag.row_map, dag.entries);

  detail::KokkosKernelsTriangleVisitor<memory_space> visitor{
      Kokkos::View<count_t*, memory_space>("tessera::tc::kk_baseline::per_row", n)};
  KokkosGraph::Experimental::triangle_generic(&handle, n, dag.row_map, dag.entries, visitor);

  count_t total = 0;
  const auto per_row = visitor.per_row;
  Kokkos::parallel_reduce(
      "tessera::tc::kk_baseline::sum", Kokkos::RangePolicy<ExecSpace>(space, 0, n),
      KOKKOS_LAMBDA(const vid_t v, count_t& sum) { sum += per_row(v); }, total);
  space.fence();
  result.count_seconds = timer.seconds();
  result.triangles = total;
  handle.destroy_spgemm_handle();
  return result;
}

#define TESSERA_INST(Space)                                                    \
  template KokkosKernelsTriangleResult kokkos_kernels_triangle_count<Space>( \
      const Space&, const CsrGraph<Space::memory_space>&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera
