#include "core/kokkos_ext/radix_sort.hpp"

#include "core/error.hpp"

#if defined(KOKKOS_ENABLE_CUDA)
#include <cub/device/device_radix_sort.cuh>
#endif

namespace tessera::kokkos_ext {

#if defined(KOKKOS_ENABLE_CUDA)

namespace {
void check_cuda(cudaError_t rc, const char* what) {
  TESSERA_REQUIRE(rc == cudaSuccess, what << " failed: " << cudaGetErrorString(rc));
}
}  // namespace

bool device_radix_sort_available() { return true; }

void radix_sort_keys(const Kokkos::View<std::int64_t*, Kokkos::DefaultExecutionSpace::memory_space>& keys) {
  using memory = Kokkos::DefaultExecutionSpace::memory_space;
  const std::int64_t n = static_cast<std::int64_t>(keys.extent(0));
  if (n < 2) return;
  Kokkos::fence();  // the keys' producers have finished
  Kokkos::View<std::int64_t*, memory> sorted(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::radix_sort::sorted"),
                                             static_cast<std::size_t>(n));
  const cudaStream_t stream = Kokkos::Cuda().cuda_stream();
  std::size_t temp_bytes = 0;
  check_cuda(cub::DeviceRadixSort::SortKeys(nullptr, temp_bytes, keys.data(), sorted.data(), n, 0, 64, stream),
             "cub::DeviceRadixSort::SortKeys (size query)");
  Kokkos::View<char*, memory> temp(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::radix_sort::temp"),
                                   temp_bytes > 0 ? temp_bytes : 1);
  check_cuda(cub::DeviceRadixSort::SortKeys(temp.data(), temp_bytes, keys.data(), sorted.data(), n, 0, 64, stream),
             "cub::DeviceRadixSort::SortKeys");
  check_cuda(cudaStreamSynchronize(stream), "the radix sort");
  Kokkos::deep_copy(keys, sorted);
  Kokkos::fence();
}

#else

bool device_radix_sort_available() { return false; }

void radix_sort_keys(const Kokkos::View<std::int64_t*, Kokkos::DefaultExecutionSpace::memory_space>&) {
  TESSERA_REQUIRE(false, "radix_sort_keys needs the CUDA backend (device_radix_sort_available() is false)");
}

#endif

}  // namespace tessera::kokkos_ext
