#pragma once
// Private to refinement/: the state every step of one refinement repetition shares (refine.hpp
// lists the steps; gains.hpp, sequence.hpp, validity.hpp and apply.hpp implement them, and
// refine.cpp, their only includer, instantiates them). Scratch is allocated once per run
// (RefineScratch); the steps read the level through one by-value RefineView.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <utility>

#include "algorithms/partitioning/common/level.hpp"
#include "algorithms/partitioning/common/partition_limits.hpp"
#include "core/kokkos_ext/execution.hpp"
#include "core/kokkos_ext/sort.hpp"

namespace tessera::partitioning::detail {

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
  std::int32_t group;  // 0, or with cycles first: 0 for moves of cut cycles, 1 for paths
  std::int32_t head;
  std::int32_t pos;
  std::int32_t move;
};
struct ChainOrder {  // (group, -chain gain, chain head, position in chain)
  KOKKOS_INLINE_FUNCTION bool operator()(const ChainRecord& a, const ChainRecord& b) const {
    if (a.group != b.group) return a.group < b.group;
    if (a.total != b.total) return a.total > b.total;
    if (a.head != b.head) return a.head < b.head;
    return a.pos < b.pos;
  }
};
struct SwapRecord {  // a move as a candidate half of a swap between blocks lo < hi
  part_t lo, hi;
  std::int32_t dir;  // 0: lo -> hi, 1: hi -> lo
  score_t gain;
  vid_t node;
  std::int32_t move;
};
struct SwapOrder {  // (lo, hi, dir, -gain, node)
  KOKKOS_INLINE_FUNCTION bool operator()(const SwapRecord& a, const SwapRecord& b) const {
    if (a.lo != b.lo) return a.lo < b.lo;
    if (a.hi != b.hi) return a.hi < b.hi;
    if (a.dir != b.dir) return a.dir < b.dir;
    if (a.gain != b.gain) return a.gain > b.gain;
    return a.node < b.node;
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
  // update_net_runs (gains.hpp): the nets of the moved nodes (flags, their list, the list's rows
  // into keys).
  Kokkos::View<eid_t*, MemorySpace> dirty, dirty_rows;
  Kokkos::View<nid_t*, MemorySpace> dirty_nets;
  // The runs are those of the refined level's current partition (host flag: set by
  // compute_net_runs' callers in the repetition loop, kept by update_net_runs).
  bool current = false;

  explicit NetRuns(const Level<MemorySpace>& finest)
      : block(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::run_block"), finest.num_pins()),
        count(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::run_count"), finest.num_pins()),
        in(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::run_in"), finest.num_pins()),
        lambda(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::lambda"), finest.num_nets),
        keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::run_keys"), finest.num_pins()),
        dirty("tessera::part::dirty", finest.num_nets),  // zero: update_net_runs keeps it so
        dirty_rows(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::dirty_rows"),
                   std::int64_t(finest.num_nets) + 1),
        dirty_nets(Kokkos::view_alloc(Kokkos::WithoutInitializing, "tessera::part::dirty_nets"), finest.num_nets) {}
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
  // chain_sequence: the moves without a predecessor, in sorted order, and their bucket per block.
  Kokkos::View<std::int32_t*, MemorySpace> free_moves, free_bucket;
  Kokkos::View<std::int32_t, MemorySpace> free_count;
  Kokkos::View<std::uint64_t*, MemorySpace> claim;
  Kokkos::View<std::int32_t, MemorySpace> linked;
  Kokkos::View<MoveRecord*, MemorySpace> moves;
  Kokkos::View<ChainRecord*, MemorySpace> seq;
  Kokkos::View<SwapRecord*, MemorySpace> swaps;
  Kokkos::View<score_t*, MemorySpace> chain_total, seq_gain, seq_gain_ev, cum, saving_minus_total;
  Kokkos::View<vid_t*, MemorySpace> seq_node;
  Kokkos::View<std::int64_t*, MemorySpace> viol, vcount, size_ev, size_run;
  Kokkos::View<std::int64_t*, MemorySpace> gblock;
  Kokkos::View<score_t*, MemorySpace> gweight;
  // In-sequence gains (sequence_gains.cpp): the moving pins (indices into pins, grown) in rows
  // moving_off(e)..; the events of nets with many of them, rows seq_ev_off(e).. of seq_ev sorted
  // per net, and the events' prefix sums (grown); seq_gain (above) gets seq_gain_ev, those nets'
  // terms of every move, added.
  Kokkos::View<eid_t*, MemorySpace> moving_off, moving, seq_ev_off;
  Kokkos::View<std::int64_t*, MemorySpace> seq_ev, seq_ev_sum;
  // Inbound validity (validity.cpp): the row map of the events per net (m + 2 slots), the events,
  // their crossings of zero and the crossings' prefix sums (grown).
  Kokkos::View<eid_t*, MemorySpace> in_ev_off;
  Kokkos::View<std::int64_t*, MemorySpace> in_ev, in_tr, in_run;

  RefineBuffers(vid_t n, nid_t m, part_t num_parts)
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
        free_moves(uninitialized<std::int32_t>("tessera::part::free_moves", n)),
        free_bucket(uninitialized<std::int32_t>("tessera::part::free_bucket", num_parts + 1)),
        free_count("tessera::part::free_count"),
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
        swaps(uninitialized<SwapRecord>("tessera::part::swaps", n)),
        chain_total(uninitialized<score_t>("tessera::part::chain_total", n)),
        seq_gain(uninitialized<score_t>("tessera::part::seq_gain", n)),
        seq_gain_ev(uninitialized<score_t>("tessera::part::seq_gain_ev", n)),
        cum(uninitialized<score_t>("tessera::part::cum", n)),
        saving_minus_total(uninitialized<score_t>("tessera::part::saving", n)),
        seq_node(uninitialized<vid_t>("tessera::part::seq_node", n)),
        viol(uninitialized<std::int64_t>("tessera::part::viol", n)),
        vcount(uninitialized<std::int64_t>("tessera::part::vcount", n)),
        size_ev(uninitialized<std::int64_t>("tessera::part::size_ev", 2 * std::int64_t(n))),
        size_run(uninitialized<std::int64_t>("tessera::part::size_run", 2 * std::int64_t(n))),
        gblock(uninitialized<std::int64_t>("tessera::part::gblock", 0)),
        gweight(uninitialized<score_t>("tessera::part::gweight", 0)),
        moving_off(uninitialized<eid_t>("tessera::part::moving_off", std::int64_t(m) + 1)),
        moving(uninitialized<eid_t>("tessera::part::moving", 0)),
        seq_ev_off(uninitialized<eid_t>("tessera::part::seq_ev_off", std::int64_t(m) + 1)),
        seq_ev(uninitialized<std::int64_t>("tessera::part::seq_ev", 0)),
        seq_ev_sum(uninitialized<std::int64_t>("tessera::part::seq_ev_sum", 0)),
        in_ev_off(uninitialized<eid_t>("tessera::part::in_ev_off", std::int64_t(m) + 2)),
        in_ev(uninitialized<std::int64_t>("tessera::part::in_ev", 0)),
        in_tr(uninitialized<std::int64_t>("tessera::part::in_tr", 0)),
        in_run(uninitialized<std::int64_t>("tessera::part::in_run", 0)) {}

  template <class T>
  static Kokkos::View<T*, MemorySpace> uninitialized(const char* label, std::int64_t len) {
    return Kokkos::View<T*, MemorySpace>(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string(label)), len);
  }
};

template <class MemorySpace>
struct RefineScratch {
  RefineBuffers<MemorySpace> buf;
  NetRuns<MemorySpace> runs;
  vid_t max_nodes;
  nid_t max_nets;
  eid_t max_pins;
  part_t num_parts;
};

// What the steps' kernels read and write, by value (Views are handles): the refined level, its
// partition and limits, the net runs and the per-node and per-block state of RefineBuffers. A
// kernel captures this one struct instead of each step unpacking the same Views from its
// arguments.
template <class MemorySpace>
struct RefineView {
  vid_t num_nodes = 0;
  nid_t num_nets = 0;
  eid_t num_pins = 0;
  part_t num_parts = 0;
  PartitionLimits limits;
  // the level (common/level.hpp)
  Kokkos::View<eid_t*, MemorySpace> net_off, node_off;
  Kokkos::View<vid_t*, MemorySpace> pins, nsrc;
  Kokkos::View<score_t*, MemorySpace> nw;
  Kokkos::View<nid_t*, MemorySpace> inc, nin;
  Kokkos::View<node_weight_t*, MemorySpace> vw;
  Kokkos::View<part_t*, MemorySpace> parts;  // refined in place
  // the net runs (NetRuns): block, pins and destination pins of every run, runs per net
  Kokkos::View<part_t*, MemorySpace> rb;
  Kokkos::View<std::int32_t*, MemorySpace> rc, ri, lam;
  // RefineBuffers: proposed moves, sequence positions, block weights and inbound counts
  Kokkos::View<part_t*, MemorySpace> move_to;
  Kokkos::View<score_t*, MemorySpace> move_gain;
  Kokkos::View<std::int32_t*, MemorySpace> seqpos;
  Kokkos::View<node_weight_t*, MemorySpace> bsize;
  Kokkos::View<std::int64_t*, MemorySpace> binb;
  // Leaving score: off, the exact saving (w(e) when the node is its block's last pin of e); on,
  // w(e) / c^2 for the c pins of e in the block (a surrogate that also rewards thinning a net's
  // presence in a block; integer division of the fixed-point weight, so deterministic).
  bool spread_saving = false;
  KOKKOS_INLINE_FUNCTION score_t leave_saving(const score_t w, const std::int64_t c) const {
    if (spread_saving) return c >= 1 ? w / (c * c) : 0;
    return c == 1 ? w : 0;
  }
};

template <class MemorySpace>
RefineView<MemorySpace> make_refine_view(const Level<MemorySpace>& L, const Kokkos::View<part_t*, MemorySpace>& parts,
                                         part_t num_parts, const PartitionLimits& limits,
                                         const NetRuns<MemorySpace>& runs, const RefineBuffers<MemorySpace>& buf) {
  RefineView<MemorySpace> lv;
  lv.num_nodes = L.num_nodes;
  lv.num_nets = L.num_nets;
  lv.num_pins = L.num_pins();
  lv.num_parts = num_parts;
  lv.limits = limits;
  lv.net_off = L.net_offsets;
  lv.node_off = L.node_offsets;
  lv.pins = L.pins;
  lv.nsrc = L.net_num_sources;
  lv.nw = L.net_weights;
  lv.inc = L.incident_nets;
  lv.nin = L.node_num_inbound;
  lv.vw = L.node_weights;
  lv.parts = parts;
  lv.rb = runs.block;
  lv.rc = runs.count;
  lv.ri = runs.in;
  lv.lam = runs.lambda;
  lv.move_to = buf.move_to;
  lv.move_gain = buf.move_gain;
  lv.seqpos = buf.seqpos;
  lv.bsize = buf.block_weight;
  lv.binb = buf.block_inbound;
  return lv;
}

// Team size of a kernel with a team per node or move over the node's incident nets: on GPUs the
// level's mean degree rounded up to a power of two, 4 to 128; 1 on host backends.
template <class ExecSpace>
int incident_nets_team_size(const RefineView<typename ExecSpace::memory_space>& lv) {
  if constexpr (!tessera::detail::is_gpu_space<ExecSpace>()) return 1;
  const double mean_degree = lv.num_nodes > 0 ? double(lv.num_pins) / lv.num_nodes : 1.0;
  int size = 4;
  while (size < 128 && size < mean_degree) size *= 2;
  return size;
}

}  // namespace tessera::partitioning::detail
