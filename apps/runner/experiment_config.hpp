#pragma once
// YAML experiment files -> plain structs (`tessera run`). Schema (unknown keys are errors):
//
//   name: kron-sweep                 # required; names the results folder
//   output: results/kron-sweep       # optional; relative paths are relative to the working dir
//   repetitions: 3                   # timed runs per (input, task, parameters); default 1
//   warmup: 1                        # untimed runs before them; default 0
//   inputs:                          # required, non-empty
//     - file: ../data/karate.el.gz   # relative to the YAML file's folder
//       name: karate                 # optional label (default: file stem / generator spec)
//       format: edge_list            # optional; compact_ids, directed, one_based: optional bools
//       labels: ../data/karate.labels.gz  # optional vertex label file, relative like 'file'
//     - generator: kronecker:scale=16,edge_factor=16,seed=1
//   tasks:                           # required, non-empty
//     - task: orient
//       params:                      # optional; a list of values makes a grid axis
//         orientation: [degree, id]
//       inputs: [k4]                 # optional: only these inputs (by name; default every
//                                    # input of the task's kind), e.g. per-input limits
//   quick:                           # optional: what `tessera run --quick` uses instead (any of
//     inputs: [...]                  # inputs, tasks, repetitions, warmup): small generated inputs
//     repetitions: 1                 # so every paper figure also runs in seconds in CI; warmup
//                                    # is at least 1 there unless the block gives it
//   plot:                            # optional mapping, or list of mappings; not interpreted
//     x: param.k                     # here: echoed into config.resolved.yaml for scripts/plot.py
//     y: time_s                      # (keys documented there)
//
// A `file:` that starts with `$TESSERA_DATA_DIR/` is read from the shared data folder named by
// that environment variable (an error when it is unset), so one YAML runs on every machine.
//
// The cartesian product of every task's parameter lists is run for every input (or the task's
// `inputs:`; input names must then be unique, and each must name an input). Duplicate keys
// are errors. `tessera run` checks every grid point's values before the first run (the tasks'
// own option declarations); a point that fails while running is recorded with its error and the
// sweep goes on (`--fail-fast` stops instead).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/graph_io.hpp"

namespace tessera::io {

struct InputConfig {
  std::string name;        // label in results
  std::string source;      // resolved file path, or "gen:<spec>"
  GraphLoadOptions load;   // format, directed, compact_ids, one_based, labels
};

struct TaskConfig {
  std::string task;
  int line = 0;  // of `task:` in the YAML, for errors found when its grid is checked
  // Parameter grid: name -> candidate values (as written; tasks parse and validate them).
  std::vector<std::pair<std::string, std::vector<std::string>>> grid;
  // The inputs (by name) this task runs on; empty: every input of its kind.
  std::vector<std::string> inputs;
  bool runs_on(const std::string& input) const;
  // Every combination of the grid, in a stable order (first parameter varies slowest).
  std::vector<std::vector<std::pair<std::string, std::string>>> combinations() const;
};

struct ExperimentConfig {
  std::string name;
  std::string output;        // results folder (empty: results/<name>)
  int repetitions = 1;
  int warmup = 0;
  std::vector<InputConfig> inputs;
  std::vector<TaskConfig> tasks;
  std::optional<std::string> plot;  // the `plot:` block as YAML text, echoed unchanged
  bool quick = false;        // loaded with the `quick:` block's entries
  std::string file;          // the YAML it came from
};

// Throws ParseError ("file:line: ...") for malformed YAML, unknown keys, wrong types or values.
// `quick`: the `quick:` block's entries replace the full run's (an error when there is none).
ExperimentConfig load_experiment(const std::string& path, bool quick = false);

// The resolved configuration as YAML (defaults filled, paths resolved): echoed and saved.
std::string to_yaml(const ExperimentConfig& config);

}  // namespace tessera::io
