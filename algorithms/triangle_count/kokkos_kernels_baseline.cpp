// Kokkos Kernels triangle-counting baseline (see kokkos_kernels_baseline.hpp and BASELINE.md).
#include "algorithms/triangle_count/kokkos_kernels_baseline.hpp"

#include <KokkosGraph_Triangle.hpp>
#include <KokkosKernels_BitUtils.hpp>
#include <KokkosKernels_Handle.hpp>
#include <KokkosSparse_spgemm.hpp>

#include <vector>

#include "core/error.hpp"
#include "core/graph/orientation.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/set_ops/intersect.hpp"

namespace tessera {

std::string to_string(KokkosKernelsMethod method) {
  switch (method) {
    case KokkosKernelsMethod::automatic: return "auto";
    case KokkosKernelsMethod::triangle_ll: return "triangle_ll";
    case KokkosKernelsMethod::spgemm_masked: return "spgemm_masked";
  }
  return "unknown";
}

namespace detail {

// Offsets and ordinals are ours (int64 / int32), so the handle's persistent views have the
// very types of the graph's row_map and entries: the DAG is handed over without copies.
template <class ExecSpace>
using KokkosKernelsHandleFor =
    KokkosKernels::Experimental::KokkosKernelsHandle<eid_t, vid_t, double, ExecSpace,
                                                     typename ExecSpace::memory_space,
                                                     typename ExecSpace::memory_space>;

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

template <class ExecSpace>
count_t triangle_ll_count(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& dag) {
  using memory_space = typename ExecSpace::memory_space;
  using Handle = KokkosKernelsHandleFor<ExecSpace>;
  static_assert(std::is_same<typename Handle::row_lno_persistent_work_view_t,
                             typename CsrGraph<memory_space>::row_map_type>::value,
                "the handle's row map type must be the graph's");
  static_assert(std::is_same<typename Handle::nnz_lno_persistent_work_view_t,
                             typename CsrGraph<memory_space>::entries_type>::value,
                "the handle's entries type must be the graph's");
  const vid_t n = dag.num_vertices();
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

  KokkosKernelsTriangleVisitor<memory_space> visitor{
      Kokkos::View<count_t*, memory_space>("tessera::tc::kk_baseline::per_row", n)};
  KokkosGraph::Experimental::triangle_generic(&handle, n, dag.row_map, dag.entries, visitor);

  count_t total = 0;
  const auto per_row = visitor.per_row;
  Kokkos::parallel_reduce(
      "tessera::tc::kk_baseline::sum", Kokkos::RangePolicy<ExecSpace>(space, 0, n),
      KOKKOS_LAMBDA(const vid_t v, count_t& sum) { sum += per_row(v); }, total);
  handle.destroy_spgemm_handle();
  return total;
}

// Row blocks [begin, end) whose wedge counts Σ_{j∈L(i)} |L(j)| (an upper bound on the entries
// of C's rows) stay under `budget`; a row over the budget forms a block alone. Blocks without
// any wedge are dropped: they close no triangle, and an empty product is not worth a Kokkos
// Kernels call (3.4.01's CUDA SpGEMM faulted on graphs whose C is empty).
template <class ExecSpace>
std::vector<std::pair<vid_t, vid_t>> spgemm_row_blocks(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& dag,
                                     std::uint64_t budget) {
  const vid_t n = dag.num_vertices();
  Kokkos::View<std::uint64_t*, typename ExecSpace::memory_space> wedges(
      Kokkos::ViewAllocateWithoutInitializing("tessera::tc::kk_baseline::wedges"), n);
  const auto row_map = dag.row_map;
  const auto entries = dag.entries;
  Kokkos::parallel_for(
      "tessera::tc::kk_baseline::row_wedges", Kokkos::RangePolicy<ExecSpace>(space, 0, n),
      KOKKOS_LAMBDA(const vid_t i) {
        std::uint64_t w = 0;
        for (eid_t e = row_map(i); e < row_map(i + 1); ++e) {
          const vid_t j = entries(e);
          w += static_cast<std::uint64_t>(row_map(j + 1) - row_map(j));
        }
        wedges(i) = w;
      });
  const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, wedges);
  std::vector<std::pair<vid_t, vid_t>> blocks;
  std::uint64_t in_block = 0;
  for (vid_t i = 0; i < n; ++i) {
    if (blocks.empty() || (in_block > 0 && in_block + host(i) > budget)) {
      blocks.emplace_back(i, i);
      in_block = 0;
    }
    blocks.back().second = i + 1;
    in_block += host(i);
  }
  if (!blocks.empty() && in_block == 0) blocks.pop_back();  // only the last block can be empty
  return blocks;
}

// C = L[rows] · L by Kokkos Kernels' SpGEMM (symbolic + numeric), then Σ C(i,k) over the
// entries (i,k) of L: C(i,k) counts the wedges i→j→k, and (i,k) ∈ L closes them.
template <class ExecSpace>
count_t spgemm_masked_block(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& dag,
                            vid_t row_begin, vid_t row_end, eid_t entry_begin, eid_t entry_end,
                            const Kokkos::View<double*, typename ExecSpace::memory_space>& ones) {
  using memory_space = typename ExecSpace::memory_space;
  using Handle = KokkosKernelsHandleFor<ExecSpace>;
  const vid_t n = dag.num_vertices();
  const vid_t rows = row_end - row_begin;
  const auto row_map = dag.row_map;
  const auto entries = dag.entries;

  Kokkos::View<eid_t*, memory_space> a_rows(Kokkos::ViewAllocateWithoutInitializing("tessera::tc::kk_baseline::a_rows"),
                                            rows + 1);
  Kokkos::parallel_for(
      "tessera::tc::kk_baseline::block_rows", Kokkos::RangePolicy<ExecSpace>(space, 0, rows + 1),
      KOKKOS_LAMBDA(const vid_t i) { a_rows(i) = row_map(row_begin + i) - entry_begin; });
  Kokkos::View<vid_t*, memory_space> a_entries(
      Kokkos::ViewAllocateWithoutInitializing("tessera::tc::kk_baseline::a_entries"), entry_end - entry_begin);
  Kokkos::deep_copy(space, a_entries, Kokkos::subview(entries, Kokkos::make_pair(entry_begin, entry_end)));
  const auto a_values = Kokkos::subview(ones, Kokkos::make_pair(eid_t{0}, entry_end - entry_begin));

  Handle handle;
  handle.create_spgemm_handle(KokkosSparse::SPGEMM_KK);
  Kokkos::View<eid_t*, memory_space> c_rows("tessera::tc::kk_baseline::c_rows", rows + 1);
  kk_compat::spgemm_symbolic(&handle, rows, n, n, a_rows, a_entries, false, row_map, entries, false,
                                              c_rows);
  const auto c_nnz = static_cast<eid_t>(handle.get_spgemm_handle()->get_c_nnz());
  if (c_nnz == 0) {
    handle.destroy_spgemm_handle();
    return 0;
  }
  Kokkos::View<vid_t*, memory_space> c_entries(
      Kokkos::ViewAllocateWithoutInitializing("tessera::tc::kk_baseline::c_entries"), c_nnz);
  Kokkos::View<double*, memory_space> c_values(
      Kokkos::ViewAllocateWithoutInitializing("tessera::tc::kk_baseline::c_values"), c_nnz);
  kk_compat::spgemm_numeric(&handle, rows, n, n, a_rows, a_entries, a_values, false, row_map,
                                             entries, ones, false, c_rows, c_entries, c_values);
  handle.destroy_spgemm_handle();

  // One team per row; C's columns come unsorted, L's rows are sorted: binary search.
  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Member = typename Policy::member_type;
  const int lanes = vector_length_for<ExecSpace>(rows > 0 ? double(c_nnz) / rows : 0.0);
  count_t total = 0;
  Kokkos::parallel_reduce(
      "tessera::tc::kk_baseline::mask", Policy(space, rows, 1, lanes),
      KOKKOS_LAMBDA(const Member& team, count_t& sum) {
        const vid_t i = static_cast<vid_t>(team.league_rank());
        const vid_t* li = entries.data() + row_map(row_begin + i);
        const eid_t ni = row_map(row_begin + i + 1) - row_map(row_begin + i);
        count_t row_sum = 0;
        Kokkos::parallel_reduce(
            Kokkos::ThreadVectorRange(team, c_rows(i), c_rows(i + 1)),
            [&](const eid_t e, count_t& s) {
              if (set_ops::contains(li, ni, c_entries(e))) s += static_cast<count_t>(c_values(e) + 0.5);
            },
            row_sum);
        Kokkos::single(Kokkos::PerTeam(team), [&]() { sum += row_sum; });
      },
      total);
  return total;
}

template <class ExecSpace>
count_t spgemm_masked_count(const ExecSpace& space, const CsrGraph<typename ExecSpace::memory_space>& dag,
                            std::uint64_t budget, std::size_t& blocks) {
  const auto row_blocks = spgemm_row_blocks(space, dag, budget);
  const auto row_map = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, dag.row_map);
  // Every entry of A and B is 1 (the adjacency of L).
  Kokkos::View<double*, typename ExecSpace::memory_space> ones(
      Kokkos::ViewAllocateWithoutInitializing("tessera::tc::kk_baseline::ones"), dag.num_entries());
  Kokkos::deep_copy(space, ones, 1.0);
  count_t total = 0;
  blocks = row_blocks.size();
  for (const auto& [begin, end] : row_blocks)
    total += spgemm_masked_block(space, dag, begin, end, row_map(begin), row_map(end), ones);
  return total;
}

}  // namespace detail

template <class ExecSpace>
KokkosKernelsTriangleResult kokkos_kernels_triangle_count(const ExecSpace& space,
                                                          const CsrGraph<typename ExecSpace::memory_space>& g,
                                                          const KokkosKernelsTriangleParams& params) {
  TESSERA_USER_REQUIRE(!g.directed,
                       "kokkos_kernels_triangle_count needs an undirected graph (symmetric storage, as "
                       "build_graph produces with symmetrize = true); got a directed one");
  KokkosKernelsTriangleResult result;
  result.method = params.method;
  if (result.method == KokkosKernelsMethod::automatic)
    result.method = detail::is_gpu_space<ExecSpace>() ? KokkosKernelsMethod::spgemm_masked
                                                       : KokkosKernelsMethod::triangle_ll;
  TESSERA_USER_REQUIRE(result.method != KokkosKernelsMethod::triangle_ll || !detail::is_gpu_space<ExecSpace>(),
                       "Kokkos Kernels 3.4.01's triangle_ll does not run on "
                           << ExecSpace::name()
                           << ": its GPU functor has an empty body and would report 0 triangles (see "
                              "algorithms/triangle_count/BASELINE.md); use spgemm_masked there");
  TESSERA_USER_REQUIRE(params.max_block_wedges > 0, "max_block_wedges must be positive");
  TESSERA_USER_REQUIRE(!detail::is_gpu_space<ExecSpace>() || params.allow_unreliable_gpu,
                       "Kokkos Kernels 3.4.01's SpGEMM gives wrong counts (and faults on some graphs) on "
                           << ExecSpace::name()
                           << " (see algorithms/triangle_count/BASELINE.md); set allow_unreliable_gpu to run it "
                              "anyway and check its count");
  if (g.num_vertices() == 0 || g.num_entries() == 0) return result;

  Kokkos::Timer timer;
  // L: every edge kept once, from the lower to the higher vertex in (degree, id) order. Only
  // acyclicity matters for correctness; the degree order bounds row lengths by O(sqrt m),
  // which is what Kokkos Kernels' accumulators are sized by.
  const auto dag = orient(space, g, Orientation::degree);
  space.fence();
  result.preprocess_seconds = timer.seconds();

  timer.reset();
  if (result.method == KokkosKernelsMethod::triangle_ll) {
    result.triangles = detail::triangle_ll_count(space, dag);
    result.blocks = 1;
  } else {
    result.triangles = detail::spgemm_masked_count(space, dag, params.max_block_wedges, result.blocks);
  }
  space.fence();
  result.count_seconds = timer.seconds();
  return result;
}

#define TESSERA_INST(Space)                                                                      \
  template KokkosKernelsTriangleResult kokkos_kernels_triangle_count<Space>(                     \
      const Space&, const CsrGraph<Space::memory_space>&, const KokkosKernelsTriangleParams&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera
