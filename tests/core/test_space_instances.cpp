// SpaceInstances (core/kokkos_ext/space_instances.hpp): the asked number of instances, each
// running its own kernels and asynchronous copies from staging memory, results exact after each
// instance's fence; concurrent (separate streams) only on GPU backends.
#include <doctest/doctest.h>

#include <numeric>
#include <vector>

#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/space_instances.hpp"
#include "tests/support/spaces.hpp"

TEST_CASE_TEMPLATE_DEFINE("space instances run their own copies and kernels", Space, instance_cases) {
  using mem = typename Space::memory_space;
  using staging = typename tessera::kokkos_ext::StagingMemory<Space>::type;
  for (int count : {1, 3}) {
    tessera::kokkos_ext::SpaceInstances<Space> instances(count);
    REQUIRE(instances.size() == count);
    CHECK(instances.concurrent() == tessera::detail::is_gpu_space<Space>());
    const int n = 1000;
    std::vector<Kokkos::View<int*, staging>> in;
    std::vector<Kokkos::View<int*, mem>> out;
    for (int k = 0; k < count; ++k) {
      in.emplace_back("in", n);
      out.emplace_back("out", n);
      for (int i = 0; i < n; ++i) in[k](i) = i + k;
    }
    Kokkos::fence();
    for (int k = 0; k < count; ++k) {  // copy and double on instance k, nothing waits in between
      const auto o = out[static_cast<std::size_t>(k)];
      Kokkos::deep_copy(instances[k], o, in[static_cast<std::size_t>(k)]);
      Kokkos::parallel_for(
          "test::double", Kokkos::RangePolicy<Space>(instances[k], 0, n), KOKKOS_LAMBDA(const int i) { o(i) *= 2; });
    }
    for (int k = 0; k < count; ++k) {
      instances[k].fence();
      const auto got = tessera::test::to_vector(out[static_cast<std::size_t>(k)]);
      std::vector<int> want(n);
      for (int i = 0; i < n; ++i) want[i] = 2 * (i + k);
      CHECK(got == want);
    }
  }
}
TEST_CASE_TEMPLATE_APPLY(instance_cases, tessera::test::ExecSpaces);
