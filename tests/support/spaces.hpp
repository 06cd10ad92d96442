#pragma once
// The execution spaces kernels are instantiated for (core/kokkos_ext/instantiate.hpp), as a
// type list for TEST_CASE_TEMPLATE_APPLY: every kernel test runs on each of them.
#include <Kokkos_Core.hpp>

#include <tuple>
#include <type_traits>

namespace tessera::test {

using ExecSpaces = std::conditional_t<
    std::is_same_v<Kokkos::DefaultExecutionSpace, Kokkos::DefaultHostExecutionSpace>,
    std::tuple<Kokkos::DefaultExecutionSpace>,
    std::tuple<Kokkos::DefaultExecutionSpace, Kokkos::DefaultHostExecutionSpace>>;

// Copies a device View into a std::vector for comparisons.
template <class View>
auto to_vector(const View& v) {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, v);
  return std::vector<typename View::non_const_value_type>(h.data(), h.data() + h.extent(0));
}

}  // namespace tessera::test
