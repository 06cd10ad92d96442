// Option values and preset names match whatever case and punctuation the user types.
#include <doctest/doctest.h>

#include "algorithms/partitioning/multilevel/partition_params.hpp"
#include "algorithms/triangle_count/triangle_count.hpp"
#include "core/error.hpp"
#include "core/util/names.hpp"

TEST_CASE("same_name ignores case and punctuation, and nothing else") {
  CHECK(tessera::same_name("loihi64", "Loihi-64"));
  CHECK(tessera::same_name("MPI_IPC", "mpi+ipc"));
  CHECK_FALSE(tessera::same_name("loihi84", "Loihi-64"));
  CHECK_FALSE(tessera::same_name("mpi", "mpi+ipc"));
  CHECK(tessera::find_constraint_preset("LOIHI 64").name == "Loihi-64");  // the canonical name comes back
  CHECK(tessera::parse_triangle_variant("Masked") == tessera::TriangleVariant::masked);
  CHECK_THROWS_AS(tessera::parse_triangle_variant("mask"), tessera::UserError);
}
