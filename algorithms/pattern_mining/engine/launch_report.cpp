#include "algorithms/pattern_mining/engine/launch_report.hpp"

namespace tessera::mining {

namespace {

Json kernel_json(const char* name, const KernelShape& s) {
  Json j = Json::object();
  j.set("name", name)
      .set("lanes", s.lanes)
      .set("team_threads", s.team_threads)
      .set("workers", s.workers)
      .set("register_cap", s.register_cap)
      .set("flat_max", s.flat_max)
      .set("flat_pairs_max", s.flat_pairs_max)
      .set("pivots", s.pivots)
      .set("chunk", s.chunk);
  return j;
}

}  // namespace

Json launch_json(const ResolvedLaunch& r) {
  Json kernels = Json::array();
  kernels.push(kernel_json("wide", r.wide));
  if (r.has_narrow) kernels.push(kernel_json("narrow", r.narrow).set("narrow_max", r.narrow_max));
  Json j = Json::object();
  j.set("tasks", to_string(r.tasks))
      .set("first_level", r.first_level)
      .set("width", r.width)
      .set("probe_cost", r.probe_cost)
      .set("split_length", r.split_length)
      .set("order_head", r.order_head)
      .set("local_max", r.local_max)
      .set("fixed_levels", r.fixed_levels)
      .set("compiled_plan", r.compiled_plan)
      .set("register_cap_requested", r.register_cap_requested)
      .set("register_cap_note", r.register_cap_note)
      .set("auto", r.auto_note)
      .set("kernels", kernels);
  return j;
}

Json launches_json(const std::vector<std::pair<std::string, ResolvedLaunch>>& launches) {
  Json j = Json::object();
  for (const auto& [name, launch] : launches) j.set(name, launch_json(launch));
  return j;
}

}  // namespace tessera::mining
