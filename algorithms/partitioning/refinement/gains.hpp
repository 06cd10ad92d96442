#pragma once
// Refinement steps 1-2 (paper 3, §VI-B; refine.hpp): pins(p, e) per net as sorted runs, block
// weights and inbound counts, and every node's best move with its isolated gain (Eq. 13).
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>

#include "algorithms/partitioning/refinement/refine_state.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/row_sort.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/wide_teams.hpp"

namespace tessera::partitioning::detail {

template <class ExecSpace>
void compute_net_runs(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                      const NetRuns<typename ExecSpace::memory_space>& r) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  auto keys = r.keys;
  Kokkos::parallel_for(
      "tessera::part::run_map", range(space, 0, lv.num_nets), KOKKOS_LAMBDA(const std::int64_t e) {
        const eid_t s = lv.net_off(e) + lv.nsrc(e);
        for (eid_t k = lv.net_off(e); k < lv.net_off(e + 1); ++k)
          keys(k) = (std::int64_t(lv.parts(lv.pins(k))) << 1) | (k >= s ? 1 : 0);
      });
  tessera::detail::sort_each_row(space, r.net_rows, lv.net_off, keys);
  Kokkos::parallel_for(
      "tessera::part::run_count", range(space, 0, lv.num_nets), KOKKOS_LAMBDA(const std::int64_t e) {
        eid_t out = lv.net_off(e) - 1;
        for (eid_t k = lv.net_off(e); k < lv.net_off(e + 1); ++k) {
          const part_t p = static_cast<part_t>(keys(k) >> 1);
          if (k == lv.net_off(e) || (keys(k - 1) >> 1) != (keys(k) >> 1)) {
            ++out;
            lv.rb(out) = p;
            lv.rc(out) = 0;
            lv.ri(out) = 0;
          }
          ++lv.rc(out);
          if (keys(k) & 1) ++lv.ri(out);
        }
        lv.lam(e) = static_cast<std::int32_t>(out + 1 - lv.net_off(e));
      });
}

// Step 1 (after the runs): block weights and distinct inbound counts; the number of violated
// limits of the current partition goes to buf.violations_before (on the device: no host sync).
template <class ExecSpace>
void block_state(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv, const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const node_weight_t omega = lv.limits.max_block_weight;
  const std::int64_t delta = lv.limits.max_inbound;
  const bool check_inbound = lv.limits.check_inbound;
  auto wsum = buf.weight_sum;
  auto isum = buf.inbound_sum;
  Kokkos::deep_copy(space, wsum, 0);
  Kokkos::deep_copy(space, isum, 0);
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

// Step 2 (Eq. 13): every node's move to the block of largest connection,
// gain(n, p) = saving(n) - Σ_{e∋n} w(e) + conn(n, p) with conn(n, p) = Σ w(e) over the incident
// nets with a pin in p (p ≠ the node's block); ties to the larger block id; `into_room_only`:
// only blocks with room for the node. Two kernels, the same moves: a dense per-node array over
// the blocks (few blocks) or a gather and sort of (block, w(e)) pairs (many blocks).
// Dense up to this many blocks: on GPUs a team clears and scans the array (team scratch holds
// 1024 x 12 bytes), on host backends one thread does, so it pays only for few blocks there.
template <class ExecSpace>
constexpr part_t dense_gain_blocks() {
  return tessera::detail::is_gpu_space<ExecSpace>() ? 1024 : 64;
}

// One team per node (team threads over its incident nets), block connections accumulated in a
// team-scratch array of num_parts entries; the best block by two team reductions (largest gain,
// then largest block id of that gain). Integer sums and max: the same on every backend.
template <class ExecSpace>
void propose_moves_dense(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv, bool into_room_only,
                         score_t min_gain) {
  using policy = tessera::detail::LightTeamPolicy<ExecSpace>;
  using member = typename policy::member_type;
  using scratch = typename ExecSpace::scratch_memory_space;
  using conn_view = Kokkos::View<unsigned long long*, scratch, Kokkos::MemoryUnmanaged>;
  using seen_view = Kokkos::View<std::uint32_t*, scratch, Kokkos::MemoryUnmanaged>;
  const vid_t n = lv.num_nodes;
  const node_weight_t omega = lv.limits.max_block_weight;
  const bool room_only = into_room_only;
  const std::size_t bytes = conn_view::shmem_size(lv.num_parts) + seen_view::shmem_size(lv.num_parts);
  auto body = KOKKOS_LAMBDA(const member& team) {
    const vid_t v = static_cast<vid_t>(team.league_rank());
    const part_t ps = lv.parts(v);
    conn_view conn(team.team_scratch(0), lv.num_parts);
    seen_view seen(team.team_scratch(0), lv.num_parts);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 0, lv.num_parts), [&](const part_t p) {
      conn(p) = 0;
      seen(p) = 0;
    });
    team.team_barrier();
    score_t saving_minus_total = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, lv.node_off(v), lv.node_off(v + 1)),
        [&](const eid_t i, score_t& acc) {
          const nid_t e = lv.inc(i);
          const score_t w = lv.nw(e);
          acc -= w;
          for (eid_t k = lv.net_off(e); k < lv.net_off(e) + lv.lam(e); ++k) {
            const part_t p = lv.rb(k);
            if (p == ps) {
              acc += lv.leave_saving(w, lv.rc(k));
            } else {
              Kokkos::atomic_add(&conn(p), static_cast<unsigned long long>(w));
              Kokkos::atomic_add(&seen(p), std::uint32_t(1));
            }
          }
        },
        saving_minus_total);
    team.team_barrier();
    auto eligible = [&](const part_t p, score_t& g) {
      if (seen(p) == 0) return false;
      g = saving_minus_total + static_cast<score_t>(conn(p));
      if (room_only && lv.bsize(p) + lv.vw(v) > omega) return false;
      return g >= min_gain;
    };
    score_t best_gain = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, 0, lv.num_parts),
        [&](const part_t p, score_t& b) {
          score_t g = 0;
          if (eligible(p, g) && g > b) b = g;
        },
        Kokkos::Max<score_t>(best_gain));
    part_t best = invalid_part;
    if (best_gain != Kokkos::reduction_identity<score_t>::max()) {
      Kokkos::parallel_reduce(
          Kokkos::TeamThreadRange(team, 0, lv.num_parts),
          [&](const part_t p, part_t& b) {
            score_t g = 0;
            if (eligible(p, g) && g == best_gain && p > b) b = p;
          },
          Kokkos::Max<part_t>(best));
    }
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      const bool found = best_gain != Kokkos::reduction_identity<score_t>::max();
      lv.move_to(v) = found ? best : invalid_part;
      lv.move_gain(v) = found ? best_gain : 0;
    });
  };
  if (n == 0) return;
  int team_size = 1;
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) {
    // Threads cover the incident nets and then the blocks: size the team for the larger of the two.
    const double mean_degree = double(lv.num_pins) / double(n);
    const double work = std::max(mean_degree, double(lv.num_parts) / 4);
    team_size = tessera::detail::wide_team_size(n, work);  // wider for few nodes of many nets
    while (team_size > 4 && team_size / 2 >= work) team_size /= 2;
    team_size = std::min(team_size, policy(space, 1, 1).set_scratch_size(0, Kokkos::PerTeam(bytes))
                                        .team_size_max(body, Kokkos::ParallelForTag()));
  }
  Kokkos::parallel_for("tessera::part::gains_dense",
                       policy(space, n, team_size).set_scratch_size(0, Kokkos::PerTeam(bytes)), body);
}

// Gather (block, w(e)) of the other blocks of every incident net, sort each node's row, and pick
// the block of largest connection.
template <class ExecSpace>
void propose_moves_gathered(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv, RefineBuffers<typename ExecSpace::memory_space>& buf,
                            bool into_room_only, score_t min_gain) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const vid_t n = lv.num_nodes;
  const node_weight_t omega = lv.limits.max_block_weight;
  const bool second_half = into_room_only;
  const auto gather_off = head(buf.gather_off, std::int64_t(n) + 1);
  const eid_t gather_total = tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::part::gather_scan", space, n + 1, KOKKOS_LAMBDA(const std::int64_t v, eid_t& sum, const bool final) {
        if (final) gather_off(v) = sum;
        if (v == n) return;
        for (eid_t i = lv.node_off(v); i < lv.node_off(v + 1); ++i) sum += lv.lam(lv.inc(i));
      });
  grow(buf.gblock, gather_total);
  grow(buf.gweight, gather_total);
  const auto gblock = head(buf.gblock, gather_total);
  const auto gweight = head(buf.gweight, gather_total);
  auto saving_minus_total = buf.saving_minus_total;
  Kokkos::parallel_for(
      "tessera::part::gains_gather", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        const part_t ps = lv.parts(v);
        eid_t pos = gather_off(v);
        score_t saving = 0, total = 0;
        for (eid_t i = lv.node_off(v); i < lv.node_off(v + 1); ++i) {
          const nid_t e = lv.inc(i);
          const score_t w = lv.nw(e);
          total += w;
          for (eid_t k = lv.net_off(e); k < lv.net_off(e) + lv.lam(e); ++k) {
            if (lv.rb(k) == ps) {
              saving += lv.leave_saving(w, lv.rc(k));
              gblock(pos) = lv.num_parts;  // own block: sorts last, ignored
            } else {
              gblock(pos) = lv.rb(k);
            }
            gweight(pos) = w;
            ++pos;
          }
        }
        saving_minus_total(v) = saving - total;
      });
  tessera::detail::sort_each_row(space, gather_off, gblock, gweight);
  Kokkos::parallel_for(
      "tessera::part::gains_pick", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        part_t best = invalid_part;
        score_t best_gain = 0;
        const eid_t b = gather_off(v), e = gather_off(v + 1);
        eid_t i = b;
        while (i < e && gblock(i) != lv.num_parts) {
          const std::int64_t p = gblock(i);
          score_t conn = 0;
          for (; i < e && gblock(i) == p; ++i) conn += gweight(i);
          const score_t g = saving_minus_total(v) + conn;
          if (second_half && lv.bsize(p) + lv.vw(v) > omega) continue;
          if (g < min_gain) continue;
          if (best == invalid_part || g > best_gain || (g == best_gain && p > best)) {
            best = static_cast<part_t>(p);
            best_gain = g;
          }
        }
        lv.move_to(v) = best;
        lv.move_gain(v) = best_gain;
      });
}

template <class ExecSpace>
void propose_moves(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv, RefineBuffers<typename ExecSpace::memory_space>& buf, bool into_room_only,
                   score_t min_gain) {
  if (lv.num_parts <= dense_gain_blocks<ExecSpace>())
    propose_moves_dense(space, lv, into_room_only, min_gain);
  else
    propose_moves_gathered(space, lv, buf, into_room_only, min_gain);
}

}  // namespace tessera::partitioning::detail
