#pragma once
// The tasks `tessera run` can execute. A task takes a loaded graph and its parameters (strings
// from YAML, with defaults) and returns its metrics as a JSON object; timings are in seconds
// and end in `_s`. Later algorithms register themselves by adding one entry to the table in
// task_registry.cpp.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/util/json.hpp"
#include "io/graph_io.hpp"

namespace tessera::runner {

using Params = std::map<std::string, std::string>;

struct TaskDefinition {
  std::string name;
  std::string description;
  Params defaults;  // every accepted parameter with its default value
  std::function<Json(const io::LoadedGraph& input, const Params& params)> run;
  // The task reads `input.source` as a hypergraph itself (the runner then loads no graph).
  bool hypergraph_input = false;
};

const std::vector<TaskDefinition>& task_registry();
// Throws UserError listing the known tasks when `name` is not one of them.
const TaskDefinition& find_task(const std::string& name);
// The task's defaults overridden by `given`; throws UserError on a parameter the task lacks.
Params resolve_params(const TaskDefinition& task, const std::vector<std::pair<std::string, std::string>>& given);

}  // namespace tessera::runner
