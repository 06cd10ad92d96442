#include "apps/runner/run_summary.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace tessera::runner {

namespace {

// The metric a reader looks at first, per kind of task; the first one a record has is shown.
constexpr const char* kKeyMetrics[] = {"triangles", "count", "connectivity", "motifs", "max_degree"};
constexpr std::size_t kMaxCell = 48;

std::string clipped(std::string s) {
  if (s.size() > kMaxCell) s = s.substr(0, kMaxCell - 3) + "...";
  return s;
}

std::string key_result(const Json& metrics) {
  if (metrics.contains("error")) return "FAILED: " + metrics.at("error").to_plain();
  for (const char* name : kKeyMetrics)
    if (metrics.contains(name)) return std::string(name) + "=" + metrics.at(name).to_plain();
  return "-";
}

// Per task name, the parameters whose value is not the same on every row of that task.
std::map<std::string, std::set<std::string>> varying_params(const std::vector<Params>& params,
                                                            const std::vector<std::string>& tasks) {
  std::map<std::string, std::map<std::string, std::set<std::string>>> values;
  for (std::size_t i = 0; i < params.size(); ++i)
    for (const auto& [k, v] : params[i]) values[tasks[i]][k].insert(v);
  std::map<std::string, std::set<std::string>> out;
  for (const auto& [task, by_name] : values)
    for (const auto& [k, vs] : by_name)
      if (vs.size() > 1) out[task].insert(k);
  return out;
}

}  // namespace

void RunSummary::add(const std::string& input, const std::string& task, const Params& params, const Json& metrics) {
  auto it = std::find_if(rows_.begin(), rows_.end(),
                         [&](const Row& r) { return r.input == input && r.task == task && r.params == params; });
  if (it == rows_.end()) it = rows_.insert(rows_.end(), Row{input, task, params, 0, 0, ""});
  if (metrics.contains("time_s")) {
    it->time_sum += std::stod(metrics.at("time_s").to_plain());
    ++it->timed;
  }
  if (it->result.rfind("FAILED", 0) != 0) it->result = key_result(metrics);  // a failure stays shown
}

std::string RunSummary::table() const {
  std::vector<Params> params;
  std::vector<std::string> tasks;
  for (const auto& r : rows_) params.push_back(r.params), tasks.push_back(r.task);
  const auto varying = varying_params(params, tasks);

  std::vector<std::vector<std::string>> cells{{"task", "input", "params", "time_s", "result"}};
  for (const auto& r : rows_) {
    std::string shown;
    const auto v = varying.find(r.task);
    for (const auto& [k, value] : r.params)
      if (v != varying.end() && v->second.count(k)) shown += (shown.empty() ? "" : " ") + k + "=" + value;
    char time[32] = "-";
    if (r.timed > 0) std::snprintf(time, sizeof time, "%.4g", r.time_sum / r.timed);
    cells.push_back({r.task, clipped(r.input), clipped(shown.empty() ? "-" : shown), time, clipped(r.result)});
  }
  std::vector<std::size_t> width(cells[0].size(), 0);
  for (const auto& row : cells)
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  std::string out;
  for (const auto& row : cells) {
    for (std::size_t c = 0; c < row.size(); ++c)
      out += row[c] + (c + 1 < row.size() ? std::string(width[c] - row[c].size() + 2, ' ') : "\n");
  }
  return out;
}

}  // namespace tessera::runner
