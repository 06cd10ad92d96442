#pragma once
// Edge lists: the exchange format between readers/generators and the CSR builder.
//
// `EdgeList` lives in host memory (what text readers produce); `EdgeArrays<MemorySpace>` holds
// the same data in Kokkos Views so generators can produce it on the device and the builder can
// consume it there without a host round trip.
#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

#include "core/types.hpp"

namespace tessera {

struct EdgeList {
  vid_t num_vertices = 0;          // every id lies in [0, num_vertices)
  std::vector<vid_t> src;
  std::vector<vid_t> dst;
  std::vector<weight_t> weights;   // empty, or one weight per edge
  std::vector<label_t> labels;     // empty, or one label per vertex
  bool directed = false;           // how the source described itself (informational)

  eid_t size() const { return static_cast<eid_t>(src.size()); }
  bool has_weights() const { return !weights.empty(); }
  bool has_labels() const { return !labels.empty(); }
  void reserve(std::size_t m) {
    src.reserve(m);
    dst.reserve(m);
  }
};

template <class MemorySpace>
struct EdgeArrays {
  using memory_space = MemorySpace;
  vid_t num_vertices = 0;
  Kokkos::View<vid_t*, MemorySpace> src;
  Kokkos::View<vid_t*, MemorySpace> dst;
  Kokkos::View<weight_t*, MemorySpace> weights;  // extent 0 when unweighted
  Kokkos::View<label_t*, MemorySpace> labels;    // extent 0 when unlabelled

  eid_t size() const { return static_cast<eid_t>(src.extent(0)); }
  bool has_weights() const { return weights.extent(0) != 0; }
  bool has_labels() const { return labels.extent(0) != 0; }
};

// Copies a host edge list into Views of `MemorySpace` (one deep copy per array).
template <class MemorySpace>
EdgeArrays<MemorySpace> to_edge_arrays(const EdgeList& edges) {
  using Unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;
  auto copy = [](const auto& vec, const char* label) {
    using T = typename std::decay_t<decltype(vec)>::value_type;
    Kokkos::View<T*, MemorySpace> out(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)),
                                      vec.size());
    Kokkos::View<const T*, Kokkos::HostSpace, Unmanaged> in(vec.data(), vec.size());
    Kokkos::deep_copy(out, in);
    return out;
  };
  EdgeArrays<MemorySpace> out;
  out.num_vertices = edges.num_vertices;
  out.src = copy(edges.src, "tessera::edges::src");
  out.dst = copy(edges.dst, "tessera::edges::dst");
  out.weights = copy(edges.weights, "tessera::edges::weights");
  out.labels = copy(edges.labels, "tessera::edges::labels");
  return out;
}

}  // namespace tessera
