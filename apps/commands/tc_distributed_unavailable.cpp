#include "apps/commands/tc_distributed.hpp"

namespace tessera::cli {

DistributedRuntime::DistributedRuntime(int, char**) {}
DistributedRuntime::~DistributedRuntime() = default;

std::string distributed_help(const std::string&) { return ""; }
void add_distributed_options(Arguments&) {}
void reject_distributed_options(const Arguments&) {}

int tc_distributed(const Arguments&, const io::GraphLoadOptions&) {
  throw UserError("this tessera was built without MPI (TESSERA_ENABLE_MPI=OFF): --distributed is unavailable");
}

}  // namespace tessera::cli
