#pragma once
// A worker's vector lanes as the threads they are on GPUs, for kernels that keep per-lane state
// (a partial count) across many vector loops instead of reducing after each one.
//
// Kokkos' vector loops (ThreadVectorRange) hide which lane runs an index: on GPUs each vector lane
// is a thread of its own (a warp's thread on CUDA), on host backends one thread runs the whole
// loop. `VectorLane` names the calling lane and how many run side by side (lane 0 of 1 on hosts,
// whatever vector length the launch asked for), so that
//     for (k = v.lane; k < n; k += v.stride) ...
// splits [0, n) among the lanes on every backend, each lane keeping what it found in a private
// variable, and `sum_vector_lanes` adds those once at the end. `vector_vote` is the one
// backend-specific piece: the lanes' flags counted by a warp vote on CUDA (one instruction where a
// vector scan costs a shuffle ladder per element).
#include <Kokkos_Core.hpp>

#include <type_traits>

#include "core/kokkos_ext/execution.hpp"

namespace tessera::detail {

// Whether ExecSpace runs a worker's vector lanes as threads of their own (GPUs). A class constant,
// evaluated where the class is instantiated: device code reads it without calling a host function.
template <class ExecSpace>
struct LanesAreThreads {
  static constexpr bool value = is_gpu_space<ExecSpace>();
};

struct VectorLane {
  int lane = 0;    // this lane's index among its worker's lanes
  int stride = 1;  // lanes running side by side (1 on host backends)
};

// Every lane of the worker calls it (converged); `lanes` is the launch's vector length.
template <class ExecSpace, class Member>
KOKKOS_INLINE_FUNCTION VectorLane this_vector_lane(const Member& team, int lanes) {
  VectorLane v;
  if (LanesAreThreads<ExecSpace>::value) {
    // A vector loop of exactly `lanes` indices gives every lane its own index once.
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, lanes), [&](const int l) { v.lane = l; });
    v.stride = lanes;
  }
  return v;
}

// The sum of every lane's `value`, on every lane (each lane's value counted once).
template <class ExecSpace, class Member, class T>
KOKKOS_INLINE_FUNCTION T sum_vector_lanes(const Member& team, const VectorLane& v, T value) {
  if (!LanesAreThreads<ExecSpace>::value) return value;
  T total = 0;
  Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, v.stride), [&](const int, T& s) { s += value; }, total);
  return total;
}

// Whether vector_vote works for ExecSpace: CUDA and host backends (one lane).
template <class ExecSpace>
struct HasVectorVote {
#ifdef KOKKOS_ENABLE_CUDA
  static constexpr bool value = std::is_same_v<ExecSpace, Kokkos::Cuda> || !is_gpu_space<ExecSpace>();
#else
  static constexpr bool value = !is_gpu_space<ExecSpace>();
#endif
};

// The number of the worker's lanes whose `flag` is set; `before`: how many of them have a lower
// lane index. Every lane of the worker calls it (converged), as with a Kokkos vector loop. Only
// where HasVectorVote holds: CUDA (a warp vote over the worker's lanes, which Kokkos lays out
// as threadIdx.x of blocks of vector length × team size) and host backends (one lane).
KOKKOS_INLINE_FUNCTION int vector_vote(bool flag, int& before) {
#if defined(__CUDA_ARCH__)
  const unsigned width = blockDim.x;  // the vector length: 1, 2, 4, ..., 32
  const unsigned first = width == 32 ? 0u : (threadIdx.y % (32u / width)) * width;  // in the warp
  const unsigned group = width == 32 ? 0xffffffffu : ((1u << width) - 1u) << first;
  const unsigned votes = __ballot_sync(group, flag) & group;
  before = __popc(votes & ((1u << (first + threadIdx.x)) - 1u));
  return __popc(votes);
#else
  before = 0;
  return flag ? 1 : 0;
#endif
}

}  // namespace tessera::detail
