// Built instead of distributed_tasks.cpp when MPI is off: no distributed tasks to register.
#include "apps/runner/distributed_tasks.hpp"

namespace tessera::runner {

std::vector<TaskDefinition> distributed_tasks() { return {}; }

}  // namespace tessera::runner
