#pragma once
// A partition's quality and a partitioner run as JSON: what `tessera partition --json` (and
// partition-check, for the quality) print after the input's fields and what `tessera run`
// records for the task partition (one writer, so the front ends cannot drift apart).
#include "algorithms/partitioning/multilevel/partition_report.hpp"
#include "core/util/json.hpp"

namespace tessera {

// valid, num_parts, connectivity, cut, cut_nets, soed, imbalance, max_block_weight,
// max_inbound_nets, violating_blocks.
Json to_json(const PartitionQuality& q, double soed);
// The quality's fields, then algorithm, levels, coarsening_stop, within_part_limit, seed,
// runs, time_s, coarsening_s, initial_s, refinement_s, one <step>_s per Fig. 8 step
// (k_step_fields; initial_s is both a phase and a step, the same time), level_nodes and
// refined_levels ([nodes, repetitions, seconds] per refined level, coarsest first). Not the
// mode (constrained or k-way): a `tessera run` record's "mode" is the run's (full or quick), and
// its parameters say the partitioning mode; the CLI prints it itself.
Json to_json(const PartitionReport& report, const PartitionParams& params);

}  // namespace tessera
