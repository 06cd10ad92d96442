#include "apps/commands/tc_distributed.hpp"

namespace tessera::cli {

int tc_distributed(const Arguments&) {
  throw UserError("this tessera was built without MPI (TESSERA_ENABLE_MPI=OFF): --distributed is unavailable");
}

}  // namespace tessera::cli
