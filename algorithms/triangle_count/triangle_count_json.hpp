#pragma once
// A triangle count as JSON: what `tessera tc --json` prints after the input's fields and what
// `tessera run` records for the task `tc` (one writer, so the two cannot drift apart).
#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/graph/orientation.hpp"
#include "core/util/json.hpp"

namespace tessera {

// triangles, variant (the kernel that ran), intersection and orientation (as asked), tasks,
// time_s (counting: `launches` kernel launches and one readback), grid_waves (the task kernel's
// grid, resolved), setup_s (the kernels' first,
// empty launch in this process: warm_up_triangle_count), preprocess_s, edges_per_s (the graph's `num_edges` over the counting time).
template <class MemorySpace>
Json to_json(const TriangleCountResult<MemorySpace>& r, const TriangleCountParams& params, eid_t num_edges,
             double setup_seconds) {
  Json j = Json::object();
  j.set("triangles", r.triangles)
      .set("variant", to_string(r.variant))
      .set("intersection", to_string(params.intersection))
      .set("orientation", to_string(params.orientation))
      .set("tasks", r.tasks)
      .set("time_s", r.count_seconds)
      .set("launches", r.launches)
      .set("grid_waves", r.grid_waves)
      .set("setup_s", setup_seconds)
      .set("preprocess_s", r.preprocess_seconds)
      .set("edges_per_s", r.count_seconds > 0 ? num_edges / r.count_seconds : 0.0);
  return j;
}

}  // namespace tessera
