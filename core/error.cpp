#include "core/error.hpp"

namespace tessera::detail {

void throw_internal(const char* cond, const char* file, int line, const std::string& msg) {
  std::ostringstream os;
  os << "internal error at " << file << ':' << line << ": " << msg << " (" << cond
     << " is false); please report this as a Tessera bug";
  throw InternalError(os.str());
}

}  // namespace tessera::detail
