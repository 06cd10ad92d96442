#pragma once
// Gain cache of the sequential k-way FM (initial/fm_refine): the gain of moving any node to any
// block, kept exact under moves, so that the FM reads a node's best move in O(k). Without it every
// evaluation rescanned the node's nets for all k blocks (O(deg * k)), most of the FM's time at
// k = 64 (issue 25).
//
// gain(v, p) = leave(v) + join(v, p), the sums over v's nets (of two pins or more) of
// w(e) * leave_term(|e|, count(e, part(v))) and w(e) * join_term(|e|, count(e, p))
// (common/kway_objective.hpp). join(v, p) depends on pin counts only, not on v's block; leave(v)
// on the counts of v's own block. A move changes two counts of each of the mover's nets, and a
// term changes only at a few counts (0 <-> 1, 1 <-> 2, |e| - 1 <-> |e| ...): only then are the
// net's pins visited, the standard FM delta update. The mover's leave is recomputed (its block
// changed). Sequential, integer: the cached gains equal recomputed ones exactly.
#include <cstdint>
#include <vector>

#include "algorithms/partitioning/common/kway_objective.hpp"
#include "algorithms/partitioning/common/level.hpp"

namespace tessera::partitioning {

class KwayGainCache {
 public:
  // Builds the pin counts and gains of `parts` (blocks 0..k-1), which move() then changes.
  KwayGainCache(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k, KwayObjective objective);

  // Objective decrease when v moves to block `to` (meaningful for to != part(v)).
  score_t gain(vid_t v, part_t to) const { return leave_[v] + join_[std::size_t(v) * k_ + to]; }
  // gain(v, p) = leave(v) + joins(v)[p]: a best move is found among the joins.
  score_t leave(vid_t v) const { return leave_[v]; }
  const score_t* joins(vid_t v) const { return join_.data() + std::size_t(v) * k_; }
  // The same from the pin counts, O(deg(v)): the reference the cache is checked against.
  score_t recomputed_gain(vid_t v, part_t to) const;

  // Moves v to block `to`: parts[v], pin counts, and every gain that changes.
  void move(vid_t v, part_t to);

  // The pin counts and gains saved, and put back (parts are the caller's to put back): restoring
  // and replaying the kept moves is cheaper than undoing many moves one by one (fm_refine).
  void save();
  void restore();
  // Words save() copies.
  std::size_t state_size() const { return count_.size() + leave_.size() + join_.size(); }

  std::int32_t pin_count(nid_t e, part_t p) const { return count_[std::size_t(e) * k_ + p]; }
  part_t block(vid_t v) const { return parts_[v]; }

 private:
  score_t leave_of(vid_t v) const;  // from the pin counts
  // A move's change of count(e, block): join(u, block) of every pin u of e changes by
  // w(e) * join, leave(u) of the pins in `block` other than the mover (its leave is recomputed)
  // by w(e) * leave.
  struct PinDeltas {
    part_t block;
    score_t join, leave;
  };
  // Both changes of a move (source and target block) in one sweep over e's pins: a move used to
  // sweep them twice, and these sweeps were most of the FM's time at k = 4 (issue 25).
  void update_pins(nid_t e, const PinDeltas& from, const PinDeltas& to, vid_t mover);
  template <KwayObjective O>
  void move_as(vid_t v, part_t to);

  const Level<Kokkos::HostSpace>& L_;
  std::vector<part_t>& parts_;
  part_t k_;
  KwayObjective objective_;
  std::vector<std::int32_t> count_;  // count(e, p) at e * k + p
  std::vector<score_t> leave_;       // leave(v)
  std::vector<score_t> join_;        // join(v, p) at v * k + p
  std::vector<std::int32_t> saved_count_;
  std::vector<score_t> saved_leave_, saved_join_;
};

}  // namespace tessera::partitioning
