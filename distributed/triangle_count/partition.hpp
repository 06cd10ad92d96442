#pragma once
// 1D vertex partitioning that balances edges per rank (paper 1, §II): rank r owns the
// contiguous range [offsets[r], offsets[r + 1]). Each split is placed at the vertex boundary
// whose degree prefix sum is closest to r * (total / ranks), so the edges (adjacency entries:
// each undirected edge counts once at each endpoint's owner) per rank are as even as
// contiguous ranges allow. Ranks may be empty (more ranks than useful splits).
#include <cstddef>
#include <vector>

#include <string>

#include "core/graph/orientation.hpp"
#include "core/types.hpp"

namespace tessera::dist {

// What the contiguous split evens out: adjacency entries (paper 1, §II), or the estimated
// counting work, which is what the ranks' counting times follow on skewed graphs (kron24 on
// two GPUs, edge-balanced: 4.2 s vs 12.5 s).
enum class PartitionBalance { edges, work };
const char* to_string(PartitionBalance b);
// "edges" | "work"; UserError otherwise.
PartitionBalance parse_partition_balance(const std::string& name);

// Estimated counting work at a vertex of degree d with d_out out-neighbours in the global
// order: its wedges (v; m, n), each checked once (by an intersection or a query), plus its row,
// so that wedge-free vertices still weigh what scanning them costs.
KOKKOS_INLINE_FUNCTION constexpr eid_t vertex_work(eid_t degree, eid_t out_degree) {
  return out_degree * (out_degree - 1) / 2 + degree;
}

// How a source is split over the ranks.
struct SplitParams {
  PartitionBalance balance = PartitionBalance::edges;
  Orientation orientation = Orientation::degree;  // the order the work estimate assumes
  std::vector<double> rank_weights;               // one share per rank (empty: equal shares)
};

struct PartitionStats {
  std::vector<vid_t> vertex_offsets;      // ranks + 1
  std::vector<eid_t> entries_per_rank;    // adjacency entries (sum of owned degrees)
  eid_t min_entries = 0, max_entries = 0;
  double mean_entries = 0, stddev_entries = 0;  // population standard deviation
  double imbalance = 0;                         // max / mean (1 = perfect), 0 when empty

  eid_t total_entries() const {
    eid_t sum = 0;
    for (eid_t e : entries_per_rank) sum += e;
    return sum;
  }
};

// The boundary for one split target: `first` is the smallest v with prefix[v] >= target,
// prefix_before = prefix[first - 1] (ignored when first == 0), prefix_at = prefix[first].
// Picks first - 1 when that prefix is strictly closer to the target.
vid_t choose_split(eid_t target, vid_t first, eid_t prefix_before, eid_t prefix_at);
// Split target k of `ranks` for `total` entries: floor(total * k / ranks), overflow-safe. With
// rank weights (one non-negative value per rank, e.g. measured speeds of a hybrid CPU/GPU run;
// empty = equal), rank r gets the share w_r / Σw: floor(total * (w_0 + ... + w_{k-1}) / Σw).
eid_t split_target(eid_t total, int k, int ranks, const std::vector<double>& weights = {});

// UserError unless `weights` is empty or has one finite, non-negative value per rank with a
// positive sum.
void check_rank_weights(const std::vector<double>& weights, int ranks);

// Offsets from the prefix sums of a per-vertex cost (n + 1 values, prefix[0] = 0): degrees to
// balance edges, vertex_work to balance work.
std::vector<vid_t> balance_edges(const std::vector<eid_t>& cost_prefix, int ranks,
                                 const std::vector<double>& weights = {});

// Statistics of a partition from the entries per rank.
PartitionStats make_partition_stats(std::vector<vid_t> offsets, std::vector<eid_t> entries_per_rank);

}  // namespace tessera::dist
