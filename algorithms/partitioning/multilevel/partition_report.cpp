#include "algorithms/partitioning/multilevel/partition_report.hpp"

#include <Kokkos_Core.hpp>

#include "algorithms/partitioning/metrics/evaluate_partition.hpp"
#include "algorithms/partitioning/multilevel/partition_hypergraph.hpp"

namespace tessera {

namespace {

template <class Space>
PartitionReport partition_and_evaluate_on(const HostHypergraph& host, const PartitionParams& params) {
  using mem = typename Space::memory_space;
  auto h = mirror_hypergraph<mem>(host);
  auto r = partition_hypergraph(Space{}, h, params);
  PartitionReport report;
  report.num_parts = r.num_parts;
  report.seconds = r.seconds;
  report.coarsening_seconds = r.coarsening_seconds;
  report.initial_seconds = r.initial_seconds;
  report.refinement_seconds = r.refinement_seconds;
  report.level_nodes = r.level_nodes;
  report.refined_levels = r.refined_levels;
  report.coarsening_stop = r.coarsening_stop;
  report.penalty_from_level = r.penalty_from_level;
  report.neighbor_rows = r.neighbor_rows;
  report.neighbor_rows_kept_from = r.neighbor_rows_kept_from;
  report.pair_window = r.pair_window;
  report.pair_window_levels = r.pair_window_levels;
  report.refinement_variant = r.refinement_variant;
  report.exact_variant_levels = r.exact_variant_levels;
  report.dissolved_blocks = r.dissolved_blocks;
  report.constrained_fm_skipped = r.constrained_fm_skipped;
  report.steps = r.steps;
  report.checked = constraints_of(params);
  report.quality = evaluate_partition(Space{}, h, Kokkos::View<const part_t*, mem>(r.parts), report.checked);
  report.soed = report.quality.connectivity + report.quality.cut_net;
  auto host_parts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, r.parts);
  report.parts.assign(host_parts.data(), host_parts.data() + host_parts.extent(0));
  if (params.max_parts) report.within_part_limit = report.num_parts <= *params.max_parts;
  return report;
}

}  // namespace

PartitionReport partition_and_evaluate(const HostHypergraph& host, const PartitionParams& params,
                                       ExecutionTarget target) {
  if (target == ExecutionTarget::host) return partition_and_evaluate_on<Kokkos::DefaultHostExecutionSpace>(host, params);
  return partition_and_evaluate_on<Kokkos::DefaultExecutionSpace>(host, params);
}

}  // namespace tessera
