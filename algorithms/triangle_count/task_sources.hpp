#pragma once
// The work items the counting kernels walk. Each item names an anchor vertex b of the lookup
// graph and a sorted candidate list; the item contributes |candidates ∩ N(b)|.
//   DagTasks: single-node tasks (a, b) of the masked DAG: candidates = N+(a) after b
// (Remote queries have their own kinds: distributed/triangle_count/query_receiver.hpp.)
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

}  // namespace tessera
