#include "algorithms/partitioning/initial/kway_gain_cache.hpp"

#include <algorithm>

namespace tessera::partitioning {

KwayGainCache::KwayGainCache(const Level<Kokkos::HostSpace>& L, std::vector<part_t>& parts, part_t k,
                             KwayObjective objective)
    : L_(L),
      parts_(parts),
      k_(k),
      objective_(objective),
      count_(std::size_t(L.num_nets) * k, 0),
      leave_(L.num_nodes, 0),
      join_(std::size_t(L.num_nodes) * k, 0) {
  std::vector<part_t> touched;                 // the blocks of the current net
  std::vector<nid_t> seen_in(k, nid_t(-1));    // seen_in[p] == e: p is in `touched`
  for (nid_t e = 0; e < L.num_nets; ++e) {
    const eid_t begin = L.net_offsets(e), end = L.net_offsets(e + 1), size = end - begin;
    if (size < 2) continue;
    touched.clear();
    for (eid_t q = begin; q < end; ++q) {
      const part_t p = parts[L.pins(q)];
      ++count_[std::size_t(e) * k + p];
      if (seen_in[p] != e) {
        seen_in[p] = e;
        touched.push_back(p);
      }
    }
    const score_t w = L.net_weights(e);
    for (const part_t p : touched) {  // join terms vanish for blocks without pins of e
      const score_t term = w * join_term(objective, size, count_[std::size_t(e) * k + p]);
      if (term == 0) continue;
      for (eid_t q = begin; q < end; ++q) join_[std::size_t(L.pins(q)) * k + p] += term;
    }
    for (eid_t q = begin; q < end; ++q) {
      const vid_t u = L.pins(q);
      leave_[u] += w * leave_term(objective, size, count_[std::size_t(e) * k + parts[u]]);
    }
  }
}

score_t KwayGainCache::leave_of(vid_t v) const {
  score_t sum = 0;
  for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v + 1); ++i) {
    const nid_t e = L_.incident_nets(i);
    const eid_t size = L_.net_offsets(e + 1) - L_.net_offsets(e);
    if (size >= 2) sum += L_.net_weights(e) * leave_term(objective_, size, pin_count(e, parts_[v]));
  }
  return sum;
}

score_t KwayGainCache::recomputed_gain(vid_t v, part_t to) const {
  score_t join = 0;
  for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v + 1); ++i) {
    const nid_t e = L_.incident_nets(i);
    const eid_t size = L_.net_offsets(e + 1) - L_.net_offsets(e);
    if (size >= 2) join += L_.net_weights(e) * join_term(objective_, size, pin_count(e, to));
  }
  return leave_of(v) + join;
}

void KwayGainCache::update_pins(nid_t e, const PinDeltas& from, const PinDeltas& to, vid_t mover) {
  const score_t w = L_.net_weights(e);
  const vid_t* pins = L_.pins.data();
  const part_t* parts = parts_.data();
  score_t* join = join_.data();
  score_t* leave = leave_.data();
  const score_t from_join = w * from.join, to_join = w * to.join, from_leave = w * from.leave, to_leave = w * to.leave;
  for (eid_t q = L_.net_offsets(e), end = L_.net_offsets(e + 1); q < end; ++q) {
    const vid_t u = pins[q];
    join[std::size_t(u) * k_ + from.block] += from_join;
    join[std::size_t(u) * k_ + to.block] += to_join;
    if (u == mover) continue;
    const part_t p = parts[u];
    if (p == from.block) leave[u] += from_leave;
    if (p == to.block) leave[u] += to_leave;
  }
}

void KwayGainCache::move(vid_t v, part_t to) {
  if (objective_ == KwayObjective::cut) {
    move_as<KwayObjective::cut>(v, to);
  } else {
    move_as<KwayObjective::km1>(v, to);
  }
}

// move() with the objective a constant: the terms fold into a few comparisons (issue 25: the
// coarse levels' nodes have ~60 nets, each evaluating eight terms per move).
template <KwayObjective O>
void KwayGainCache::move_as(vid_t v, part_t to) {
  const part_t from = parts_[v];
  parts_[v] = to;
  const eid_t* node_offsets = L_.node_offsets.data();
  const eid_t* net_offsets = L_.net_offsets.data();
  const nid_t* incident = L_.incident_nets.data();
  const score_t* weights = L_.net_weights.data();
  std::int32_t* count = count_.data();
  score_t leave = 0;  // v's new leave, summed here rather than by a second sweep (leave_of)
  for (eid_t i = node_offsets[v], end = node_offsets[v + 1]; i < end; ++i) {
    const nid_t e = incident[i];
    const eid_t size = net_offsets[e + 1] - net_offsets[e];
    if (size < 2) continue;
    const eid_t cf = count[std::size_t(e) * k_ + from]--, ct = count[std::size_t(e) * k_ + to]++;
    const PinDeltas a{from, join_term(O, size, cf - 1) - join_term(O, size, cf),
                      leave_term(O, size, cf - 1) - leave_term(O, size, cf)};
    const PinDeltas b{to, join_term(O, size, ct + 1) - join_term(O, size, ct),
                      leave_term(O, size, ct + 1) - leave_term(O, size, ct)};
    if (a.join != 0 || a.leave != 0 || b.join != 0 || b.leave != 0) update_pins(e, a, b, v);
    leave += weights[e] * leave_term(O, size, ct + 1);
  }
  leave_[v] = leave;
}

void KwayGainCache::save() {
  saved_count_.assign(count_.begin(), count_.end());
  saved_leave_.assign(leave_.begin(), leave_.end());
  saved_join_.assign(join_.begin(), join_.end());
}

void KwayGainCache::restore() {
  std::copy(saved_count_.begin(), saved_count_.end(), count_.begin());
  std::copy(saved_leave_.begin(), saved_leave_.end(), leave_.begin());
  std::copy(saved_join_.begin(), saved_join_.end(), join_.begin());
}

}  // namespace tessera::partitioning
