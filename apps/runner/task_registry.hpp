#pragma once
// The tasks `tessera run` can execute. A task parses its parameters (strings from YAML, with
// defaults) into a prepared run, which takes a loaded graph and returns its metrics as a JSON
// object; timings are in seconds and end in `_s`. Later algorithms register themselves by adding
// one entry to the table in task_registry.cpp.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/util/json.hpp"
#include "io/graph_io.hpp"

namespace tessera::runner {

using Params = std::map<std::string, std::string>;

// A grid point's parameters, parsed and checked, bound to the work they select.
using PreparedTask = std::function<Json(const io::LoadedGraph& input)>;

struct TaskDefinition {
  std::string name;
  std::string description;
  Params defaults;  // every accepted parameter with its default value
  // Parses and checks every parameter (throws UserError naming the bad one) and returns the run.
  // `tessera run` prepares every grid point before the first run, so a bad value anywhere in
  // the grid fails at once, with its YAML line, instead of after hours of earlier points.
  std::function<PreparedTask(const Params& params)> prepare;
  // The task reads `input.source` as a hypergraph itself (the runner then loads no graph).
  bool hypergraph_input = false;
};

const std::vector<TaskDefinition>& task_registry();
// Throws UserError listing the known tasks when `name` is not one of them.
const TaskDefinition& find_task(const std::string& name);
// The task's defaults overridden by `given`; throws UserError on a parameter the task lacks.
Params resolve_params(const TaskDefinition& task, const std::vector<std::pair<std::string, std::string>>& given);

}  // namespace tessera::runner
