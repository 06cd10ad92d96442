#include "distributed/mpi/communicator.hpp"

#include <sstream>
#include <utility>

#include "core/error.hpp"

namespace tessera::dist {

std::string mpi_error_string(int rc) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(rc, text, &length) != MPI_SUCCESS) return "unknown MPI error " + std::to_string(rc);
  return std::string(text, static_cast<std::size_t>(length));
}

void check_mpi(int rc, const char* what, const char* file, int line) {
  if (rc == MPI_SUCCESS) return;
  int error_class = rc;
  MPI_Error_class(rc, &error_class);
  std::ostringstream os;
  os << what << " failed (" << file << ':' << line << "): " << mpi_error_string(rc);
  switch (error_class) {
    case MPI_ERR_COMM:
    case MPI_ERR_COUNT:
    case MPI_ERR_RANK:
    case MPI_ERR_ARG:
    case MPI_ERR_TYPE:
    case MPI_ERR_BUFFER:
      throw UserError(os.str());
    default:
      throw InternalError(os.str());
  }
}

Communicator::Communicator(MPI_Comm user) {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  TESSERA_USER_REQUIRE(initialized && !finalized,
                       "tessera::dist needs MPI to be initialised (call MPI_Init_thread before, MPI_Finalize after)");
  TESSERA_USER_REQUIRE(user != MPI_COMM_NULL, "tessera::dist: the communicator is MPI_COMM_NULL; pass a valid one");
  TESSERA_MPI_CHECK(MPI_Comm_dup(user, &comm_));
  TESSERA_MPI_CHECK(MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN));
  TESSERA_MPI_CHECK(MPI_Comm_rank(comm_, &rank_));
  TESSERA_MPI_CHECK(MPI_Comm_size(comm_, &size_));
}

void Communicator::release() noexcept {
  if (comm_ == MPI_COMM_NULL) return;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Comm_free(&comm_);  // a destructor cannot throw; a failed free leaks
  comm_ = MPI_COMM_NULL;
}

Communicator::~Communicator() { release(); }

Communicator::Communicator(Communicator&& other) noexcept
    : comm_(std::exchange(other.comm_, MPI_COMM_NULL)), rank_(other.rank_), size_(other.size_) {}

Communicator& Communicator::operator=(Communicator&& other) noexcept {
  if (this != &other) {
    release();
    comm_ = std::exchange(other.comm_, MPI_COMM_NULL);
    rank_ = other.rank_;
    size_ = other.size_;
  }
  return *this;
}

}  // namespace tessera::dist
