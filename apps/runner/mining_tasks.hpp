#pragma once
// `tessera run` tasks for pattern mining (paper 2): mine, cliques, motifs.
#include <vector>

#include "apps/runner/task_registry.hpp"

namespace tessera::runner {

std::vector<TaskDefinition> mining_tasks();

}  // namespace tessera::runner
