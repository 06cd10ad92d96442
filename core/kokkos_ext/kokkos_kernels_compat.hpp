#pragma once
// The one place that knows which Kokkos Kernels release is installed. The bundled 3.4.01
// (Trilinos 13.2) keeps its sorts, GPU trait and SpGEMM in KokkosKernels::Impl and
// KokkosSparse::Experimental; 4.x moved the row sorts to KokkosSparse (KokkosSparse_SortCrs.hpp),
// the 1-D bitonic sort to KokkosKernels, renamed the GPU trait (is_gpu_exec_space_v), promoted
// SpGEMM out of Experimental and deprecated its team sorts in favour of Kokkos' own sort_team and
// sort_by_key_team. Everything else in Tessera calls the names below and never the version.
// Kokkos Kernels 3.4 has no version macro; 4.x defines KOKKOSKERNELS_VERSION_MAJOR.
#include <Kokkos_Core.hpp>
#include <KokkosKernels_config.h>

#include <cstdint>
#include <utility>

#if defined(KOKKOSKERNELS_VERSION_MAJOR) && KOKKOSKERNELS_VERSION_MAJOR >= 4
#define TESSERA_KOKKOS_KERNELS_4 1
#include <Kokkos_NestedSort.hpp>
#include <KokkosKernels_ExecSpaceUtils.hpp>
#include <KokkosKernels_Sorting.hpp>
#include <KokkosSparse_SortCrs.hpp>
#include <KokkosSparse_spgemm.hpp>
#else
#include <KokkosKernels_ExecSpaceUtils.hpp>
#include <KokkosKernels_Sorting.hpp>
#include <KokkosKernels_SparseUtils.hpp>
#include <KokkosSparse_spgemm.hpp>
#endif

namespace tessera::kk_compat {

template <class ExecSpace>
constexpr bool is_gpu_exec_space() {
#ifdef TESSERA_KOKKOS_KERNELS_4
  return KokkosKernels::Impl::is_gpu_exec_space_v<ExecSpace>;
#else
  return KokkosKernels::Impl::kk_is_gpu_exec_space<ExecSpace>();
#endif
}

// Bitonic sort of a 1-D View on ExecSpace (ascending by `comp`).
template <class ExecSpace, class View, class Comparator>
void bitonic_sort(const View& v, const Comparator& comp) {
#ifdef TESSERA_KOKKOS_KERNELS_4
  KokkosKernels::bitonicSort<View, ExecSpace, std::int64_t, Comparator>(v, comp);
#else
  KokkosKernels::Impl::bitonicSort<View, ExecSpace, std::int64_t, Comparator>(v, comp);
#endif
}

template <class ExecSpace, class View>
void bitonic_sort(const View& v) {
#ifdef TESSERA_KOKKOS_KERNELS_4
  KokkosKernels::bitonicSort<View, ExecSpace, std::int64_t>(v);
#else
  KokkosKernels::Impl::bitonicSort<View, ExecSpace, std::int64_t>(v);
#endif
}

// Sorts every row of a CRS structure (entries; values permuted alongside).
template <class ExecSpace, class RowMap, class Entries>
void sort_crs_graph(const RowMap& row_map, const Entries& entries) {
#ifdef TESSERA_KOKKOS_KERNELS_4
  KokkosSparse::sort_crs_graph<ExecSpace, RowMap, Entries>(row_map, entries);
#else
  KokkosKernels::Impl::sort_crs_graph<ExecSpace, RowMap, Entries>(row_map, entries);
#endif
}

template <class ExecSpace, class RowMap, class Entries, class Values>
void sort_crs_matrix(const RowMap& row_map, const Entries& entries, const Values& values) {
#ifdef TESSERA_KOKKOS_KERNELS_4
  KokkosSparse::sort_crs_matrix<ExecSpace, RowMap, Entries, Values>(row_map, entries, values);
#else
  KokkosKernels::Impl::sort_crs_matrix<ExecSpace, RowMap, Entries, Values>(row_map, entries, values);
#endif
}

// One team sorts a 1-D (sub)View ascending; the _by_key form permutes `values` alongside.
template <class Member, class Keys>
KOKKOS_INLINE_FUNCTION void team_sort(const Member& team, const Keys& keys) {
#ifdef TESSERA_KOKKOS_KERNELS_4
  Kokkos::Experimental::sort_team(team, keys);
#else
  KokkosKernels::Impl::TeamBitonicSort<std::int64_t, typename Keys::non_const_value_type, Member>(
      keys.data(), static_cast<std::int64_t>(keys.extent(0)), team);
#endif
}

// One team sorts a 1-D (sub)View of records ascending by `comp` (a strict weak order).
template <class Member, class View, class Comparator>
KOKKOS_INLINE_FUNCTION void team_sort_with(const Member& team, const View& v, const Comparator& comp) {
#ifdef TESSERA_KOKKOS_KERNELS_4
  Kokkos::Experimental::sort_team(team, v, comp);
#else
  KokkosKernels::Impl::TeamBitonicSort<std::int64_t, typename View::non_const_value_type, Member, Comparator>(
      v.data(), static_cast<std::int64_t>(v.extent(0)), team, comp);
#endif
}

template <class Member, class Keys, class Values>
KOKKOS_INLINE_FUNCTION void team_sort_by_key(const Member& team, const Keys& keys, const Values& values) {
#ifdef TESSERA_KOKKOS_KERNELS_4
  Kokkos::Experimental::sort_by_key_team(team, keys, values);
#else
  KokkosKernels::Impl::TeamBitonicSort2<std::int64_t, typename Keys::non_const_value_type,
                                        typename Values::non_const_value_type, Member>(
      keys.data(), values.data(), static_cast<std::int64_t>(keys.extent(0)), team);
#endif
}

// SpGEMM's two phases (same arguments in both releases).
template <class... Args>
void spgemm_symbolic(Args&&... args) {
#ifdef TESSERA_KOKKOS_KERNELS_4
  KokkosSparse::spgemm_symbolic(std::forward<Args>(args)...);
#else
  KokkosSparse::Experimental::spgemm_symbolic(std::forward<Args>(args)...);
#endif
}

template <class... Args>
void spgemm_numeric(Args&&... args) {
#ifdef TESSERA_KOKKOS_KERNELS_4
  KokkosSparse::spgemm_numeric(std::forward<Args>(args)...);
#else
  KokkosSparse::Experimental::spgemm_numeric(std::forward<Args>(args)...);
#endif
}

}  // namespace tessera::kk_compat
