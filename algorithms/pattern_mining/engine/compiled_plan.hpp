#pragma once
// A plan known at compile time (issue 28): the 4-clique's engine plan on the oriented DAG with edge
// tasks, written as constant expressions, so that the fixed-depth count kernel compiled with it
// (DfsKernel<..., Levels = 4, Compiled = true>) reads no level of the plan at run time: its masks
// are constants, its loops over levels fold, its bounds and exclusions vanish. G2Miner's code
// generator gets the same by emitting one kernel per pattern; here it is the one generic kernel
// with its plan argument folded. The launch takes the compiled variant only when the plan it was
// given equals this one field for field (is_compiled_clique4), so the two can never disagree.
#include <Kokkos_Core.hpp>

#include "algorithms/pattern_mining/engine/engine_plan.hpp"

namespace tessera::mining {

// Level i of the 4-clique plan (make_engine_plan with edge tasks, counting): level 2 is
// N+(m0) ∩ N+(m1) materialised in buffer 0 and kept whole for level 3, which counts its
// intersection with N+(m2) by size.
KOKKOS_INLINE_FUNCTION constexpr EngineLevel compiled_clique4_level(int i) {
  EngineLevel l;
  if (i == 1) l.intersect = 0b1;
  if (i == 2) {
    l.intersect = 0b11;
    l.slot = 0;
    l.keep_unbounded = true;
  }
  if (i == 3) {
    l.reuse = 2;
    l.intersect = 0b100;
  }
  return l;
}

// The plan's scalars the kernels read.
struct CompiledClique4 {
  static constexpr int last_level = 3;
  static constexpr int pair = 0;
  static constexpr bool count_by_size = true;
  static constexpr int num_slots = 1;
};

// Whether `plan` is exactly the compiled one (every field the kernels read, and the rest).
bool is_compiled_clique4(const EnginePlan& plan);

}  // namespace tessera::mining
