#pragma once
// Execution policies whose kernels take their functor as a kernel argument.
//
// Kokkos' CUDA backend (3.x) copies a functor of 512 bytes or more (a lambda that captures a
// dozen Views is that large) to constant memory, and before each such launch waits for the
// previous such kernel to finish: every launch then costs a round trip to the device, which is
// what the partitioner's many small kernels were paying (about 10 us each on an H200). The
// light-weight hint passes functors below 4 KB as kernel arguments instead (larger ones go
// through global memory, still without the wait). Other backends ignore the hint; results are
// unchanged everywhere (it selects the launch mechanism only).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <utility>

namespace tessera::detail {

template <class ExecSpace>
using LightRangePolicy = decltype(Kokkos::Experimental::require(
    std::declval<Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>>(),
    Kokkos::Experimental::WorkItemProperty::HintLightWeight));

template <class ExecSpace>
using LightTeamPolicy = decltype(Kokkos::Experimental::require(std::declval<Kokkos::TeamPolicy<ExecSpace>>(),
                                                               Kokkos::Experimental::WorkItemProperty::HintLightWeight));

}  // namespace tessera::detail
