#pragma once
// Sorting primitives, wrapped so the rest of Tessera does not depend on where Kokkos Kernels
// keeps them (KokkosKernels::Impl in 3.x, KokkosSparse / KokkosKernels in 4.x): a version
// switch changes this file only.
#include <Kokkos_Core.hpp>
#include <KokkosKernels_Sorting.hpp>
#include <KokkosKernels_SparseUtils.hpp>

namespace tessera::detail {

// Sorts every row of a CRS structure ascending (entries only).
template <class ExecSpace, class RowMap, class Entries>
void sort_rows(const RowMap& row_map, const Entries& entries) {
  KokkosKernels::Impl::sort_crs_graph<ExecSpace, RowMap, Entries>(row_map, entries);
}

// Sorts every row ascending by entry, permuting `values` alongside.
template <class ExecSpace, class RowMap, class Entries, class Values>
void sort_rows(const RowMap& row_map, const Entries& entries, const Values& values) {
  KokkosKernels::Impl::sort_crs_matrix<ExecSpace, RowMap, Entries, Values>(row_map, entries, values);
}

// Sorts a 1-D View of integer keys ascending, in parallel (bitonic: deterministic and
// insensitive to key distribution, unlike bin sorting on skewed keys).
template <class ExecSpace, class View>
void sort_keys(const View& keys) {
  if (keys.extent(0) < 2) return;
  KokkosKernels::Impl::bitonicSort<View, ExecSpace, std::int64_t>(keys);
}

}  // namespace tessera::detail
