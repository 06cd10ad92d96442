#include "apps/commands/mining_distributed.hpp"

#include "core/error.hpp"

namespace tessera::cli {

namespace {
[[noreturn]] void unavailable() {
  throw UserError("this tessera was built without MPI (TESSERA_ENABLE_MPI=OFF): --distributed is unavailable");
}
}  // namespace

mining::MineResult mine_distributed(const CsrGraph<Kokkos::DefaultExecutionSpace::memory_space>&, const mining::Pattern&,
                                    const mining::MineParams&, DistributedMiningRun&) {
  unavailable();
}

mining::MotifCounts motifs_distributed(const CsrGraph<Kokkos::DefaultExecutionSpace::memory_space>&, int,
                                       const mining::MineParams&, DistributedMiningRun&) {
  unavailable();
}

mining::FsmResult fsm_distributed(const CsrGraph<Kokkos::DefaultExecutionSpace::memory_space>&, const mining::FsmParams&,
                                  const mining::EngineParams&, DistributedMiningRun&) {
  unavailable();
}

}  // namespace tessera::cli
