#pragma once
// Several instances of one execution space, so independent work can run concurrently (paper 1,
// §II-B2: received query batches counted on several CUDA streams while the host communicates).
// On CUDA every instance owns a stream created here and destroyed with the set; on host backends
// the instances are copies of the default one (work submitted to them runs in order, which is
// what a single host process can do anyway). The one place that knows how a backend makes
// instances, so callers stay backend-free; `StagingMemory` is the host memory a backend copies
// to its instances asynchronously from (pinned on CUDA, plain host memory elsewhere).
#include <Kokkos_Core.hpp>

#include <vector>

namespace tessera::kokkos_ext {

template <class ExecSpace>
struct StagingMemory {
  using type = Kokkos::HostSpace;
};
#if defined(KOKKOS_ENABLE_CUDA)
template <>
struct StagingMemory<Kokkos::Cuda> {
  using type = Kokkos::CudaHostPinnedSpace;
};
#endif

template <class ExecSpace>
class SpaceInstances {
 public:
  // `count` >= 1 instances.
  explicit SpaceInstances(int count);
  ~SpaceInstances();  // waits for every instance
  SpaceInstances(const SpaceInstances&) = delete;
  SpaceInstances& operator=(const SpaceInstances&) = delete;

  int size() const { return static_cast<int>(spaces_.size()); }
  const ExecSpace& operator[](int i) const { return spaces_[static_cast<std::size_t>(i)]; }
  // True when the instances really run concurrently (separate streams).
  bool concurrent() const { return !streams_.empty(); }

 private:
  std::vector<ExecSpace> spaces_;
  std::vector<void*> streams_;  // owned backend streams (CUDA), destroyed after the instances
};

}  // namespace tessera::kokkos_ext
