#pragma once
// Plans known at compile time (issue 28): the k-clique's engine plan (k = 4, 5) on the oriented
// DAG with edge tasks, written as constant expressions, so that the fixed-depth count kernel
// compiled with it (DfsKernel<..., Levels = k, Compiled = true>) reads no level of the plan at run
// time: its masks are constants, its loops over levels fold, its bounds and exclusions vanish.
// G2Miner's code generator gets the same by emitting one kernel per pattern; here it is the one
// generic kernel with its plan argument folded. The launch takes the compiled variant only when
// the plan it was given equals this one field for field (is_compiled_clique), so the two can never
// disagree.
#include <Kokkos_Core.hpp>

#include "algorithms/pattern_mining/engine/engine_plan.hpp"

namespace tessera::mining {

inline constexpr int k_compiled_clique_min = 4, k_compiled_clique_max = 5;

// Level i of the K-clique plan (make_engine_plan with edge tasks, counting, no local search):
// level 2 is N+(m0) ∩ N+(m1); every later level reuses its predecessor's set and intersects it
// with N+(m_{i-1}); the loop levels' sets are materialised (level i in buffer i - 2) and kept
// whole for the next level; the last level counts its intersection by size.
template <int K>
KOKKOS_INLINE_FUNCTION constexpr EngineLevel compiled_clique_level(int i) {
  static_assert(K >= k_compiled_clique_min && K <= k_compiled_clique_max, "compiled clique plans: k = 4, 5");
  EngineLevel l;
  if (i == 1) l.intersect = 0b1;
  if (i == 2) l.intersect = 0b11;
  if (i >= 3) {
    l.reuse = static_cast<std::int8_t>(i - 1);
    l.intersect = static_cast<std::uint8_t>(1u << (i - 1));
  }
  if (i >= 2 && i < K - 1) {
    l.slot = static_cast<std::int8_t>(i - 2);
    l.keep_unbounded = true;
  }
  return l;
}

// The plan's scalars the kernels read.
template <int K>
struct CompiledClique {
  static constexpr int last_level = K - 1;
  static constexpr int pair = 0;
  static constexpr bool count_by_size = true;
  static constexpr int num_slots = K - 3;
};

// The k of the compiled clique plan that `plan` is exactly (every field the kernels read, and the
// rest), or 0.
int compiled_clique_size(const EnginePlan& plan);

}  // namespace tessera::mining
