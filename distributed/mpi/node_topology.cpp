#include "distributed/mpi/node_topology.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace tessera::dist {

NodeTopology node_topology(const Communicator& comm, int ranks_per_node) {
  TESSERA_USER_REQUIRE(ranks_per_node >= 0, "ranks per node must be >= 0 (0: detect), got " << ranks_per_node);
  const int p = comm.size(), r = comm.rank();
  // Every rank learns the lowest rank of its node; that rank names the node.
  int leader = r;
  if (ranks_per_node > 0) {
    leader = r / ranks_per_node * ranks_per_node;
  } else {
    MPI_Comm shared = MPI_COMM_NULL;
    TESSERA_MPI_CHECK(MPI_Comm_split_type(comm.get(), MPI_COMM_TYPE_SHARED, r, MPI_INFO_NULL, &shared));
    const int status = MPI_Allreduce(&r, &leader, 1, MPI_INT, MPI_MIN, shared);
    MPI_Comm_free(&shared);
    TESSERA_MPI_CHECK(status);
  }
  std::vector<int> leaders(static_cast<std::size_t>(p));
  TESSERA_MPI_CHECK(MPI_Allgather(&leader, 1, MPI_INT, leaders.data(), 1, MPI_INT, comm.get()));
  std::vector<int> distinct = leaders;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  NodeTopology t;
  t.num_nodes = static_cast<int>(distinct.size());
  t.node_of_rank.resize(static_cast<std::size_t>(p));
  for (int k = 0; k < p; ++k)
    t.node_of_rank[static_cast<std::size_t>(k)] = static_cast<int>(
        std::lower_bound(distinct.begin(), distinct.end(), leaders[static_cast<std::size_t>(k)]) - distinct.begin());
  t.node = t.node_of_rank[static_cast<std::size_t>(r)];
  t.local_rank = 0;
  t.local_size = 0;
  for (int k = 0; k < p; ++k)
    if (t.node_of_rank[static_cast<std::size_t>(k)] == t.node) {
      if (k < r) ++t.local_rank;
      ++t.local_size;
    }
  return t;
}

}  // namespace tessera::dist
