#pragma once
// Partition a host hypergraph on the default execution space (or, on request, the host space of
// the same build: the CPU baseline of a GPU build) and evaluate the result with the independent
// metrics (metrics/evaluate_partition): what the CLI, the YAML runner and the benchmarks report.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/partitioning/metrics/partition_quality.hpp"
#include "algorithms/partitioning/metrics/partition_constraints.hpp"
#include "algorithms/partitioning/multilevel/partition_params.hpp"
#include "core/hypergraph/hypergraph.hpp"

namespace tessera {

struct PartitionReport {
  std::vector<part_t> parts;
  part_t num_parts = 0;
  PartitionQuality quality;        // recomputed from `parts` by evaluate_partition
  PartitionConstraints checked;    // the constraints `quality.valid` refers to
  double soed = 0;                 // sum of external degrees = connectivity + cut-net
  double seconds = 0;              // partitioner, end to end (hypergraph already on the device)
  double coarsening_seconds = 0, initial_seconds = 0, refinement_seconds = 0;
  std::vector<vid_t> level_nodes;
  std::vector<RefinedLevel> refined_levels;  // PartitionResult::refined_levels
  std::string coarsening_stop;     // PartitionResult::coarsening_stop
  int penalty_from_level = 0;      // PartitionResult::penalty_from_level
  std::string neighbor_rows;       // PartitionResult::neighbor_rows
  int neighbor_rows_kept_from = 0; // PartitionResult::neighbor_rows_kept_from
  eid_t pair_window = 0;           // PartitionResult::pair_window
  int pair_window_levels = 0;      // PartitionResult::pair_window_levels
  std::string refinement_variant;  // PartitionResult::refinement_variant
  int exact_variant_levels = 0;    // PartitionResult::exact_variant_levels
  part_t dissolved_blocks = 0;     // PartitionResult::dissolved_blocks
  int constrained_fm_skipped = 0;  // PartitionResult::constrained_fm_skipped
  StepSeconds steps;               // per-step times (Fig. 8)
  bool within_part_limit = true;   // num_parts <= params.max_parts (presets)
};

// Where the partitioner runs. Both give the same partition (the partitioner is deterministic
// across backends); `host` is Kokkos' default host space, which is `device` in CPU-only builds.
enum class ExecutionTarget { device, host };

PartitionReport partition_and_evaluate(const HostHypergraph& h, const PartitionParams& params,
                                       ExecutionTarget target = ExecutionTarget::device);

}  // namespace tessera
