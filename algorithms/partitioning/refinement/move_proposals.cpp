// Move proposals (move_proposals.hpp): the dense kernel, the gathered kernel in batches, and the
// choice between them.
#include "algorithms/partitioning/refinement/move_proposals.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <utility>

#include "algorithms/partitioning/common/row_batches.hpp"
#include "core/kokkos_ext/device_memory.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/row_sort.hpp"
#include "core/kokkos_ext/scan.hpp"
#include "core/kokkos_ext/wide_teams.hpp"

namespace tessera::partitioning::detail {
namespace {

// Dense whatever the level up to this many blocks on host backends, where one thread clears and
// scans the array, so that it pays only for few blocks. On GPUs a team clears and scans it in
// shared memory (level-0 scratch, 12 bytes a block: about 3,400 blocks in Kokkos 3.4's 40 KiB),
// far cheaper than writing and sorting the gathered pairs in device memory: dense wherever the
// array fits there. Above that (level-1 scratch in device memory, or host backends), dense only
// where clearing P entries per node costs less than sorting the node's gathered pairs: n P <= Σ λ.
template <class ExecSpace>
constexpr part_t dense_gain_blocks() {
  return tessera::detail::is_gpu_space<ExecSpace>() ? 1024 : 64;
}
// The dense kernel's team scratch: per block, the connection and how many of the node's nets
// reach the block.
template <class ExecSpace>
using DenseConn = Kokkos::View<unsigned long long*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
template <class ExecSpace>
using DenseSeen = Kokkos::View<std::uint32_t*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
template <class ExecSpace>
std::size_t dense_scratch_bytes(part_t num_parts) {
  return DenseConn<ExecSpace>::shmem_size(num_parts) + DenseSeen<ExecSpace>::shmem_size(num_parts);
}
// Whether the dense kernel's array fits the team scratch of `level`.
template <class ExecSpace>
bool dense_fits_scratch(const ExecSpace& space, part_t num_parts, int level) {
  using policy = tessera::detail::LightTeamPolicy<ExecSpace>;
  return dense_scratch_bytes<ExecSpace>(num_parts) <=
         static_cast<std::size_t>(policy(space, 1, 1).scratch_size_max(level));
}
// Gathered pairs: a block id and a weight (8 + 8 bytes), sorted in place, within a quarter of the
// free device memory and 2^28 pairs (4 GiB: a batch that size keeps a GPU busy for milliseconds,
// and larger ones only raise the peak; the 1M network's finest level asked for 32 GB, run 28);
// never fewer than 2^12 a batch.
constexpr std::int64_t k_gathered_bytes_per_pair = 16;
constexpr std::int64_t k_gathered_memory_fraction = 4;
constexpr eid_t k_min_batch_pairs = eid_t(1) << 12;
constexpr eid_t k_max_batch_pairs = eid_t(1) << 28;

// One team per node (team threads over its incident nets), block connections accumulated in a
// team-scratch array of num_parts entries (level 0 scratch when it fits, else level 1); the best
// block by two team reductions (largest gain, then largest block id of that gain).
template <class ExecSpace>
void propose_dense(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv, bool into_room_only,
                   score_t min_gain) {
  using policy = tessera::detail::LightTeamPolicy<ExecSpace>;
  using member = typename policy::member_type;
  using conn_view = DenseConn<ExecSpace>;
  using seen_view = DenseSeen<ExecSpace>;
  const vid_t n = lv.num_nodes;
  if (n == 0) return;
  const node_weight_t omega = lv.limits.max_block_weight;
  const bool room_only = into_room_only;
  const std::size_t bytes = dense_scratch_bytes<ExecSpace>(lv.num_parts);
  const int level = dense_fits_scratch(space, lv.num_parts, 0) ? 0 : 1;
  auto body = KOKKOS_LAMBDA(const member& team) {
    const vid_t v = static_cast<vid_t>(team.league_rank());
    const part_t ps = lv.parts(v);
    conn_view conn(team.team_scratch(level), lv.num_parts);
    seen_view seen(team.team_scratch(level), lv.num_parts);
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
  int team_size = 1;
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) {
    // Threads cover the incident nets and then the blocks: size the team for the larger of the two.
    const double mean_degree = double(lv.num_pins) / double(n);
    const double work = std::max(mean_degree, double(lv.num_parts) / 4);
    team_size = tessera::detail::wide_team_size(n, work);  // wider for few nodes of many nets
    while (team_size > 4 && team_size / 2 >= work) team_size /= 2;
    team_size = std::min(team_size, policy(space, 1, 1).set_scratch_size(level, Kokkos::PerTeam(bytes))
                                        .team_size_max(body, Kokkos::ParallelForTag()));
  }
  Kokkos::parallel_for("tessera::part::gains_dense",
                       policy(space, n, team_size).set_scratch_size(level, Kokkos::PerTeam(bytes)), body);
}

// Every node's gathered pairs: gather_off(v) = Σ λ(e) over the nets before v's; returns Σ λ.
template <class ExecSpace>
eid_t gather_offsets(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                     RefineBuffers<typename ExecSpace::memory_space>& buf) {
  const vid_t n = lv.num_nodes;
  const auto gather_off = head(buf.gather_off, std::int64_t(n) + 1);
  return tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::part::gather_scan", space, n + 1, KOKKOS_LAMBDA(const std::int64_t v, eid_t& sum, const bool final) {
        if (final) gather_off(v) = sum;
        if (v == n) return;
        for (eid_t i = lv.node_off(v); i < lv.node_off(v + 1); ++i) sum += lv.lam(lv.inc(i));
      });
}

// Nodes [first, first + rows) of one batch: gather (block, w(e)) of the other blocks of every
// incident net at row_off(v - first), sort each node's row, and pick the block of largest
// connection.
template <class ExecSpace>
void propose_gathered_batch(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                            RefineBuffers<typename ExecSpace::memory_space>& buf,
                            const Kokkos::View<eid_t*, typename ExecSpace::memory_space>& row_off, vid_t first,
                            vid_t rows, eid_t pairs, bool into_room_only, score_t min_gain) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const node_weight_t omega = lv.limits.max_block_weight;
  const bool room_only = into_room_only;
  const auto gblock = head(buf.gblock, pairs);
  const auto gweight = head(buf.gweight, pairs);
  auto saving_minus_total = buf.saving_minus_total;
  Kokkos::parallel_for(
      "tessera::part::gains_gather", range(space, first, first + rows), KOKKOS_LAMBDA(const std::int64_t v) {
        const part_t ps = lv.parts(v);
        eid_t pos = row_off(v - first);
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
  tessera::detail::sort_each_row(space, row_off, gblock, gweight);
  Kokkos::parallel_for(
      "tessera::part::gains_pick", range(space, first, first + rows), KOKKOS_LAMBDA(const std::int64_t v) {
        part_t best = invalid_part;
        score_t best_gain = 0;
        const eid_t b = row_off(v - first), e = row_off(v - first + 1);
        eid_t i = b;
        while (i < e && gblock(i) != lv.num_parts) {
          const std::int64_t p = gblock(i);
          score_t conn = 0;
          for (; i < e && gblock(i) == p; ++i) conn += gweight(i);
          const score_t g = saving_minus_total(v) + conn;
          if (room_only && lv.bsize(p) + lv.vw(v) > omega) continue;
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

// The gathered kernel over batches of consecutive nodes (one batch: gather_off itself).
template <class ExecSpace>
void propose_gathered(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                      RefineBuffers<typename ExecSpace::memory_space>& buf, eid_t total, eid_t max_batch_pairs,
                      bool into_room_only, score_t min_gain) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const vid_t n = lv.num_nodes;
  BatchLimits limits;
  limits.max_entries = max_batch_pairs;
  const RowBatches batches = plan_row_batches(buf.gather_off, n, total, limits);
  grow(buf.gblock, batches.max_entries);
  grow(buf.gweight, batches.max_entries);
  const auto gather_off = buf.gather_off;
  if (batches.count() == 1) {
    propose_gathered_batch(space, lv, buf, head(gather_off, std::int64_t(n) + 1), 0, n, total, into_room_only,
                           min_gain);
    return;
  }
  const Kokkos::View<eid_t*, mem> batch_off(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::gather_batch_off"),
                                            std::int64_t(batches.max_rows) + 1);
  for (std::size_t b = 0; b < batches.count(); ++b) {
    const vid_t first = batches.rows[b], rows = batches.rows[b + 1] - first;
    const eid_t base = batches.entries[b];
    Kokkos::parallel_for(
        "tessera::part::gather_batch_off", range(space, 0, std::int64_t(rows) + 1),
        KOKKOS_LAMBDA(const std::int64_t i) { batch_off(i) = gather_off(first + i) - base; });
    propose_gathered_batch(space, lv, buf, head(batch_off, std::int64_t(rows) + 1), first, rows,
                           batches.entries[b + 1] - base, into_room_only, min_gain);
  }
}

// A quarter of the free device memory, plus what the pair buffers already hold, at most
// k_max_batch_pairs.
template <class MemorySpace>
eid_t batch_pairs_from_memory(const RefineBuffers<MemorySpace>& buf) {
  const auto free_pairs = static_cast<eid_t>(tessera::kokkos_ext::available_device_memory_bytes() /
                                             k_gathered_memory_fraction / k_gathered_bytes_per_pair);
  const eid_t held = static_cast<eid_t>(buf.gblock.extent(0));
  return std::clamp(held + free_pairs, k_min_batch_pairs, std::max(k_max_batch_pairs, held));
}


}  // namespace

template <class ExecSpace>
void propose_moves(const ExecSpace& space, const RefineView<typename ExecSpace::memory_space>& lv,
                   RefineBuffers<typename ExecSpace::memory_space>& buf, bool into_room_only, score_t min_gain,
                   const ProposalChoice& choice) {
  ProposalKernel kernel = choice.kernel;
  const bool automatic = kernel == ProposalKernel::automatic;
  if (automatic && (lv.num_parts <= dense_gain_blocks<ExecSpace>() ||
                    (tessera::detail::is_gpu_space<ExecSpace>() && dense_fits_scratch(space, lv.num_parts, 0))))
    kernel = ProposalKernel::dense;
  if (kernel == ProposalKernel::dense) return propose_dense(space, lv, into_room_only, min_gain);
  const eid_t total = gather_offsets(space, lv, buf);
  if (automatic && dense_fits_scratch(space, lv.num_parts, 1) && double(lv.num_nodes) * lv.num_parts <= double(total))
    return propose_dense(space, lv, into_room_only, min_gain);
  const eid_t max_pairs = choice.max_batch_pairs > 0 ? choice.max_batch_pairs : batch_pairs_from_memory(buf);
  propose_gathered(space, lv, buf, total, max_pairs, into_room_only, min_gain);
}

#define TESSERA_INST(Space)                                                                                     \
  template void propose_moves<Space>(const Space&, const RefineView<Space::memory_space>&,                    \
                                     RefineBuffers<Space::memory_space>&, bool, score_t, const ProposalChoice&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::partitioning::detail
