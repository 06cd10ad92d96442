#pragma once
// The engine's allocated launch (engine.cpp builds it in prepare_launch): the kernel data of the
// wide launch and of the narrow one, their shapes, the kernel variant each runs (kernel fission,
// dfs_kernel.hpp) and the device count the teams add to; and the allocation of one launch's
// workers from the resolved launch (launch_config.hpp). Included by engine.cpp only.
#include <Kokkos_Core.hpp>

#include <algorithm>

#include "algorithms/pattern_mining/engine/dfs_kernel.hpp"
#include "algorithms/pattern_mining/engine/launch_config.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/team_sum.hpp"

namespace tessera::mining::detail {

// The allocation of one launch's workers (shape and chunk from the resolved launch): candidate
// buffers, wedge counters (zeroed: the kernel keeps them so), local bitmaps and pivots.
template <class ExecSpace>
void allocate_workers(const ExecSpace& space, const ResolvedLaunch& r, const KernelShape& shape,
                      DfsKernelData<ExecSpace>& k) {
  using memory_space = typename ExecSpace::memory_space;
  const auto workers = static_cast<std::size_t>(shape.workers);
  k.lanes = shape.lanes;
  k.width = r.width;
  k.buffers = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::buffers"),
                                                 static_cast<std::size_t>(r.plan.num_slots) * static_cast<std::size_t>(r.width) * workers);
  k.wedge_stride = r.wedge_stride;
  k.wedge_counts = Kokkos::View<wedge_counter_t*, memory_space>(Kokkos::view_alloc(space, "tessera::mining::wedge_counts"),
                                                                        static_cast<std::size_t>(r.wedge_stride) * workers);
  k.flat_max = shape.flat_max;
  k.flat_pairs_max = shape.flat_pairs_max;
  k.local_stride = r.local_words;
  k.local_min = r.local_min;
  k.local_max = r.local_max;
  k.local_words = Kokkos::View<word_t*, memory_space>(
      Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::local_bitmaps"),
      static_cast<std::size_t>(r.local_words) * workers);
  k.pivots = shape.pivots;
  k.pivot_buffers = Kokkos::View<vid_t*, memory_space>(Kokkos::view_alloc(space, Kokkos::WithoutInitializing, "tessera::mining::pivots"),
                                                       static_cast<std::size_t>(shape.pivots) * workers);
  k.chunk = shape.chunk;
}

// The allocated launch: kernel data of the (wide) launch and of the narrow one, and their shapes.
template <class ExecSpace, bool List>
struct Launcher {
  DfsKernelData<ExecSpace> kernel;
  KernelShape shape;
  eid_t total_units = 0;
  // Narrow tasks (count mode, EngineParams::narrow_max): units [narrow_begin, total_units) run
  // in a second launch whose workers have fewer lanes (narrow_kernel's).
  eid_t narrow_begin = 0;
  DfsKernelData<ExecSpace> narrow_kernel;
  KernelShape narrow_shape;
  int fixed_levels = 0;  // count kernels: compile-time level count (ResolvedLaunch::fixed_levels)
  bool compiled_plan = false;  // and the plan compiled in (ResolvedLaunch::compiled_plan)
  Kokkos::View<count_t, typename ExecSpace::memory_space> count;  // what a launch's teams add to

  eid_t units() const { return total_units; }

  // Every unit: the wide ones, then the narrow ones.
  count_t run_all(const ExecSpace& space) {
    count_t total = narrow_begin > 0 ? run(space, 0, narrow_begin) : 0;
    if (narrow_begin < total_units) total += narrow_launcher().run(space, narrow_begin, total_units);
    return total;
  }

  count_t run(const ExecSpace& space, eid_t unit_begin, eid_t unit_stop) {
    return launch_shaped(space, unit_begin, unit_stop, unit_stop - unit_begin);
  }

  // An empty launch of every kernel variant that run_all takes, shaped as the real ones: the
  // first launch of a kernel loads its code (CUDA loads modules lazily) and settles Kokkos'
  // per-kernel launch state, which would otherwise land in the first timed launch. G2Miner likewise
  // queries its kernel's occupancy (which loads it) before starting its timer.
  void warm_up(const ExecSpace& space) {
    if (narrow_begin > 0) launch_shaped(space, 0, 0, narrow_begin);
    if (narrow_begin < total_units) narrow_launcher().launch_shaped(space, 0, 0, total_units - narrow_begin);
  }

  // This launcher with the narrow tasks' kernel and shape.
  Launcher narrow_launcher() const {
    Launcher narrow = *this;
    narrow.kernel = narrow_kernel;
    narrow.shape = narrow_shape;
    return narrow;
  }

  // Units [unit_begin, unit_stop) with the workers a launch over `shaped_units` units gets.
  count_t launch_shaped(const ExecSpace& space, eid_t unit_begin, eid_t unit_stop, eid_t shaped_units) {
    kernel.unit_begin = unit_begin;
    kernel.unit_stop = unit_stop;
    Kokkos::deep_copy(space, kernel.next_chunk, atomic_counter_t(0));
    if (List) Kokkos::deep_copy(space, kernel.cursor, atomic_counter_t(0));
    const eid_t chunks = (shaped_units + kernel.chunk - 1) / kernel.chunk;
    // Workers = buffer sets: league × team_threads must not exceed the allocated ones.
    const int workers = static_cast<int>(std::max<eid_t>(1, std::min<eid_t>(shape.workers, chunks)));
    kernel.team_threads = std::min(shape.team_threads, workers);
    const int league = workers / kernel.team_threads;
    // Kernel fission: the variant with only the paths this plan can take. The register cap was
    // decided with the shape (launch_config.hpp; never on hosts, which compile no capped
    // variants); fewer workers only make the team smaller.
    if constexpr (List) {
      return launch<DfsKernel<ExecSpace, true>>(space, league);
    } else if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) {
      return shape.register_cap ? count_variant<true>(space, league) : count_variant<false>(space, league);
    } else {
      return count_variant<false>(space, league);
    }
  }

  template <bool Capped>
  count_t count_variant(const ExecSpace& space, int league) const {
    if (kernel.plan.wedge) return launch<DfsKernel<ExecSpace, false, false, false, true, Capped>>(space, league);
    static_assert(k_fixed_depth_min == 4 && k_fixed_depth_max == 4 && k_compiled_clique_max == 5,
                  "one count_depth per fixed level count");
    if (fixed_levels == 5) return count_depth<Capped, 5>(space, league);
    return fixed_levels == 4 ? count_depth<Capped, 4>(space, league) : count_depth<Capped, 0>(space, league);
  }

  // Local search needs at least five levels (make_engine_plan): fixed-depth kernels have none.
  template <bool Capped, int Levels>
  count_t count_depth(const ExecSpace& space, int league) const {
    if constexpr (Levels == 0) {
      if (kernel.plan.local_search && kernel.local_max >= kernel.local_min)
        return launch<DfsKernel<ExecSpace, false, true, true, false, Capped, Levels>>(space, league);
    }
    const bool flat = kernel.flat_max > 0 || kernel.flat_pairs_max > 0;
    // Beyond k_fixed_depth_max levels only compiled plans run fixed depth (resolve_launch).
    constexpr bool compiled_only = Levels > k_fixed_depth_max;
    if constexpr (Levels >= k_compiled_clique_min) {
      if (compiled_only || compiled_plan)
        return flat ? launch<DfsKernel<ExecSpace, false, false, true, false, Capped, Levels, true>>(space, league)
                    : launch<DfsKernel<ExecSpace, false, false, false, false, Capped, Levels, true>>(space, league);
    }
    if constexpr (!compiled_only) {
      if (flat) return launch<DfsKernel<ExecSpace, false, false, true, false, Capped, Levels>>(space, league);
      return launch<DfsKernel<ExecSpace, false, false, false, false, Capped, Levels>>(space, league);
    }
    return 0;  // not reached
  }

  // One atomic per team instead of Kokkos' parallel_reduce and its serial tail over the blocks
  // (core/kokkos_ext/team_sum.hpp), into the launcher's scalar: no allocation per launch.
  template <class Kernel>
  count_t launch(const ExecSpace& space, int league) const {
    Kokkos::deep_copy(space, count, count_t(0));
    tessera::detail::sum_teams_into(List ? "tessera::mining::dfs_list" : "tessera::mining::dfs_count",
                                    typename Kernel::policy(space, league, kernel.team_threads, kernel.lanes), Kernel(kernel),
                                    count);
    count_t total = 0;
    Kokkos::deep_copy(space, total, count);
    space.fence();
    return total;
  }
};

}  // namespace tessera::mining::detail
