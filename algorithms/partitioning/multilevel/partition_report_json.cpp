#include "algorithms/partitioning/multilevel/partition_report_json.hpp"

#include <string>

#include "algorithms/partitioning/multilevel/partition_options.hpp"

namespace tessera {

Json to_json(const PartitionQuality& q, double soed) {
  Json j = Json::object();
  j.set("valid", q.valid)
      .set("num_parts", static_cast<long long>(q.k))
      .set("connectivity", q.connectivity)
      .set("cut", q.cut_net)
      .set("cut_nets", static_cast<long long>(q.num_cut_nets))
      .set("soed", soed)
      .set("imbalance", q.imbalance)
      .set("max_block_weight", static_cast<long long>(q.max_block_weight))
      .set("max_inbound_nets", static_cast<long long>(q.max_inbound_nets))
      .set("violating_blocks", static_cast<long long>(q.violating_blocks.size()));
  return j;
}

Json to_json(const PartitionReport& r, const PartitionParams& params) {
  Json j = to_json(r.quality, r.soed);
  j.set("algorithm", to_string(params.algorithm))
      .set("levels", static_cast<long long>(r.level_nodes.size()))
      .set("coarsening_stop", r.coarsening_stop)
      .set("penalty_from_level", static_cast<long long>(r.penalty_from_level))
      .set("neighbor_rows", r.neighbor_rows)
      .set("neighbor_rows_kept_from", static_cast<long long>(r.neighbor_rows_kept_from))
      .set("pair_window", static_cast<long long>(r.pair_window))
      .set("pair_window_levels", static_cast<long long>(r.pair_window_levels))
      .set("refinement_variant", r.refinement_variant)
      .set("exact_variant_levels", static_cast<long long>(r.exact_variant_levels))
      .set("dissolved_blocks", static_cast<long long>(r.dissolved_blocks))
      .set("constrained_fm_skipped", static_cast<long long>(r.constrained_fm_skipped))
      .set("within_part_limit", r.within_part_limit)
      .set("seed", static_cast<long long>(params.seed))
      .set("runs", static_cast<long long>(params.runs))
      .set("time_s", r.seconds)
      .set("coarsening_s", r.coarsening_seconds)
      .set("initial_s", r.initial_seconds)
      .set("refinement_s", r.refinement_seconds);
  for (const auto& step : k_step_fields) j.set(std::string(step.name) + "_s", r.steps.*step.seconds);
  Json levels = Json::array();
  for (auto x : r.level_nodes) levels.push(static_cast<long long>(x));
  j.set("level_nodes", levels);
  Json refined = Json::array();
  for (const auto& level : r.refined_levels) {
    Json row = Json::array();
    row.push(static_cast<long long>(level.nodes)).push(static_cast<long long>(level.repetitions)).push(level.seconds);
    refined.push(row);
  }
  j.set("refined_levels", refined);
  return j;
}

}  // namespace tessera
