#pragma once
// Where each coarsening level's neighbour rows come from (--neighbors; paper 3, §V-B and §VII-B).
//
// derived  (on, or auto when the finest rows fit): built once from the pins, then derived level
//          to level through gamma, invalid pairs purged for good (the paper).
// streamed (off, or auto when they do not fit): rebuilt from the level's pins batch after batch
//          into the proposals, only one batch in memory.
// kept     the streamed rows of a level that fits the materialised budget, built from its pins
//          and kept, then derived level to level *without* the purge (invalid pairs stay, flagged,
//          and the proposals skip them: with no window and the same unscored nets, a pair found
//          invalid stays so at every coarser level). These are exactly the rows
//          streaming would rebuild (issue 23): a fine net e of at most max_net_size pins has the
//          coarse pins gamma(e), so the streamed row of x = {a, b} is gamma(R(a) U R(b)) \ {x},
//          plus the pins of the nets that shrank below max_net_size at this contraction. A level
//          where some net shrank across that size is rebuilt from its pins instead (rare: only
//          nets larger than max_net_size can cross; the count of larger nets tells). So the
//          partition is the streamed one, whatever the memory and the batches, and coarse levels
//          cost a pass over their rows instead of over every pin of every incident net (64k-rand:
//          about 480 k keys a node for 76 k distinct neighbours).
// Streamed rows are tried for keeping under auto only (the rows did not fit at the finest level),
// from the second level on, when the level before held at most the budget and the level has no
// pair window (pair_window.hpp: windows move as nets shrink, so derived rows would not be the
// streamed ones; a kept level that gets a window streams again). --neighbors off (Fig. 16's
// ablation) streams every level.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <optional>
#include <utility>

#include "algorithms/partitioning/coarsening/coarsening_params.hpp"
#include "algorithms/partitioning/coarsening/neighbor_batches.hpp"
#include "algorithms/partitioning/coarsening/neighbors.hpp"
#include "algorithms/partitioning/coarsening/pair_window.hpp"
#include "algorithms/partitioning/coarsening/propose_pairs.hpp"
#include "algorithms/partitioning/common/level.hpp"
#include "algorithms/partitioning/contraction/contract.hpp"
#include "core/kokkos_ext/launch.hpp"

namespace tessera::partitioning {

// Nets of L with more than max_net_size pins (the nets its neighbour rows leave out).
template <class ExecSpace>
nid_t count_unscored_nets(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L, eid_t max_net_size) {
  auto off = L.net_offsets;
  nid_t count = 0;
  Kokkos::parallel_reduce(
      "tessera::part::unscored_nets", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, L.num_nets),
      KOKKOS_LAMBDA(const std::int64_t e, nid_t& c) { if (off(e + 1) - off(e) > max_net_size) ++c; }, count);
  return count;
}

template <class ExecSpace>
class LevelNeighbors {
 public:
  using mem = typename ExecSpace::memory_space;
  enum class Source { derived, streamed, kept };

  // The finest level's rows, of the pairs `finest_pairs`: built (on; auto within `budget` entries)
  // or left to streaming.
  LevelNeighbors(const ExecSpace& space, const Level<mem>& finest, const ScoredPairs& finest_pairs,
                 const CoarseningParams& cp, const BatchLimits& batching, eid_t budget)
      : space_(space), max_net_size_(cp.max_scored_net_size), batching_(batching), budget_(budget),
        may_keep_(cp.neighbors == NeighborRows::automatic) {
    if (cp.neighbors == NeighborRows::streamed) return;
    auto built = build_neighbors(space, finest, finest_pairs, batching, budget);
    if (!built) return;
    source_ = Source::derived;
    adopt(std::move(*built), finest.num_nodes);
  }

  Source source() const { return source_; }
  const char* source_name() const {
    return source_ == Source::derived ? "derived" : source_ == Source::kept ? "kept" : "streamed";
  }
  eid_t capacity() const { return static_cast<eid_t>(rows_.ids.extent(0)); }
  int kept_from_level() const { return kept_from_; }  // the first level kept (0, the finest: none)
  // The level's rows; after streaming, their offsets only (which rows are empty: pair_isolated).
  const Neighbors<mem>& rows() const { return rows_; }

  // The proposals of level `level` (L), into pws; keeps L's rows first where streamed ones fit.
  Proposals<mem> propose(int level, const Level<mem>& L, const ProposalParams& pp, ProposalWorkspace<mem>& pws) {
    if (source_ == Source::kept && pp.pairs.window != 0) drop();
    if (source_ == Source::streamed && try_keep_ && pp.pairs.window == 0) keep(level, L, pp.pairs);
    if (source_ != Source::streamed) return propose_pairs(space_, L, rows_, pp, pws, batching_);
    const auto props = begin_proposals(space_, L, pp, pws);
    rows_ = stream_neighbors(space_, L, pp.pairs, batching_, ProposeBatch<ExecSpace>{space_, L, pp, pws, props});
    eid_t total = 0;
    Kokkos::deep_copy(space_, total, Kokkos::subview(rows_.offsets, std::int64_t(L.num_nodes)));
    space_.fence();
    try_keep_ = may_keep_ && total <= budget_;
    return props;
  }

  // The rows of C.coarse, contracted from the level proposed last.
  void coarsen_to(const Contraction<mem>& C) {
    if (source_ == Source::streamed) return;
    const bool purge = source_ == Source::derived;
    if (!purge) {
      const nid_t unscored = count_unscored_nets(space_, C.coarse, max_net_size_);
      if (unscored != unscored_nets_) {  // a net shrank to a scored size: rebuild from the pins
        drop();
        return;
      }
    }
    rows_ = coarsen_neighbors(space_, rows_, C.coarse.num_nodes, C.gamma, C.members, *ws_, batching_, purge);
  }

 private:
  void adopt(Neighbors<mem>&& rows, vid_t num_nodes) {
    rows_ = std::move(rows);
    ws_.reset();  // freed before the new spare is allocated
    ws_.emplace(num_nodes, capacity(), batching_);
  }
  // L's streamed rows built whole from its pins, when they fit the budget.
  void keep(int level, const Level<mem>& L, const ScoredPairs& pairs) {
    rows_ = Neighbors<mem>{};
    auto built = build_neighbors(space_, L, pairs, batching_, budget_);
    if (!built) return;
    source_ = Source::kept;
    if (kept_from_ == 0) kept_from_ = level;
    unscored_nets_ = count_unscored_nets(space_, L, max_net_size_);
    adopt(std::move(*built), L.num_nodes);
  }
  void drop() {
    source_ = Source::streamed;
    try_keep_ = may_keep_;
    rows_ = Neighbors<mem>{};
    ws_.reset();
  }

  ExecSpace space_;
  eid_t max_net_size_;
  BatchLimits batching_;
  eid_t budget_;
  Source source_ = Source::streamed;
  bool may_keep_ = false;  // auto: streamed rows may be kept once they fit
  bool try_keep_ = false;  // the finest streamed level is never kept
  int kept_from_ = 0;
  nid_t unscored_nets_ = 0;  // of the kept level
  Neighbors<mem> rows_;
  std::optional<NeighborWorkspace<mem>> ws_;
};

}  // namespace tessera::partitioning
