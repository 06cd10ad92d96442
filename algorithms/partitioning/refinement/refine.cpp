// Implementation of refine() (see refine.hpp for the algorithm and the paper sections),
// instantiated for every execution space here only.
#include "algorithms/partitioning/refinement/refine.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "algorithms/partitioning/multilevel/row_sort.hpp"
#include "core/error.hpp"
#include "algorithms/partitioning/multilevel/scan_utils.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/instantiate.hpp"
#include "core/kokkos_ext/launch.hpp"
#include "core/kokkos_ext/sort.hpp"
#include "core/kokkos_ext/sort_with.hpp"

namespace tessera::partitioning {

namespace detail {

struct MoveRecord {
  part_t from;
  score_t gain;
  vid_t node;
};
struct MoveOrder {  // (source block, -gain, node)
  KOKKOS_INLINE_FUNCTION bool operator()(const MoveRecord& a, const MoveRecord& b) const {
    if (a.from != b.from) return a.from < b.from;
    if (a.gain != b.gain) return a.gain > b.gain;
    return a.node < b.node;
  }
};
struct ChainRecord {
  score_t total;
  std::int32_t head;
  std::int32_t pos;
  std::int32_t move;
};
struct ChainOrder {  // (-chain gain, chain head, position in chain)
  KOKKOS_INLINE_FUNCTION bool operator()(const ChainRecord& a, const ChainRecord& b) const {
    if (a.total != b.total) return a.total > b.total;
    if (a.head != b.head) return a.head < b.head;
    return a.pos < b.pos;
  }
};
struct KeyLess {
  KOKKOS_INLINE_FUNCTION bool operator()(const std::int64_t a, const std::int64_t b) const { return a < b; }
};

// The first len entries of a buffer allocated once per refine() call: a view of it, no allocation
// (device allocations and frees synchronise, and a repetition used to make dozens of them).
template <class T, class MemorySpace>
Kokkos::View<T*, MemorySpace> head(const Kokkos::View<T*, MemorySpace>& buffer, std::int64_t len) {
  return Kokkos::subview(buffer, std::make_pair(std::int64_t(0), len));
}

// Reallocates `buffer` (contents dropped) when it holds fewer than len entries: buffers sized by
// a count known only per repetition grow to the largest count seen and are then reused.
template <class T, class MemorySpace>
void grow(Kokkos::View<T*, MemorySpace>& buffer, std::int64_t len) {
  if (static_cast<std::int64_t>(buffer.extent(0)) < len)
    buffer = Kokkos::View<T*, MemorySpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, buffer.label()), len);
}

// Index of the first key >= x in sorted keys[lo, hi).
template <class View>
KOKKOS_INLINE_FUNCTION std::int64_t lower_bound(const View& keys, std::int64_t lo, std::int64_t hi, std::int64_t x) {
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (keys(mid) < x) lo = mid + 1; else hi = mid;
  }
  return lo;
}



// Runs of blocks of every net: for net e, runs [net_off(e), net_off(e) + lambda(e)) hold
// (block, pins(block, e), pins_in(block, e)) sorted by block.
// Allocated once per run for the finest level's pins and nets (coarser levels use a prefix).
template <class MemorySpace>
struct NetRuns {
  Kokkos::View<part_t*, MemorySpace> block;
  Kokkos::View<std::int32_t*, MemorySpace> count;
  Kokkos::View<std::int32_t*, MemorySpace> in;
  Kokkos::View<std::int32_t*, MemorySpace> lambda;
  Kokkos::View<std::int64_t*, MemorySpace> keys;
  tessera::detail::RowSortPlan<MemorySpace> net_rows;  // row classes of the refined level's nets

  explicit NetRuns(const Level<MemorySpace>& finest)
      : block(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::run_block"), finest.num_pins()),
        count(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::run_count"), finest.num_pins()),
        in(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::run_in"), finest.num_pins()),
        lambda(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::lambda"), finest.num_nets),
        keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::run_keys"), finest.num_pins()) {}
};

// grade = gain - 1e-6 |dsize| - 1e-7 |din| = gain - 1e-7 penalty (penalty = 10 |dsize| + |din|,
// gains in fixed-point units), compared exactly in integers: a floating-point grade could round
// differently on two backends (FMA contraction) and break determinism. Returns grade_a > grade_b.
KOKKOS_INLINE_FUNCTION bool grade_greater(score_t gain_a, std::int64_t penalty_a, score_t gain_b, std::int64_t penalty_b) {
  const score_t dg = gain_a - gain_b;          // grade_a > grade_b  <=>  dg * 10^7 > penalty_a - penalty_b
  const std::int64_t dp = penalty_a - penalty_b;  // |dp| < 2^36 (penalties are clamped below)
  constexpr score_t big = score_t(1) << 36;    // beyond this, dg * 10^7 dominates any dp
  if (dg >= big) return true;
  if (dg <= -big) return false;
  return dg * 10000000 > dp;
}

template <class Runs>
KOKKOS_INLINE_FUNCTION eid_t find_run(const Runs& block, eid_t b, eid_t e, part_t p) {
  const eid_t end = e;
  while (b < e) {
    const eid_t mid = b + (e - b) / 2;
    if (block(mid) < p) b = mid + 1; else e = mid;
  }
  return (b < end && block(b) == p) ? b : -1;
}

template <class ExecSpace>
void compute_net_runs(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                      const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts,
                      const NetRuns<typename ExecSpace::memory_space>& r) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  auto keys = r.keys;
  auto net_off = L.net_offsets;
  auto pins = L.pins;
  auto nsrc = L.net_num_sources;
  Kokkos::parallel_for(
      "tessera::part::run_map", range(space, 0, L.num_nets), KOKKOS_LAMBDA(const std::int64_t e) {
        const eid_t s = net_off(e) + nsrc(e);
        for (eid_t k = net_off(e); k < net_off(e + 1); ++k)
          keys(k) = (std::int64_t(parts(pins(k))) << 1) | (k >= s ? 1 : 0);
      });
  detail::sort_rows(space, r.net_rows, net_off, keys);
  auto rb = r.block;
  auto rc = r.count;
  auto ri = r.in;
  auto lam = r.lambda;
  Kokkos::parallel_for(
      "tessera::part::run_count", range(space, 0, L.num_nets), KOKKOS_LAMBDA(const std::int64_t e) {
        eid_t out = net_off(e) - 1;
        for (eid_t k = net_off(e); k < net_off(e + 1); ++k) {
          const part_t p = static_cast<part_t>(keys(k) >> 1);
          if (k == net_off(e) || (keys(k - 1) >> 1) != (keys(k) >> 1)) {
            ++out;
            rb(out) = p;
            rc(out) = 0;
            ri(out) = 0;
          }
          ++rc(out);
          if (keys(k) & 1) ++ri(out);
        }
        lam(e) = static_cast<std::int32_t>(out + 1 - net_off(e));
      });
}

// ---- The steps of one repetition (refine.hpp lists them), each a function of its inputs. ----

// Buffers every repetition of one refine() call reuses.
template <class MemorySpace>
struct RefineBuffers {
  Kokkos::View<node_weight_t*, MemorySpace> block_weight;  // w(p)
  Kokkos::View<std::int64_t*, MemorySpace> block_inbound;  // distinct inbound nets of p
  // Accumulators for the two above: contended adds on few addresses, and CUDA has a native
  // 64-bit atomicAdd for unsigned long long only (signed 64-bit adds become compare-and-swap loops).
  Kokkos::View<unsigned long long*, MemorySpace> weight_sum, inbound_sum;
  Kokkos::View<part_t*, MemorySpace> move_to;              // proposed destination (invalid_part: none)
  Kokkos::View<score_t*, MemorySpace> move_gain;           // in-isolation gain (Eq. 13)
  Kokkos::View<std::int32_t*, MemorySpace> seqpos;         // position in the sequence, -1 when not moving
  Kokkos::View<eid_t*, MemorySpace> gather_off;            // per node: its (block, w(e)) gather rows
  // Device scalars read back together once per repetition (best_valid_prefix): the violated
  // limits before the moves, the best valid prefix's gain and last move.
  Kokkos::View<std::int64_t, MemorySpace> violations_before, best_gain, best_last;
  Kokkos::View<std::int64_t[3], MemorySpace> summary;
  // Scratch of the steps, allocated here once: per move (at most one per node, used through
  // head(buffer, M)), per block, and grown on demand (gathered gains, inbound events).
  Kokkos::View<std::int32_t*, MemorySpace> move_index, bucket, succ, pred, choice, nxt, nxt2, low, low2;
  Kokkos::View<std::uint64_t*, MemorySpace> claim;
  Kokkos::View<std::int32_t, MemorySpace> linked;
  Kokkos::View<MoveRecord*, MemorySpace> moves;
  Kokkos::View<ChainRecord*, MemorySpace> seq;
  Kokkos::View<score_t*, MemorySpace> chain_total, seq_gain, cum, saving_minus_total;
  Kokkos::View<vid_t*, MemorySpace> seq_node;
  Kokkos::View<std::int64_t*, MemorySpace> viol, vcount, size_ev, size_run;
  Kokkos::View<std::int64_t*, MemorySpace> gblock;
  Kokkos::View<score_t*, MemorySpace> gweight;
  Kokkos::View<eid_t*, MemorySpace> in_ev_off;  // 2 net_off: two event slots per pin
  Kokkos::View<std::int64_t*, MemorySpace> in_ev, in_tr, in_run;
  tessera::detail::RowSortPlan<MemorySpace> in_ev_rows;  // of the refined level

  // event_pins: the pins the inbound events are laid out for (0 without a Delta limit).
  RefineBuffers(vid_t n, nid_t m, eid_t event_pins, part_t num_parts)
      : block_weight("tessera::part::bsize", num_parts),
        block_inbound("tessera::part::binb", num_parts),
        weight_sum("tessera::part::bsize_sum", num_parts),
        inbound_sum("tessera::part::binb_sum", num_parts),
        move_to(uninitialized<part_t>("tessera::part::move_to", n)),
        move_gain(uninitialized<score_t>("tessera::part::move_gain", n)),
        seqpos(uninitialized<std::int32_t>("tessera::part::seqpos", n)),
        gather_off(uninitialized<eid_t>("tessera::part::gather_off", n + 1)),
        violations_before("tessera::part::violations_before"),
        best_gain("tessera::part::best_gain"),
        best_last("tessera::part::best_last"),
        summary("tessera::part::refine_summary"),
        move_index(uninitialized<std::int32_t>("tessera::part::move_index", n)),
        bucket(uninitialized<std::int32_t>("tessera::part::bucket", num_parts + 1)),
        succ(uninitialized<std::int32_t>("tessera::part::succ", n)),
        pred(uninitialized<std::int32_t>("tessera::part::pred", n)),
        choice(uninitialized<std::int32_t>("tessera::part::choice", n)),
        nxt(uninitialized<std::int32_t>("tessera::part::nxt", n)),
        nxt2(uninitialized<std::int32_t>("tessera::part::nxt2", n)),
        low(uninitialized<std::int32_t>("tessera::part::low", n)),
        low2(uninitialized<std::int32_t>("tessera::part::low2", n)),
        claim(uninitialized<std::uint64_t>("tessera::part::claim", n)),
        linked("tessera::part::linked"),
        moves(uninitialized<MoveRecord>("tessera::part::moves", n)),
        seq(uninitialized<ChainRecord>("tessera::part::seq", n)),
        chain_total(uninitialized<score_t>("tessera::part::chain_total", n)),
        seq_gain(uninitialized<score_t>("tessera::part::seq_gain", n)),
        cum(uninitialized<score_t>("tessera::part::cum", n)),
        saving_minus_total(uninitialized<score_t>("tessera::part::saving", n)),
        seq_node(uninitialized<vid_t>("tessera::part::seq_node", n)),
        viol(uninitialized<std::int64_t>("tessera::part::viol", n)),
        vcount(uninitialized<std::int64_t>("tessera::part::vcount", n)),
        size_ev(uninitialized<std::int64_t>("tessera::part::size_ev", 2 * std::int64_t(n))),
        size_run(uninitialized<std::int64_t>("tessera::part::size_run", 2 * std::int64_t(n))),
        gblock(uninitialized<std::int64_t>("tessera::part::gblock", 0)),
        gweight(uninitialized<score_t>("tessera::part::gweight", 0)),
        in_ev_off(uninitialized<eid_t>("tessera::part::in_ev_off", std::int64_t(m) + 1)),
        in_ev(uninitialized<std::int64_t>("tessera::part::in_ev", 2 * event_pins)),
        in_tr(uninitialized<std::int64_t>("tessera::part::in_tr", 2 * event_pins)),
        in_run(uninitialized<std::int64_t>("tessera::part::in_run", 2 * event_pins)) {}

  template <class T>
  static Kokkos::View<T*, MemorySpace> uninitialized(const char* label, std::int64_t len) {
    return Kokkos::View<T*, MemorySpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), len);
  }
};

// Step 1 (after the runs): block weights and distinct inbound counts; the number of violated
// limits of the current partition goes to buf.violations_before (on the device: no host sync).
template <class ExecSpace>
void block_state(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                         const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                         const NetRuns<typename ExecSpace::memory_space>& runs,
                         const RefineBuffers<typename ExecSpace::memory_space>& buf, const PartitionLimits& limits) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const node_weight_t omega = limits.max_block_weight;
  const std::int64_t delta = limits.max_inbound;
  const bool check_inbound = limits.check_inbound;
  auto net_off = L.net_offsets;
  auto vw = L.node_weights;
  auto rb = runs.block;
  auto ri = runs.in;
  auto lam = runs.lambda;
  auto bsize = buf.block_weight;
  auto binb = buf.block_inbound;
  auto wsum = buf.weight_sum;
  auto isum = buf.inbound_sum;
  Kokkos::deep_copy(space, wsum, 0);
  Kokkos::deep_copy(space, isum, 0);
  Kokkos::parallel_for(
      "tessera::part::bsize", range(space, 0, L.num_nodes), KOKKOS_LAMBDA(const std::int64_t v) {
        Kokkos::atomic_add(&wsum(parts(v)), static_cast<unsigned long long>(vw(v)));
      });
  Kokkos::parallel_for(
      "tessera::part::binb", range(space, 0, L.num_nets), KOKKOS_LAMBDA(const std::int64_t e) {
        for (eid_t k = net_off(e); k < net_off(e) + lam(e); ++k)
          if (ri(k) > 0) Kokkos::atomic_add(&isum(rb(k)), 1ULL);
      });
  Kokkos::parallel_for(
      "tessera::part::block_sums", range(space, 0, num_parts), KOKKOS_LAMBDA(const std::int64_t p) {
        bsize(p) = static_cast<node_weight_t>(wsum(p));
        binb(p) = static_cast<std::int64_t>(isum(p));
      });
  Kokkos::parallel_reduce(
      "tessera::part::violations0", range(space, 0, num_parts),
      KOKKOS_LAMBDA(const std::int64_t p, std::int64_t& c) {
        if (bsize(p) > omega) ++c;
        if (check_inbound && binb(p) > delta) ++c;
      },
      Kokkos::Sum<std::int64_t, typename ExecSpace::memory_space>(buf.violations_before));
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
void propose_moves_dense(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                         const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                         const NetRuns<typename ExecSpace::memory_space>& runs,
                         const RefineBuffers<typename ExecSpace::memory_space>& buf, const PartitionLimits& limits,
                         bool into_room_only, score_t min_gain) {
  using policy = tessera::detail::LightTeamPolicy<ExecSpace>;
  using member = typename policy::member_type;
  using scratch = typename ExecSpace::scratch_memory_space;
  using conn_view = Kokkos::View<unsigned long long*, scratch, Kokkos::MemoryUnmanaged>;
  using seen_view = Kokkos::View<std::uint32_t*, scratch, Kokkos::MemoryUnmanaged>;
  const vid_t n = L.num_nodes;
  const node_weight_t omega = limits.max_block_weight;
  const bool room_only = into_room_only;
  auto net_off = L.net_offsets;
  auto nw = L.net_weights;
  auto node_off = L.node_offsets;
  auto inc = L.incident_nets;
  auto vw = L.node_weights;
  auto rb = runs.block;
  auto rc = runs.count;
  auto lam = runs.lambda;
  auto bsize = buf.block_weight;
  auto move_to = buf.move_to;
  auto move_gain = buf.move_gain;
  const std::size_t bytes = conn_view::shmem_size(num_parts) + seen_view::shmem_size(num_parts);
  auto body = KOKKOS_LAMBDA(const member& team) {
    const vid_t v = static_cast<vid_t>(team.league_rank());
    const part_t ps = parts(v);
    conn_view conn(team.team_scratch(0), num_parts);
    seen_view seen(team.team_scratch(0), num_parts);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, 0, num_parts), [&](const part_t p) {
      conn(p) = 0;
      seen(p) = 0;
    });
    team.team_barrier();
    score_t saving_minus_total = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, node_off(v), node_off(v + 1)),
        [&](const eid_t i, score_t& acc) {
          const nid_t e = inc(i);
          const score_t w = nw(e);
          acc -= w;
          for (eid_t k = net_off(e); k < net_off(e) + lam(e); ++k) {
            const part_t p = rb(k);
            if (p == ps) {
              if (rc(k) == 1) acc += w;
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
      if (room_only && bsize(p) + vw(v) > omega) return false;
      return g >= min_gain;
    };
    score_t best_gain = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, 0, num_parts),
        [&](const part_t p, score_t& b) {
          score_t g = 0;
          if (eligible(p, g) && g > b) b = g;
        },
        Kokkos::Max<score_t>(best_gain));
    part_t best = invalid_part;
    if (best_gain != Kokkos::reduction_identity<score_t>::max()) {
      Kokkos::parallel_reduce(
          Kokkos::TeamThreadRange(team, 0, num_parts),
          [&](const part_t p, part_t& b) {
            score_t g = 0;
            if (eligible(p, g) && g == best_gain && p > b) b = p;
          },
          Kokkos::Max<part_t>(best));
    }
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      const bool found = best_gain != Kokkos::reduction_identity<score_t>::max();
      move_to(v) = found ? best : invalid_part;
      move_gain(v) = found ? best_gain : 0;
    });
  };
  if (n == 0) return;
  int team_size = 1;
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) {
    // Threads cover the incident nets and then the blocks: size the team for the larger of the two.
    const double mean_degree = double(L.num_pins()) / double(n);
    const double work = std::max(mean_degree, double(num_parts) / 4);
    team_size = 32;
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
void propose_moves_gathered(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                            const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                            const NetRuns<typename ExecSpace::memory_space>& runs,
                            RefineBuffers<typename ExecSpace::memory_space>& buf, const PartitionLimits& limits,
                            bool into_room_only, score_t min_gain) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const vid_t n = L.num_nodes;
  const node_weight_t omega = limits.max_block_weight;
  const bool second_half = into_room_only;
  auto net_off = L.net_offsets;
  auto nw = L.net_weights;
  auto node_off = L.node_offsets;
  auto inc = L.incident_nets;
  auto vw = L.node_weights;
  auto rb = runs.block;
  auto rc = runs.count;
  auto lam = runs.lambda;
  auto bsize = buf.block_weight;
  const auto gather_off = head(buf.gather_off, std::int64_t(n) + 1);
  auto move_to = buf.move_to;
  auto move_gain = buf.move_gain;
  const eid_t gather_total = tessera::detail::chunked_scan<ExecSpace, eid_t>(
      "tessera::part::gather_scan", space, n + 1, KOKKOS_LAMBDA(const std::int64_t v, eid_t& sum, const bool final) {
        if (final) gather_off(v) = sum;
        if (v == n) return;
        for (eid_t i = node_off(v); i < node_off(v + 1); ++i) sum += lam(inc(i));
      });
  grow(buf.gblock, gather_total);
  grow(buf.gweight, gather_total);
  const auto gblock = head(buf.gblock, gather_total);
  const auto gweight = head(buf.gweight, gather_total);
  auto saving_minus_total = buf.saving_minus_total;
  Kokkos::parallel_for(
      "tessera::part::gains_gather", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        const part_t ps = parts(v);
        eid_t pos = gather_off(v);
        score_t saving = 0, total = 0;
        for (eid_t i = node_off(v); i < node_off(v + 1); ++i) {
          const nid_t e = inc(i);
          const score_t w = nw(e);
          total += w;
          for (eid_t k = net_off(e); k < net_off(e) + lam(e); ++k) {
            if (rb(k) == ps) {
              if (rc(k) == 1) saving += w;
              gblock(pos) = num_parts;  // own block: sorts last, ignored
            } else {
              gblock(pos) = rb(k);
            }
            gweight(pos) = w;
            ++pos;
          }
        }
        saving_minus_total(v) = saving - total;
      });
  detail::sort_rows(space, gather_off, gblock, gweight);
  Kokkos::parallel_for(
      "tessera::part::gains_pick", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        part_t best = invalid_part;
        score_t best_gain = 0;
        const eid_t b = gather_off(v), e = gather_off(v + 1);
        eid_t i = b;
        while (i < e && gblock(i) != num_parts) {
          const std::int64_t p = gblock(i);
          score_t conn = 0;
          for (; i < e && gblock(i) == p; ++i) conn += gweight(i);
          const score_t g = saving_minus_total(v) + conn;
          if (second_half && bsize(p) + vw(v) > omega) continue;
          if (g < min_gain) continue;
          if (best == invalid_part || g > best_gain || (g == best_gain && p > best)) {
            best = static_cast<part_t>(p);
            best_gain = g;
          }
        }
        move_to(v) = best;
        move_gain(v) = best_gain;
      });
}

template <class ExecSpace>
void propose_moves(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                   const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                   const NetRuns<typename ExecSpace::memory_space>& runs,
                   RefineBuffers<typename ExecSpace::memory_space>& buf, const PartitionLimits& limits,
                   bool into_room_only, score_t min_gain) {
  if (num_parts <= dense_gain_blocks<ExecSpace>())
    propose_moves_dense(space, L, parts, num_parts, runs, buf, limits, into_room_only, min_gain);
  else
    propose_moves_gathered(space, L, parts, num_parts, runs, buf, limits, into_room_only, min_gain);
}

// The proposed moves sorted by (source block, -gain, node), and the range of moves leaving each
// block: moves [bucket(p), bucket(p + 1)) leave p.
template <class MemorySpace>
struct SortedMoves {
  Kokkos::View<MoveRecord*, MemorySpace> moves;
  Kokkos::View<std::int32_t*, MemorySpace> bucket;
  std::int32_t count = 0;
};

// Step 3 (first half): collect and sort the moves; count 0 when no node proposes one.
template <class ExecSpace>
SortedMoves<typename ExecSpace::memory_space> sort_moves(const ExecSpace& space,
                                                         const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts,
                                                         part_t num_parts,
                                                         const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const vid_t n = static_cast<vid_t>(parts.extent(0));
  auto move_to = buf.move_to;
  auto move_gain = buf.move_gain;
  SortedMoves<mem> out;
  auto move_index = buf.move_index;
  const std::int32_t M = tessera::detail::chunked_scan<ExecSpace, std::int32_t>(
      "tessera::part::moves_scan", space, n, KOKKOS_LAMBDA(const std::int64_t v, std::int32_t& sum, const bool final) {
        if (move_to(v) != invalid_part) {
          if (final) move_index(v) = sum;
          ++sum;
        }
      });
  out.count = M;
  if (M == 0) return out;
  const Kokkos::View<MoveRecord*, mem> moves = head(buf.moves, M);
  Kokkos::parallel_for(
      "tessera::part::moves_fill", range(space, 0, n), KOKKOS_LAMBDA(const std::int64_t v) {
        if (move_to(v) != invalid_part) moves(move_index(v)) = MoveRecord{parts(v), move_gain(v), static_cast<vid_t>(v)};
      });
  tessera::detail::sort_with(space, moves, MoveOrder{});
  auto bucket = buf.bucket;
  Kokkos::parallel_for(
      "tessera::part::bucket", range(space, 0, num_parts + 1), KOKKOS_LAMBDA(const std::int64_t p) {
        std::int32_t lo = 0, hi = M;
        while (lo < hi) {
          const std::int32_t mid = lo + (hi - lo) / 2;
          if (moves(mid).from < p) lo = mid + 1; else hi = mid;
        }
        bucket(p) = lo;
      });
  out.moves = moves;
  out.bucket = bucket;
  return out;
}

inline constexpr int k_chain_check_rounds = 4;

// Successor and predecessor of every move in its chain (-1: none).
template <class MemorySpace>
struct Chains {
  Kokkos::View<std::int32_t*, MemorySpace> succ, pred;
};

// Step 3 (second half, §VI-C): each free chain end picks, in a window of moves leaving its
// destination, the successor of best grade; conflicts go to the largest (-penalty, node) by an
// atomic max; up to chain_rounds rounds (0: no chaining, the sequence is by gain only).
template <class ExecSpace>
Chains<typename ExecSpace::memory_space> chain_moves(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                                                     const SortedMoves<typename ExecSpace::memory_space>& sorted,
                                                     const RefineBuffers<typename ExecSpace::memory_space>& buf,
                                                     const RefinementParams& params) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int32_t M = sorted.count;
  auto moves = sorted.moves;
  auto bucket = sorted.bucket;
  auto move_to = buf.move_to;
  auto vw = L.node_weights;
  auto nin = L.node_num_inbound;
  Chains<mem> c{head(buf.succ, M), head(buf.pred, M)};
  auto succ = c.succ;
  auto pred = c.pred;
  const auto claim = head(buf.claim, M);
  const auto choice = head(buf.choice, M);
  Kokkos::deep_copy(space, succ, -1);
  Kokkos::deep_copy(space, pred, -1);
  const int window = params.window;
  auto linked = buf.linked;  // links made since the last check
  Kokkos::deep_copy(space, linked, 0);
  for (int round = 0; round < params.chain_rounds; ++round) {
    Kokkos::deep_copy(space, claim, 0);
    Kokkos::parallel_for(
        "tessera::part::chain_choose", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
          choice(i) = -1;
          if (succ(i) != -1) return;
          const vid_t v = moves(i).node;
          const part_t pd = move_to(v);
          score_t best_gain = 0;
          std::int64_t best_penalty = 0;
          std::int32_t best = -1;
          int seen = 0;
          for (std::int32_t j = bucket(pd); j < bucket(pd + 1) && seen < window; ++j) {
            if (pred(j) != -1) continue;
            ++seen;
            const vid_t u = moves(j).node;
            const std::int64_t dsize = vw(v) > vw(u) ? vw(v) - vw(u) : vw(u) - vw(v);
            const std::int64_t din = nin(v) > nin(u) ? nin(v) - nin(u) : nin(u) - nin(v);
            std::int64_t penalty = 10 * dsize + din;
            if (penalty > (std::int64_t(1) << 35)) penalty = std::int64_t(1) << 35;
            if (best == -1 || detail::grade_greater(moves(j).gain, penalty, best_gain, best_penalty)) {
              best = j;
              best_gain = moves(j).gain;
              best_penalty = penalty;
            }
          }
          if (best == -1) return;
          const vid_t u = moves(best).node;
          const std::int64_t dsize = vw(v) > vw(u) ? vw(v) - vw(u) : vw(u) - vw(v);
          const std::int64_t din = nin(v) > nin(u) ? nin(v) - nin(u) : nin(u) - nin(v);
          std::int64_t penalty = 10 * dsize + din;
          if (penalty > 0x7fffffffLL) penalty = 0x7fffffffLL;
          const std::uint64_t key = (std::uint64_t(0x7fffffffLL - penalty) << 32) | std::uint64_t(std::uint32_t(v));
          choice(i) = best;
          Kokkos::atomic_fetch_max(&claim(best), key);
        });
    Kokkos::parallel_for(
        "tessera::part::chain_link", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
          const std::int32_t j = choice(i);
          if (j < 0) return;
          if (std::uint32_t(claim(j) & 0xffffffffULL) == std::uint32_t(moves(i).node)) {
            succ(i) = j;
            pred(j) = static_cast<std::int32_t>(i);
            Kokkos::atomic_add(&linked(), std::int32_t(1));
          }
        });
    // Stop once a group of rounds linked nothing. A round without links leaves succ and pred
    // as they were, so every later round links nothing either: checking every
    // k_chain_check_rounds rounds instead of every round gives the same chains with fewer
    // host synchronisations.
    if ((round + 1) % k_chain_check_rounds == 0 || round + 1 == params.chain_rounds) {
      std::int32_t linked_host = 0;
      Kokkos::deep_copy(space, linked_host, linked);
      space.fence();
      if (linked_host == 0) break;
      Kokkos::deep_copy(space, linked, 0);
    }
  }
  return c;
}

// Step 4: cut every cycle at its smallest move, rank each move in its chain (pointer jumping),
// sort by (-chain gain, chain head, position); writes seqpos and returns the node of every
// sequence position.
template <class ExecSpace>
Kokkos::View<vid_t*, typename ExecSpace::memory_space> sequence_chains(
    const ExecSpace& space, const SortedMoves<typename ExecSpace::memory_space>& sorted,
    const Chains<typename ExecSpace::memory_space>& chains, const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int32_t M = sorted.count;
  auto moves = sorted.moves;
  auto succ = chains.succ;
  auto pred = chains.pred;
  auto seqpos = buf.seqpos;
  Kokkos::View<std::int32_t*, mem> nxt = head(buf.nxt, M), nxt2 = head(buf.nxt2, M), low = head(buf.low, M),
                                   low2 = head(buf.low2, M);
  Kokkos::parallel_for(
      "tessera::part::cycle_init", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
        nxt(i) = succ(i);
        low(i) = static_cast<std::int32_t>(i);
      });
  int rounds = 1;
  while ((std::int64_t(1) << (rounds - 1)) < M) ++rounds;
  for (int r = 0; r < rounds; ++r) {
    Kokkos::parallel_for(
        "tessera::part::cycle_jump", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
          const std::int32_t j = nxt(i);
          if (j < 0) {
            nxt2(i) = j;
            low2(i) = low(i);
          } else {
            nxt2(i) = nxt(j);
            low2(i) = low(i) < low(j) ? low(i) : low(j);
          }
        });
    std::swap(nxt, nxt2);
    std::swap(low, low2);
  }
  Kokkos::parallel_for(
      "tessera::part::cycle_cut", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
        if (nxt(i) >= 0 && low(i) == i) {  // on a cycle, and its smallest move
          succ(pred(i)) = -1;
          pred(i) = -1;
        }
      });
  // List ranking over pred: head and position of every move.
  auto anc = nxt;
  auto anc2 = nxt2;
  auto dist = low;
  auto dist2 = low2;
  Kokkos::parallel_for(
      "tessera::part::rank_init", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
        anc(i) = pred(i) < 0 ? static_cast<std::int32_t>(i) : pred(i);
        dist(i) = pred(i) < 0 ? 0 : 1;
      });
  for (int r = 0; r < rounds; ++r) {
    Kokkos::parallel_for(
        "tessera::part::rank_jump", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
          const std::int32_t a = anc(i);
          anc2(i) = anc(a);
          dist2(i) = dist(i) + (anc(a) == a ? 0 : dist(a));
        });
    std::swap(anc, anc2);
    std::swap(dist, dist2);
  }
  const auto chain_total = head(buf.chain_total, M);
  Kokkos::deep_copy(space, chain_total, 0);
  Kokkos::parallel_for(
      "tessera::part::chain_total", range(space, 0, M),
      KOKKOS_LAMBDA(const std::int64_t i) { Kokkos::atomic_add(&chain_total(anc(i)), moves(i).gain); });
  const Kokkos::View<ChainRecord*, mem> seq = head(buf.seq, M);
  Kokkos::parallel_for(
      "tessera::part::seq_fill", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t i) {
        seq(i) = ChainRecord{chain_total(anc(i)), anc(i), dist(i), static_cast<std::int32_t>(i)};
      });
  tessera::detail::sort_with(space, seq, ChainOrder{});
  const Kokkos::View<vid_t*, mem> seq_node = head(buf.seq_node, M);
  Kokkos::deep_copy(space, seqpos, -1);
  Kokkos::parallel_for(
      "tessera::part::seq_pos", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t s) {
        const vid_t v = moves(seq(s).move).node;
        seq_node(s) = v;
        seqpos(v) = static_cast<std::int32_t>(s);
      });
  return seq_node;
}

// Step 5 (Eqs. 14-15): the exact gain of each move after all earlier ones in the sequence.
template <class ExecSpace>
Kokkos::View<score_t*, typename ExecSpace::memory_space> in_sequence_gains(
    const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
    const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts,
    const NetRuns<typename ExecSpace::memory_space>& runs, const RefineBuffers<typename ExecSpace::memory_space>& buf,
    const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node) {
  using mem = typename ExecSpace::memory_space;
  const std::int64_t M = static_cast<std::int64_t>(seq_node.extent(0));
  auto net_off = L.net_offsets;
  auto pins = L.pins;
  auto nw = L.net_weights;
  auto node_off = L.node_offsets;
  auto inc = L.incident_nets;
  auto rb = runs.block;
  auto rc = runs.count;
  auto lam = runs.lambda;
  auto move_to = buf.move_to;
  auto seqpos = buf.seqpos;
  const Kokkos::View<score_t*, mem> seq_gain = head(buf.seq_gain, M);
  // One team per move, team threads over its incident nets: on coarse levels a node's nets
  // number in the thousands (nets stay while nodes merge), and one thread per move serialised them.
  using policy = tessera::detail::LightTeamPolicy<ExecSpace>;
  using member = typename policy::member_type;
  auto body = KOKKOS_LAMBDA(const member& team) {
    const std::int64_t s = team.league_rank();
    const vid_t v = seq_node(s);
    const part_t ps = parts(v), pd = move_to(v);
    score_t g = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, node_off(v), node_off(v + 1)),
        [&](const eid_t i, score_t& acc) {
          const nid_t e = inc(i);
          const eid_t rs = detail::find_run(rb, net_off(e), net_off(e) + lam(e), ps);
          const eid_t rd = detail::find_run(rb, net_off(e), net_off(e) + lam(e), pd);
          std::int64_t cur_s = rs >= 0 ? rc(rs) : 0, cur_d = rd >= 0 ? rc(rd) : 0;
          for (eid_t k = net_off(e); k < net_off(e + 1); ++k) {
            const vid_t u = pins(k);
            const std::int32_t q = seqpos(u);
            if (q < 0 || q >= s) continue;
            const part_t us = parts(u), ud = move_to(u);
            if (us == ps) --cur_s;
            if (ud == ps) ++cur_s;
            if (us == pd) --cur_d;
            if (ud == pd) ++cur_d;
          }
          if (cur_s == 1) acc += nw(e);
          if (cur_d == 0) acc -= nw(e);
        },
        g);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { seq_gain(s) = g; });
  };
  int team_size = 1;
  if constexpr (tessera::detail::is_gpu_space<ExecSpace>()) {
    const double mean_degree = L.num_nodes > 0 ? double(L.num_pins()) / L.num_nodes : 1.0;
    team_size = 4;
    while (team_size < 128 && team_size < mean_degree) team_size *= 2;
    team_size = std::min(team_size, policy(space, 1, 1).team_size_max(body, Kokkos::ParallelForTag()));
  }
  if (M > 0) Kokkos::parallel_for("tessera::part::seq_gains", policy(space, M, team_size), body);
  return seq_gain;
}

// Step 6a (§VI-D): size events, key (block, position, sign), one per block a move touches,
// prefix-summed per block; adds to viol(s) the change in violated size limits at move s.
template <class ExecSpace>
void size_violations(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                     const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts,
                     const RefineBuffers<typename ExecSpace::memory_space>& buf,
                     const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node, const PartitionLimits& limits,
                     const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& viol) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int64_t M = static_cast<std::int64_t>(seq_node.extent(0));
  const node_weight_t omega = limits.max_block_weight;
  auto vw = L.node_weights;
  auto move_to = buf.move_to;
  auto bsize = buf.block_weight;
  const Kokkos::View<std::int64_t*, mem> ev = head(buf.size_ev, 2 * M);
  Kokkos::parallel_for(
      "tessera::part::size_ev", range(space, 0, M), KOKKOS_LAMBDA(const std::int64_t s) {
        const vid_t v = seq_node(s);
        ev(2 * s) = (std::int64_t(parts(v)) << 33) | (s << 1);
        ev(2 * s + 1) = (std::int64_t(move_to(v)) << 33) | (s << 1) | 1;
      });
  tessera::detail::sort_with(space, ev, KeyLess{});
  const Kokkos::View<std::int64_t*, mem> run = head(buf.size_run, 2 * M);
  tessera::detail::chunked_scan_no_total<ExecSpace, std::int64_t>(
      "tessera::part::size_scan", space, 2 * M, KOKKOS_LAMBDA(const std::int64_t j, std::int64_t& sum, const bool final) {
        const vid_t v = seq_node((ev(j) >> 1) & 0xffffffffLL);
        sum += (ev(j) & 1) ? vw(v) : -vw(v);
        if (final) run(j) = sum;
      });
  Kokkos::parallel_for(
      "tessera::part::size_valid", range(space, 0, 2 * M), KOKKOS_LAMBDA(const std::int64_t j) {
        const std::int64_t p = ev(j) >> 33;
        const std::int64_t first = detail::lower_bound(ev, 0, 2 * M, p << 33);
        const std::int64_t base = first > 0 ? run(first - 1) : 0;
        const bool after = bsize(p) + (run(j) - base) <= omega;
        const bool before = j == first ? bsize(p) <= omega : bsize(p) + (run(j - 1) - base) <= omega;
        const std::int64_t s = (ev(j) >> 1) & 0xffffffffLL;
        if (before && !after) Kokkos::atomic_add(&viol(s), std::int64_t(1));
        if (!before && after) Kokkos::atomic_add(&viol(s), std::int64_t(-1));
      });
}

// The fixed layout of the inbound events (inbound_violations): row e = [2 net_off(e),
// 2 net_off(e + 1)), and its row classes for the sort.
template <class ExecSpace>
void layout_inbound_events(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                           RefineBuffers<typename ExecSpace::memory_space>& buf) {
  auto net_off = L.net_offsets;
  const auto eoff = head(buf.in_ev_off, std::int64_t(L.num_nets) + 1);
  Kokkos::parallel_for(
      "tessera::part::in_ev_off", tessera::detail::LightRangePolicy<ExecSpace>(space, 0, L.num_nets + 1),
      KOKKOS_LAMBDA(const std::int64_t e) { eoff(e) = 2 * net_off(e); });
  buf.in_ev_rows = detail::make_row_sort_plan(space, eoff);
}

// Step 6b (§VI-D, Fig. 6): inbound-pin events per net, (block, position, sign) for every moved
// destination pin, sorted within the net; transitions of pins_in(p, e) across zero become
// inbound-count events, prefix-summed per block; adds the change in violated Delta limits.
template <class ExecSpace>
void inbound_violations(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                        const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts,
                        const NetRuns<typename ExecSpace::memory_space>& runs,
                        RefineBuffers<typename ExecSpace::memory_space>& buf, const PartitionLimits& limits,
                        const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& viol) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const nid_t m = L.num_nets;
  const std::int64_t delta = limits.max_inbound;
  auto net_off = L.net_offsets;
  auto pins = L.pins;
  auto nsrc = L.net_num_sources;
  auto rb = runs.block;
  auto ri = runs.in;
  auto lam = runs.lambda;
  auto move_to = buf.move_to;
  auto seqpos = buf.seqpos;
  auto binb = buf.block_inbound;
  // Events in a fixed layout: pin k of net e owns slots 2k and 2k + 1 (row e of the events is
  // [2 net_off(e), 2 net_off(e + 1)), its row classes found once per refine() call), so no scan
  // sizes them; slots of source pins and of pins that do not move hold `none` and sort last.
  constexpr std::int64_t none = std::numeric_limits<std::int64_t>::max();
  const auto eoff = head(buf.in_ev_off, std::int64_t(m) + 1);
  auto ev = buf.in_ev;
  Kokkos::parallel_for(
      "tessera::part::in_ev_fill", range(space, 0, m), KOKKOS_LAMBDA(const std::int64_t e) {
        const eid_t dst_begin = net_off(e) + nsrc(e);
        for (eid_t k = net_off(e); k < net_off(e + 1); ++k) {
          const vid_t u = pins(k);
          const std::int64_t s = k >= dst_begin ? seqpos(u) : -1;
          ev(2 * k) = s < 0 ? none : (std::int64_t(parts(u)) << 33) | (s << 1);
          ev(2 * k + 1) = s < 0 ? none : (std::int64_t(move_to(u)) << 33) | (s << 1) | 1;
        }
      });
  detail::sort_rows(space, buf.in_ev_rows, eoff, ev);
  // Transitions of pins_in(p, e) across zero, packed densely: the count is read back once.
  auto tr_all = buf.in_tr;
  const std::int64_t count = tessera::detail::chunked_scan<ExecSpace, std::int64_t>(
      "tessera::part::in_ev_walk", space, m, KOKKOS_LAMBDA(const std::int64_t e, std::int64_t& sum, const bool final) {
        std::int64_t cur = 0;
        for (eid_t j = eoff(e); j < eoff(e + 1) && ev(j) != none; ++j) {
          const std::int64_t p = ev(j) >> 33;
          if (j == eoff(e) || (ev(j - 1) >> 33) != p) {
            const eid_t r = detail::find_run(rb, net_off(e), net_off(e) + lam(e), static_cast<part_t>(p));
            cur = r >= 0 ? ri(r) : 0;
          }
          const std::int64_t prev = cur;
          cur += (ev(j) & 1) ? 1 : -1;
          const std::int64_t group_key = ev(j) & ~std::int64_t(1);
          if ((prev == 0 && cur > 0) || (prev > 0 && cur == 0)) {
            if (final) tr_all(sum) = cur > 0 ? group_key | 1 : group_key;
            ++sum;
          }
        }
      });
  const Kokkos::View<std::int64_t*, mem> tr = head(buf.in_tr, count);
  tessera::detail::sort_with(space, tr, KeyLess{});
  const Kokkos::View<std::int64_t*, mem> run = head(buf.in_run, count);
  tessera::detail::chunked_scan_no_total<ExecSpace, std::int64_t>(
      "tessera::part::in_scan", space, count, KOKKOS_LAMBDA(const std::int64_t j, std::int64_t& sum, const bool final) {
        sum += (tr(j) & 1) ? 1 : -1;
        if (final) run(j) = sum;
      });
  Kokkos::parallel_for(
      "tessera::part::in_valid", range(space, 0, count), KOKKOS_LAMBDA(const std::int64_t j) {
        const std::int64_t group = tr(j) >> 1;  // (block, position)
        if (j + 1 < count && (tr(j + 1) >> 1) == group) return;  // evaluate at the group's end
        const std::int64_t p = tr(j) >> 33;
        const std::int64_t first = detail::lower_bound(tr, 0, count, p << 33);
        const std::int64_t gfirst = detail::lower_bound(tr, first, j + 1, group << 1);
        const std::int64_t base = first > 0 ? run(first - 1) : 0;
        const bool after = binb(p) + (run(j) - base) <= delta;
        const bool before = gfirst == first ? binb(p) <= delta : binb(p) + (run(gfirst - 1) - base) <= delta;
        const std::int64_t s = group & 0xffffffffLL;
        if (before && !after) Kokkos::atomic_add(&viol(s), std::int64_t(1));
        if (!before && after) Kokkos::atomic_add(&viol(s), std::int64_t(-1));
      });
}

// The valid prefix of largest cumulative gain: moves [0, last] (last = -1: none), and the
// number of violated limits before the first move.
struct BestPrefix {
  score_t gain = std::numeric_limits<score_t>::min();
  std::int64_t last = -1;
  std::int64_t violations_before = 0;
};

// Step 7: prefix sums of in-sequence gains and of violation changes; the best prefix that ends
// with no violated limit (given buf.violations_before). The reductions stay on the device and
// their three results come back in one copy.
template <class ExecSpace>
BestPrefix best_valid_prefix(const ExecSpace& space, const Kokkos::View<score_t*, typename ExecSpace::memory_space>& seq_gain,
                             const Kokkos::View<std::int64_t*, typename ExecSpace::memory_space>& viol,
                             const RefineBuffers<typename ExecSpace::memory_space>& buf) {
  using mem = typename ExecSpace::memory_space;
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  const std::int64_t M = static_cast<std::int64_t>(seq_gain.extent(0));
  const Kokkos::View<score_t*, mem> cum = head(buf.cum, M);
  const Kokkos::View<std::int64_t*, mem> vcount = head(buf.vcount, M);
  tessera::detail::chunked_scan_no_total<ExecSpace, score_t>(
      "tessera::part::prefix_gain", space, M, KOKKOS_LAMBDA(const std::int64_t s, score_t& acc, const bool final) {
        acc += seq_gain(s);
        if (final) cum(s) = acc;
      });
  tessera::detail::chunked_scan_no_total<ExecSpace, std::int64_t>(
      "tessera::part::prefix_viol", space, M, KOKKOS_LAMBDA(const std::int64_t s, std::int64_t& acc, const bool final) {
        acc += viol(s);
        if (final) vcount(s) = acc;
      });
  auto v0 = buf.violations_before;
  auto best_gain = buf.best_gain;
  auto best_last = buf.best_last;
  auto summary = buf.summary;
  Kokkos::parallel_reduce(
      "tessera::part::best_gain", range(space, 0, M),
      KOKKOS_LAMBDA(const std::int64_t s, score_t& b) {
        if (v0() + vcount(s) == 0 && cum(s) > b) b = cum(s);
      },
      Kokkos::Max<score_t, mem>(best_gain));
  Kokkos::parallel_reduce(
      "tessera::part::best_len", range(space, 0, M),
      KOKKOS_LAMBDA(const std::int64_t s, std::int64_t& b) {
        if (v0() + vcount(s) == 0 && cum(s) == best_gain() && s < b) b = s;
      },
      Kokkos::Min<std::int64_t, mem>(best_last));
  Kokkos::parallel_for(
      "tessera::part::best_summary", range(space, 0, 1), KOKKOS_LAMBDA(const std::int64_t) {
        summary(0) = v0();
        summary(1) = best_gain();
        summary(2) = best_gain() == Kokkos::reduction_identity<score_t>::max() ? -1 : best_last();
      });
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, summary);
  BestPrefix best;
  best.violations_before = host(0);
  best.gain = host(1);
  best.last = host(2);
  return best;
}

// Step 8: apply moves [0, last] of the sequence.
template <class ExecSpace>
void apply_prefix(const ExecSpace& space, const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts,
                  const RefineBuffers<typename ExecSpace::memory_space>& buf,
                  const Kokkos::View<vid_t*, typename ExecSpace::memory_space>& seq_node, std::int64_t last) {
  using range = tessera::detail::LightRangePolicy<ExecSpace>;
  auto move_to = buf.move_to;
  Kokkos::parallel_for(
      "tessera::part::apply", range(space, 0, last + 1), KOKKOS_LAMBDA(const std::int64_t s) {
        const vid_t v = seq_node(s);
        parts(v) = move_to(v);
      });
}

template <class MemorySpace>
struct RefineScratch {
  RefineBuffers<MemorySpace> buf;
  NetRuns<MemorySpace> runs;
  vid_t max_nodes;
  nid_t max_nets;
  eid_t max_pins;
  part_t num_parts;
};

}  // namespace detail

template <class ExecSpace>
RefineWorkspace<typename ExecSpace::memory_space> make_refine_workspace(
    const ExecSpace&, const Level<typename ExecSpace::memory_space>& finest, part_t num_parts,
    const PartitionLimits& limits) {
  using mem = typename ExecSpace::memory_space;
  return std::make_shared<detail::RefineScratch<mem>>(detail::RefineScratch<mem>{
      detail::RefineBuffers<mem>(finest.num_nodes, finest.num_nets, limits.check_inbound ? finest.num_pins() : 0,
                                 num_parts),
      detail::NetRuns<mem>(finest), finest.num_nodes, finest.num_nets, finest.num_pins(), num_parts});
}

template <class ExecSpace>
RefinementStats refine(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                       const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                       const PartitionLimits& limits, const RefinementParams& params) {
  if (L.num_nodes == 0 || num_parts < 2) return {};
  return refine(space, L, parts, num_parts, limits, params, make_refine_workspace(space, L, num_parts, limits));
}

template <class ExecSpace>
RefinementStats refine(const ExecSpace& space, const Level<typename ExecSpace::memory_space>& L,
                       const Kokkos::View<part_t*, typename ExecSpace::memory_space>& parts, part_t num_parts,
                       const PartitionLimits& limits, const RefinementParams& params,
                       const RefineWorkspace<typename ExecSpace::memory_space>& ws) {
  using mem = typename ExecSpace::memory_space;
  RefinementStats stats;
  const vid_t n = L.num_nodes;
  if (n == 0 || num_parts < 2) return stats;
  TESSERA_REQUIRE(n <= ws->max_nodes && L.num_nets <= ws->max_nets && L.num_pins() <= ws->max_pins &&
                      num_parts == ws->num_parts,
                  "refinement workspace smaller than the level");
  const score_t min_gain = params.propose_negative ? std::numeric_limits<score_t>::min() : 0;
  detail::RefineBuffers<mem>& buf = ws->buf;
  detail::NetRuns<mem>& runs = ws->runs;
  runs.net_rows = detail::make_row_sort_plan(space, L.net_offsets);
  if (limits.check_inbound) detail::layout_inbound_events(space, L, buf);
  Kokkos::Timer timer;
  // Adds the time since the last call to `seconds` (after a fence: device time on GPUs).
  auto lap = [&](double& seconds) {
    space.fence();
    seconds += timer.seconds();
    timer.reset();
  };
  bool first_half_idle = false;
  for (int rep = 0; rep < params.repetitions; ++rep) {
    const bool second_half = rep >= params.repetitions / 2;
    if (!second_half && first_half_idle) continue;  // the same state would propose the same moves
    stats.repetitions_run++;
    timer.reset();
    detail::compute_net_runs(space, L, parts, runs);
    detail::block_state(space, L, parts, num_parts, runs, buf, limits);
    detail::propose_moves(space, L, parts, num_parts, runs, buf, limits, second_half, min_gain);
    lap(stats.gains_seconds);
    const auto sorted = detail::sort_moves(space, parts, num_parts, buf);
    if (sorted.count == 0) {
      lap(stats.sequence_seconds);
      if (second_half) break;
      first_half_idle = true;
      continue;
    }
    const auto chains = detail::chain_moves(space, L, sorted, buf, params);
    const auto seq_node = detail::sequence_chains(space, sorted, chains, buf);
    const auto seq_gain = detail::in_sequence_gains(space, L, parts, runs, buf, seq_node);
    lap(stats.sequence_seconds);
    const Kokkos::View<std::int64_t*, mem> viol = detail::head(buf.viol, sorted.count);
    Kokkos::deep_copy(space, viol, 0);
    detail::size_violations(space, L, parts, buf, seq_node, limits, viol);
    if (limits.check_inbound) detail::inbound_violations(space, L, parts, runs, buf, limits, viol);
    const detail::BestPrefix best = detail::best_valid_prefix(space, seq_gain, viol, buf);
    const bool start_valid = best.violations_before == 0;
    if (best.last < 0 || (start_valid && best.gain <= 0)) {
      lap(stats.validity_seconds);
      if (second_half) break;
      first_half_idle = true;
      continue;
    }
    detail::apply_prefix(space, parts, buf, seq_node, best.last);
    lap(stats.validity_seconds);
    stats.gain += best.gain;
    stats.applied_moves += static_cast<int>(best.last + 1);
  }
  space.fence();
  return stats;
}

#define TESSERA_INST(Space)                                                                                   \
  template RefinementStats refine<Space>(const Space&, const Level<Space::memory_space>&,                   \
                                         const Kokkos::View<part_t*, Space::memory_space>&, part_t,          \
                                         const PartitionLimits&, const RefinementParams&);                   \
  template RefinementStats refine<Space>(const Space&, const Level<Space::memory_space>&,                   \
                                         const Kokkos::View<part_t*, Space::memory_space>&, part_t,          \
                                         const PartitionLimits&, const RefinementParams&,                    \
                                         const RefineWorkspace<Space::memory_space>&);                       \
  template RefineWorkspace<Space::memory_space> make_refine_workspace<Space>(                               \
      const Space&, const Level<Space::memory_space>&, part_t, const PartitionLimits&);
TESSERA_INSTANTIATE_FOR_EXEC_SPACES(TESSERA_INST)
#undef TESSERA_INST

}  // namespace tessera::partitioning
