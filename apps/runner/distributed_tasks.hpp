#pragma once
// `tessera run` tasks of the distributed layer (built with MPI only): tc-distributed and the
// replicated mining tasks mine-distributed, cliques-distributed, motifs-distributed.
#include <vector>

#include "apps/runner/task_registry.hpp"

namespace tessera::runner {

std::vector<TaskDefinition> distributed_tasks();

}  // namespace tessera::runner
