#pragma once
// Fundamental types shared by every Tessera module.
//
// Ids are signed so that "invalid" sentinels and differences stay representable; offsets are
// 64-bit because edge and pin counts of real inputs exceed 2^31.
#include <cstdint>
#include <limits>

namespace tessera {

using vid_t = std::int32_t;     // vertex / node id
using eid_t = std::int64_t;     // edge / pin offset
using nid_t = std::int32_t;     // hyperedge (net) id
using count_t = std::uint64_t;  // results of counting (triangles, matches)
using part_t = std::int32_t;    // block / partition id
using label_t = std::int32_t;   // vertex label (pattern mining)

// Real-valued edge and net weights (paper 3 defines w: E -> R). Algorithms that need
// order-independent sums convert them to fixed point themselves.
using weight_t = double;
// Vertex (node) weights are sizes: integral, so sums are exact and deterministic.
using node_weight_t = std::int64_t;

inline constexpr vid_t invalid_vid = -1;
inline constexpr eid_t invalid_eid = -1;
inline constexpr part_t invalid_part = -1;

// The largest vertex count a graph may have with 32-bit ids.
inline constexpr std::int64_t max_vertices = std::numeric_limits<vid_t>::max();

}  // namespace tessera
