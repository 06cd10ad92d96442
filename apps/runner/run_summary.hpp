#pragma once
// The short table `tessera run` prints when a sweep ends: one row per input, task and grid point
// with only the parameters that vary within that task (the others are the same on every row),
// the mean time over the repetitions and the task's key result (triangles, count, connectivity,
// ...), so a quick start or a sweep can be read without opening results.csv.
#include <string>
#include <vector>

#include "apps/runner/task_registry.hpp"
#include "core/util/json.hpp"

namespace tessera::runner {

class RunSummary {
 public:
  // One timed run's metrics (a failed run holds "error").
  void add(const std::string& input, const std::string& task, const Params& params, const Json& metrics);
  std::string table() const;

 private:
  struct Row {
    std::string input, task;
    Params params;
    double time_sum = 0;
    int timed = 0;
    std::string result;  // "name=value" of the key metric, or the error
  };
  std::vector<Row> rows_;
};

}  // namespace tessera::runner
