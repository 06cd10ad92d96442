#pragma once
// RAII wrapper over a duplicated MPI communicator, and checked MPI calls.
//
// The wrapper duplicates the user's communicator (so Tessera's messages never match the
// user's), sets MPI_ERRORS_RETURN on the duplicate, and every call made through
// TESSERA_MPI_CHECK turns a failing return code into an exception carrying MPI's own error
// string: tessera::UserError for argument-class errors (bad communicator, count, rank, ...),
// tessera::InternalError for everything else.
#include <mpi.h>

#include <string>

namespace tessera::dist {

// Throws when `rc` is not MPI_SUCCESS; `what` names the call ("MPI_Issend").
void check_mpi(int rc, const char* what, const char* file, int line);

#define TESSERA_MPI_CHECK(call) ::tessera::dist::check_mpi((call), #call, __FILE__, __LINE__)

// MPI's error string for a return code.
std::string mpi_error_string(int rc);

class Communicator {
 public:
  // Duplicates `user`. UserError when MPI is not initialised or `user` is MPI_COMM_NULL.
  explicit Communicator(MPI_Comm user);
  ~Communicator();
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;
  Communicator(Communicator&& other) noexcept;
  Communicator& operator=(Communicator&& other) noexcept;

  MPI_Comm get() const { return comm_; }
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  void release() noexcept;
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0, size_ = 1;
};

}  // namespace tessera::dist
