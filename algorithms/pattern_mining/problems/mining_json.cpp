#include "algorithms/pattern_mining/problems/mining_json.hpp"

#include "algorithms/pattern_mining/engine/launch_report.hpp"
#include "algorithms/pattern_mining/engine/optimizations.hpp"

namespace tessera::mining {

namespace {
Json names(const std::vector<std::string>& list) {
  Json a = Json::array();
  for (const auto& n : list) a.push(n);
  return a;
}
}  // namespace

Json to_json(const MineResult& r, const MineParams& params) {
  const EngineStats& s = r.stats;
  Json j = Json::object();
  j.set("pattern", r.pattern)
      .set("induced", to_string(r.induced))
      .set("count", r.count)
      .set("oriented_dag", r.oriented)
      .set("tasks", s.tasks)
      .set("units", s.units)
      .set("teams", s.teams)
      .set("team_threads", s.team_threads)
      .set("lanes", s.lanes)
      .set("narrow_units", s.narrow_units)
      .set("narrow_lanes", s.narrow_lanes)
      .set("register_cap", s.launch.wide.register_cap)  // applied (launch.register_cap_note: why not)
      .set("launch", launch_json(s.launch))
      .set("buffer_bytes", static_cast<unsigned long long>(s.buffer_bytes))
      .set("task_bytes", static_cast<unsigned long long>(s.task_bytes))
      .set("device_bytes", static_cast<unsigned long long>(s.buffer_bytes + s.task_bytes + s.graph_bytes))
      .set("time_s", s.mine_seconds)
      .set("task_s", s.task_seconds)
      .set("prepare_s", r.prepare_seconds)
      .set("optimizations", names(enabled_optimizations(params.engine.optimizations)))
      .set("optimizations_ran", names(s.optimizations_ran))
      .set("pairs_counted", s.pairs_counted)
      .set("wedge_choice", r.wedge_choice);
  return j;
}

Json to_json(const MotifCounts& m, const MineParams& params) {
  Json counts = Json::object();
  for (const auto& [name, c] : m.induced) counts.set(name, c);
  Json j = Json::object();
  j.set("motifs", counts)
      .set("launches", launches_json(m.launches))
      .set("time_s", m.seconds)
      .set("wedge_choice", m.wedge_choice)
      .set("optimizations", names(enabled_optimizations(params.engine.optimizations)));
  return j;
}

}  // namespace tessera::mining
