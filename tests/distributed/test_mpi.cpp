// The communicator wrapper: duplication, rank/size, MPI failures turned into exceptions.
#include <doctest/doctest.h>
#include <mpi.h>

#include "core/error.hpp"
#include "distributed/mpi/communicator.hpp"

using namespace tessera;

TEST_CASE("Communicator duplicates the user's communicator") {
  dist::Communicator comm(MPI_COMM_WORLD);
  int rank = -1, size = -1, cmp = MPI_UNEQUAL;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(comm.rank() == rank);
  CHECK(comm.size() == size);
  MPI_Comm_compare(comm.get(), MPI_COMM_WORLD, &cmp);
  CHECK(cmp == MPI_CONGRUENT);  // same group, distinct context
  dist::Communicator moved(std::move(comm));
  CHECK(comm.get() == MPI_COMM_NULL);
  CHECK(moved.size() == size);
}

TEST_CASE("MPI failures become tessera errors with MPI's message") {
  CHECK_THROWS_AS(dist::Communicator(MPI_COMM_NULL), UserError);
  dist::Communicator comm(MPI_COMM_WORLD);
  int value = 0;
  // A rank outside the communicator: MPI_ERR_RANK, returned (not fatal) on the duplicate.
  CHECK_THROWS_AS(TESSERA_MPI_CHECK(MPI_Send(&value, 1, MPI_INT, comm.size(), 0, comm.get())), UserError);
  CHECK_THROWS_AS(dist::check_mpi(MPI_ERR_INTERN, "MPI_Fake", __FILE__, __LINE__), InternalError);
  try {
    dist::check_mpi(MPI_ERR_ARG, "MPI_Fake", "here.cpp", 7);
    FAIL("no exception");
  } catch (const UserError& e) {
    const std::string what = e.what();
    CHECK(what.find("MPI_Fake") != std::string::npos);
    CHECK(what.find(dist::mpi_error_string(MPI_ERR_ARG)) != std::string::npos);
  }
}

TEST_CASE("the MPI library provides at least MPI_THREAD_FUNNELED") {
  int provided = MPI_THREAD_SINGLE;
  MPI_Query_thread(&provided);
  CHECK(provided >= MPI_THREAD_FUNNELED);
}
