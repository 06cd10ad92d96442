#pragma once
// `tessera run` tasks of the distributed layer: tc-distributed (built with MPI only).
#include <vector>

#include "apps/runner/task_registry.hpp"

namespace tessera::runner {

std::vector<TaskDefinition> distributed_tasks();

}  // namespace tessera::runner
