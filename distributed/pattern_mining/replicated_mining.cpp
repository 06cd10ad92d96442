#include "distributed/pattern_mining/replicated_mining.hpp"

#include <algorithm>

namespace tessera::dist {

namespace {

// The parameters with this rank's share; the ranks start together so that the slowest rank's
// time is the run's.
mining::MineParams with_share(const Communicator& comm, mining::MineParams params) {
  params.engine.share = rank_share(comm, params.engine.share);
  TESSERA_MPI_CHECK(MPI_Barrier(comm.get()));
  return params;
}

}  // namespace

ReplicatedMineResult mine(MPI_Comm user, const MiningGraphView& graph, const mining::Pattern& pattern,
                          const mining::MineParams& params) {
  const Communicator comm(user);
  const auto shared = with_share(comm, params);
  Kokkos::Timer timer;
  ReplicatedMineResult r;
  r.result = mining::mine(MiningSpace{}, graph, pattern, shared);
  const double own = timer.seconds();
  r.result.count = sum_over_ranks(comm, r.result.count);
  r.seconds = timer.seconds();
  r.report = gather_share_report(comm, r.result.stats.share_units, own, r.result.stats.mine_seconds);
  return r;
}

ReplicatedMotifResult count_motifs(MPI_Comm user, const MiningGraphView& graph, int k, const mining::MineParams& params) {
  const Communicator comm(user);
  const auto shared = with_share(comm, params);
  Kokkos::Timer timer;
  const mining::MotifTerms own = mining::count_motif_terms(MiningSpace{}, graph, k, shared);
  const double own_seconds = timer.seconds();
  const auto total = mining::MotifTerms::from_vector(k, sum_over_ranks(comm, own.as_vector()));
  ReplicatedMotifResult r;
  r.counts = mining::motifs_from_terms(total);
  r.seconds = timer.seconds();
  r.counts.seconds = r.seconds;
  r.report = gather_share_report(comm, own.share_units, own_seconds, own.kernel_seconds);
  return r;
}

ReplicatedFsmResult frequent_subgraphs(MPI_Comm user, const MiningGraphView& graph, const mining::FsmParams& params,
                                       const mining::EngineParams& engine) {
  const Communicator comm(user);
  mining::EngineParams shared = engine;
  shared.share = rank_share(comm, engine.share);
  const mining::DomainUnion unite = [&comm](mining::DomainWord* words, std::size_t count) {
    static_assert(sizeof(mining::DomainWord) == sizeof(unsigned), "domain words are MPI_UNSIGNED");
    constexpr std::size_t k_max_words = std::size_t(1) << 30;  // MPI counts are ints
    for (std::size_t first = 0; first < count; first += k_max_words)
      TESSERA_MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, words + first, static_cast<int>(std::min(k_max_words, count - first)),
                                      MPI_UNSIGNED, MPI_BOR, comm.get()));
  };
  TESSERA_MPI_CHECK(MPI_Barrier(comm.get()));
  Kokkos::Timer timer;
  ReplicatedFsmResult r;
  r.result = mining::frequent_subgraphs(MiningSpace{}, graph, params, shared, unite);
  r.result.matches = sum_over_ranks(comm, r.result.matches);
  r.seconds = timer.seconds();
  // Per rank: its kernels' time (the reductions after every launch make the ranks' whole times
  // equal, hiding the imbalance).
  r.report = gather_share_report(comm, r.result.share_units, r.result.engine_seconds, r.result.engine_seconds);
  return r;
}

}  // namespace tessera::dist
