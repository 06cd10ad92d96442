#pragma once
// The work items the counting kernels walk. Each item names an anchor vertex b of the lookup
// graph and a sorted candidate list; the item contributes |candidates ∩ N(b)|.
//   DagTasks:        single-node tasks (a, b) of the masked DAG: candidates = N+(a) after b
//   FlatEdgeQueries: a batch of (u, v) pairs, e.g. received from other ranks: is v in N(u)?
#include <Kokkos_Core.hpp>

#include "core/types.hpp"

namespace tessera {

template <class MemorySpace>
struct DagTasks {
  Kokkos::View<const eid_t*, MemorySpace> row_map;
  Kokkos::View<const vid_t*, MemorySpace> entries;
  Kokkos::View<const vid_t*, MemorySpace> task_src;
  Kokkos::View<const eid_t*, MemorySpace> task_pos;

  KOKKOS_INLINE_FUNCTION eid_t size() const { return static_cast<eid_t>(task_src.extent(0)); }
  KOKKOS_INLINE_FUNCTION vid_t source(eid_t t) const { return task_src(t); }
  KOKKOS_INLINE_FUNCTION vid_t anchor(eid_t t) const { return entries(task_pos(t)); }
  KOKKOS_INLINE_FUNCTION const vid_t* candidates(eid_t t, eid_t& length) const {
    const eid_t next = task_pos(t) + 1;
    length = row_map(task_src(t) + 1) - next;
    return entries.data() + next;
  }
};

template <class MemorySpace>
struct FlatEdgeQueries {
  Kokkos::View<const vid_t*, MemorySpace> u;
  Kokkos::View<const vid_t*, MemorySpace> v;

  KOKKOS_INLINE_FUNCTION eid_t size() const { return static_cast<eid_t>(u.extent(0)); }
  KOKKOS_INLINE_FUNCTION vid_t source(eid_t) const { return invalid_vid; }
  KOKKOS_INLINE_FUNCTION vid_t anchor(eid_t t) const { return u(t); }
  KOKKOS_INLINE_FUNCTION const vid_t* candidates(eid_t t, eid_t& length) const {
    length = 1;
    return v.data() + t;
  }
};

}  // namespace tessera
