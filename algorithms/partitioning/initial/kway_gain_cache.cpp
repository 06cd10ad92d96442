#include "algorithms/partitioning/initial/kway_gain_cache.hpp"

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
  if (from.join == 0 && from.leave == 0 && to.join == 0 && to.leave == 0) return;
  const score_t w = L_.net_weights(e);
  const vid_t* pins = L_.pins.data();
  score_t* join = join_.data();
  for (eid_t q = L_.net_offsets(e), end = L_.net_offsets(e + 1); q < end; ++q) {
    const vid_t u = pins[q];
    join[std::size_t(u) * k_ + from.block] += w * from.join;
    join[std::size_t(u) * k_ + to.block] += w * to.join;
    if (u == mover) continue;
    const part_t p = parts_[u];
    if (p == from.block) leave_[u] += w * from.leave;
    if (p == to.block) leave_[u] += w * to.leave;
  }
}

void KwayGainCache::move(vid_t v, part_t to) {
  const part_t from = parts_[v];
  parts_[v] = to;
  score_t leave = 0;  // v's new leave, summed here rather than by a second sweep (leave_of)
  for (eid_t i = L_.node_offsets(v); i < L_.node_offsets(v + 1); ++i) {
    const nid_t e = L_.incident_nets(i);
    const eid_t size = L_.net_offsets(e + 1) - L_.net_offsets(e);
    if (size < 2) continue;
    const eid_t cf = count_[std::size_t(e) * k_ + from]--, ct = count_[std::size_t(e) * k_ + to]++;
    update_pins(e,
                {from, join_term(objective_, size, cf - 1) - join_term(objective_, size, cf),
                 leave_term(objective_, size, cf - 1) - leave_term(objective_, size, cf)},
                {to, join_term(objective_, size, ct + 1) - join_term(objective_, size, ct),
                 leave_term(objective_, size, ct + 1) - leave_term(objective_, size, ct)},
                v);
    leave += L_.net_weights(e) * leave_term(objective_, size, ct + 1);
  }
  leave_[v] = leave;
}

}  // namespace tessera::partitioning
