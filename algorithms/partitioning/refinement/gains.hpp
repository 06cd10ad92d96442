#pragma once
// Refinement step 1 (paper 3, §VI-B; refine.hpp): pins(p, e) per net as sorted runs, block
// weights and inbound counts (step 2, the moves, is move_proposals.hpp).
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/row_sort.hpp"
#include "core/kokkos_ext/scan.hpp"

namespace tessera::partitioning::detail {

// A net's run keys, (block << 1) | destination pin, written from `out` on.
template <class MemorySpace, class Keys>
KOKKOS_INLINE_FUNCTION void write_run_keys(const RefineView<MemorySpace>& lv, const Keys& keys, const eid_t out,
                                           const nid_t e) {
  const eid_t b = lv.net_off(e), s = b + lv.nsrc(e);
  for (eid_t k = b; k < lv.net_off(e + 1); ++k)
    keys(out + k - b) = (std::int64_t(lv.parts(lv.pins(k))) << 1) | (k >= s ? 1 : 0);
}

// Net e's runs (block, pins, destination pins) and lambda from its sorted keys [kb, ke).
template <class MemorySpace, class Keys>
KOKKOS_INLINE_FUNCTION void write_runs(const RefineView<MemorySpace>& lv, const Keys& keys, const eid_t kb,
                                       const eid_t ke, const nid_t e) {
  eid_t out = lv.net_off(e) - 1;
  for (eid_t k = kb; k < ke; ++k) {
    const part_t p = static_cast<part_t>(keys(k) >> 1);
    if (k == kb || (keys(k - 1) >> 1) != (keys(k) >> 1)) {
      ++out;
      lv.rb(out) = p;
      lv.rc(out) = 0;
      lv.ri(out) = 0;
    }
    ++lv.rc(out);
    if (keys(k) & 1) ++lv.ri(out);
  }
  lv.lam(e) = static_cast<std::int32_t>(out + 1 - lv.net_off(e));
}

template <class ExecSpace>
void compute_net_runs(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                      const NetRuns<typename ExecSpace::memory_space>& r) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  auto keys = r.keys;
  Kokkos::parallel_for(
      "tessera::part::run_map", range(space, 0, lv.num_nets),
      KOKKOS_LAMBDA(const std::int64_t e) { write_run_keys(lv, keys, lv.net_off(e), static_cast<nid_t>(e)); });
  tessera::detail::sort_each_row(space, r.net_rows, lv.net_off, keys);
  Kokkos::parallel_for(
      "tessera::part::run_count", range(space, 0, lv.num_nets), KOKKOS_LAMBDA(const std::int64_t e) {
        write_runs(lv, keys, lv.net_off(e), lv.net_off(e + 1), static_cast<nid_t>(e));
      });
}

// The runs after the moves of seq_node[0, moved) were applied: only the nets of the moved nodes
// are recomputed, the others keep theirs (the 1M network's level 1 applied 17,543 moves over all
// its repetitions against 3.9 M nodes, run 28); the same runs as compute_net_runs, which it falls
// back to when more than half the nets changed.
template <class ExecSpace>
void update_net_runs(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                     const NetRuns<typename ExecSpace::memory_space>& r,
                     const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node, const std::int64_t moved) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const nid_t m = lv.num_nets;
  const auto dirty = head(r.dirty, m);  // all zero between calls (zero when allocated, cleared once listed)
  Kokkos::parallel_for(
      "tessera::part::dirty_mark", range(space, 0, moved), KOKKOS_LAMBDA(const std::int64_t s) {
        const vid_t v = seq_node(s);
        for (eid_t i = lv.node_off(v); i < lv.node_off(v + 1); ++i) dirty(lv.inc(i)) = 1;
      });
  const auto list = r.dirty_nets;
  const auto rows = r.dirty_rows;
  // The dirty nets in ascending order and their key rows.
  const std::int64_t count = tessera::detail::chunked_scan<ExecSpace, std::int64_t>(
      "tessera::part::dirty_list", space, m, KOKKOS_LAMBDA(const std::int64_t e, std::int64_t& sum, const bool final) {
        if (!dirty(e)) return;
        if (final) {
          list(sum) = static_cast<nid_t>(e);
          dirty(e) = 0;
        }
        ++sum;
      });
  if (2 * count > m) return compute_net_runs(space, lv, r);
  if (count == 0) return;
  tessera::detail::chunked_scan_no_total<ExecSpace, eid_t>(
      "tessera::part::dirty_rows", space, count + 1, KOKKOS_LAMBDA(const std::int64_t j, eid_t& sum, const bool final) {
        if (final) rows(j) = sum;
        if (j < count) sum += lv.net_off(list(j) + 1) - lv.net_off(list(j));
      });
  auto keys = r.keys;
  Kokkos::parallel_for(
      "tessera::part::dirty_keys", range(space, 0, count),
      KOKKOS_LAMBDA(const std::int64_t j) { write_run_keys(lv, keys, rows(j), list(j)); });
  tessera::detail::sort_each_row(space, head(rows, count + 1), keys);
  Kokkos::parallel_for(
      "tessera::part::dirty_runs", range(space, 0, count),
      KOKKOS_LAMBDA(const std::int64_t j) { write_runs(lv, keys, rows(j), rows(j + 1), list(j)); });
}

// Step 1 (after the runs): block weights and distinct inbound counts; the number of violated
// limits of the current partition goes to buf.violations_before (on the device: no host sync).
template <class ExecSpace>
void block_state(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv, const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const node_weight_t omega = lv.limits.max_block_weight;
  const std::int64_t delta = lv.limits.max_inbound;
  const bool check_inbound = lv.limits.check_inbound;
  auto wsum = buf.weight_sum;  // zero between calls (zero when allocated, cleared once read)
  auto isum = buf.inbound_sum;
  Kokkos::parallel_for(
      "tessera::part::bsize", range(space, 0, lv.num_nodes), KOKKOS_LAMBDA(const std::int64_t v) {
        Kokkos::atomic_add(&wsum(lv.parts(v)), static_cast<unsigned long long>(lv.vw(v)));
      });
  Kokkos::parallel_for(
      "tessera::part::binb", range(space, 0, lv.num_nets), KOKKOS_LAMBDA(const std::int64_t e) {
        for (eid_t k = lv.net_off(e); k < lv.net_off(e) + lv.lam(e); ++k)
          if (lv.ri(k) > 0) Kokkos::atomic_add(&isum(lv.rb(k)), 1ULL);
      });
  Kokkos::parallel_for(
      "tessera::part::block_sums", range(space, 0, lv.num_parts), KOKKOS_LAMBDA(const std::int64_t p) {
        lv.bsize(p) = static_cast<node_weight_t>(wsum(p));
        lv.binb(p) = static_cast<std::int64_t>(isum(p));
        wsum(p) = 0;
        isum(p) = 0;
      });
  Kokkos::parallel_reduce(
      "tessera::part::violations0", range(space, 0, lv.num_parts),
      KOKKOS_LAMBDA(const std::int64_t p, std::int64_t& c) {
        if (lv.bsize(p) > omega) ++c;
        if (check_inbound && lv.binb(p) > delta) ++c;
      },
      Kokkos::Sum<std::int64_t, typename ExecSpace::memory_space>(buf.violations_before));
}

// The level partition's cost (refine.hpp's PartitionCost). Recomputes the net runs and the block
// state.
template <class ExecSpace>
PartitionCost partition_cost(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                             const NetRuns<typename ExecSpace::memory_space>& runs,
                             const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  compute_net_runs(space, lv, runs);
  block_state(space, lv, buf);
  PartitionCost c;
  Kokkos::parallel_reduce(
      "tessera::part::cost_conn", range(space, 0, lv.num_nets),
      KOKKOS_LAMBDA(const std::int64_t e, score_t& acc) {
        if (lv.lam(e) > 1) acc += lv.nw(e) * (lv.lam(e) - 1);
      },
      c.connectivity);
  Kokkos::parallel_reduce(
      "tessera::part::cost_blocks", range(space, 0, lv.num_parts),
      KOKKOS_LAMBDA(const std::int64_t p, std::int64_t& acc) { acc += lv.bsize(p) > 0 ? 1 : 0; }, c.blocks);
  const node_weight_t omega = lv.limits.max_block_weight;
  const std::int64_t delta = lv.limits.max_inbound;
  const bool check_inbound = lv.limits.check_inbound;
  Kokkos::parallel_reduce(
      "tessera::part::cost_violations", range(space, 0, lv.num_parts),
      KOKKOS_LAMBDA(const std::int64_t p, std::int64_t& acc) {
        acc += (lv.bsize(p) > omega || (check_inbound && lv.binb(p) > delta)) ? 1 : 0;
      },
      c.violations);
  return c;
}

}  // namespace tessera::partitioning::detail
